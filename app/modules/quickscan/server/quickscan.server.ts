import { isLevel } from '#app/platform/levels.ts';
import type { Scope } from '#app/platform/server/deps.ts';
import {
  QUICKSCAN_MAX_PRODUCTS,
  quickscanExamYears,
  recommendProducts,
} from '#app/modules/quickscan/domain/quickscan.ts';
import { cartTotal, MAX_SET_PRODUCTS } from '#app/modules/shop/index.ts';
import {
  isEmptyQuickscanQuery,
  quickscanQueryInput,
  quickscanQuerySchema,
  type QuickscanAnswers,
} from '#app/modules/quickscan/schemas/quickscan.ts';
import { editionYear, toProductCardData } from '#app/modules/catalog/index.ts';
import type {
  QuickscanAdviceView,
  QuickscanErrors,
  QuickscanPageView,
  QuickscanQuestionsView,
  QuickscanSubjectView,
} from '#app/modules/quickscan/schemas/quickscan-views.ts';
import { findProductsForSubjects, listAllSubjects, toProductSummary } from '#app/modules/catalog/index.server.ts';

const editionOf = (sku: string): number | null => {
  const year = editionYear(sku);
  return year === null ? null : Number(year);
};

// The whole advice must fit in one "Alles in winkelwagen" (the cart's add-set).
if (QUICKSCAN_MAX_PRODUCTS > MAX_SET_PRODUCTS) throw new Error('A quick scan advice must fit in one add-set');

/**
 * Every school subject with the levels it is an exam subject at, in the
 * content's order. Reference data: read through the public-content cache.
 */
function quickscanSubjects(s: Scope): Promise<QuickscanSubjectView[]> {
  return s.cache.get('quickscan:subjects', async () => {
    const bySlug = new Map<string, QuickscanSubjectView>();
    for (const row of await listAllSubjects(s.db)) {
      if (!isLevel(row.levelName)) continue;
      const subject = bySlug.get(row.slug);
      if (subject) subject.levels.push(row.levelName);
      else bySlug.set(row.slug, { slug: row.slug, name: row.name, levels: [row.levelName] });
    }
    return [...bySlug.values()];
  });
}

/**
 * The advice for valid answers: the level's products for the
 * chosen subjects, read live (stock changes), through the recommendation rule
 * of app/modules/quickscan/domain/quickscan.ts, priced by the shop's cartTotal.
 */
async function getQuickscanAdvice(
  s: Scope,
  answers: QuickscanAnswers,
  today: Date,
  subjects?: readonly QuickscanSubjectView[],
): Promise<QuickscanAdviceView> {
  const names = new Map((subjects ?? (await quickscanSubjects(s))).map((subject) => [subject.slug, subject.name]));
  const chosen = answers.subjects.map((slug) => ({ slug, name: names.get(slug) ?? slug }));
  const rows = await findProductsForSubjects(s.db, { level: answers.level, subjects: answers.subjects });
  const advice = recommendProducts({
    level: answers.level,
    examYear: answers.examYear,
    subjects: chosen,
    difficulties: answers.difficulties,
    candidates: rows.map((row) => ({
      id: row.id,
      productType: row.productType,
      subject: row.subjectSlug,
      priceCents: row.priceCents,
      isOrderable: row.isOrderable,
      totalQuantity: row.totalQuantity,
      edition: editionOf(row.sku),
    })),
    today,
    price: cartTotal,
  });
  const rowById = new Map(rows.map((row) => [row.id, row]));
  return {
    level: answers.level,
    examYear: answers.examYear,
    subjectNames: chosen.map((subject) => subject.name),
    difficulties: [...answers.difficulties],
    countdownText: advice.countdownText,
    items: advice.picks.map((pick) => ({
      product: toProductCardData(toProductSummary(rowById.get(pick.productId)!)),
      subjectName: names.get(pick.subject) ?? pick.subject,
      reason: pick.reason,
    })),
    productIds: advice.picks.map((pick) => pick.productId),
    itemCount: advice.pricing.itemCount,
    subtotalCents: advice.pricing.subtotalCents,
    discountPercentage: advice.pricing.discountPercentage,
    discountCents: advice.pricing.discountNetCents,
    totalCents: advice.pricing.totalCents,
    discountText: advice.discountText,
    nextTierText: advice.nextTierText,
    tips: advice.tips,
    notes: advice.notes,
  };
}

const ERROR_FIELDS = { niveau: 'level', examenjaar: 'examYear', vakken: 'subjects', lastig: 'difficulties' } as const;

/**
 * Everything /quickscan shows for a query: the questions,
 * and for answers the advice or a Dutch message per wrong answer (never an
 * error page). The same for everyone with the same query, so the page stays
 * cacheable; `today` decides the exam years offered and the weeks left.
 */
export async function getQuickscanPage(s: Scope, params: URLSearchParams, today: Date): Promise<QuickscanPageView> {
  const subjects = await quickscanSubjects(s);
  const questions: QuickscanQuestionsView = { examYears: quickscanExamYears(today), subjects };
  const input = quickscanQueryInput(params);
  const typed = {
    level: input.niveau ?? '',
    examYear: input.examenjaar ?? '',
    subjects: input.vakken.slice(0, 40),
    difficulties: input.lastig.slice(0, 40),
  };
  if (isEmptyQuickscanQuery(input)) return { questions, typed, errors: null, advice: null };
  const parsed = quickscanQuerySchema({ subjects, examYears: questions.examYears }).safeParse(input);
  if (!parsed.success) {
    const errors: QuickscanErrors = {};
    for (const issue of parsed.error.issues) {
      const field = ERROR_FIELDS[String(issue.path[0]) as keyof typeof ERROR_FIELDS];
      if (field) errors[field] ??= issue.message;
    }
    return { questions, typed, errors, advice: null };
  }
  return { questions, typed, errors: null, advice: await getQuickscanAdvice(s, parsed.data, today, subjects) };
}
