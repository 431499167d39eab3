import { LEVEL_LABELS, type Level } from '#app/platform/levels.ts';
import { formatMoney, canOrder, isOrderable } from '#app/platform/sales.ts';
import { examYearRange } from '#app/platform/dates.ts';

/** The product types the scan can add beside the exam bundle (the catalog's PRODUCT_TYPES less 'examenbundel'). */
export type ExtraProductType = 'samenvatting' | 'examenidioom';

/**
 * The quick scan (spec §2 /quickscan): four questions (level,
 * exam year, subjects, what the pupil finds hard) give a set of products, priced
 * with the stacking discount of spec §9. Pure: the products, today's date and
 * the shop's pricing of a cart (its cartTotal) are passed in.
 */

export const QUICKSCAN_PATH = '/quickscan';

/** The query parameters of a quick scan's answers: its advice is a shareable URL. */
export const QUICKSCAN_PARAMS = {
  level: 'niveau',
  examYear: 'examenjaar',
  subjects: 'vakken',
  difficulties: 'lastig',
} as const;

/** At most this many products in one advice (the cart's add-set takes as many). */
export const QUICKSCAN_MAX_PRODUCTS = 10;

/** What a pupil may find hard, in the order the questions show them. */
export const DIFFICULTIES = [
  'formules',
  'begrijpend-lezen',
  'woordjes',
  'plannen',
  'examenstress',
  'tijdsdruk',
] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

export const DIFFICULTY_LABELS: Readonly<Record<Difficulty, string>> = {
  formules: 'Formules en rekenen',
  'begrijpend-lezen': 'Begrijpend lezen',
  woordjes: 'Woordjes leren',
  plannen: 'Plannen en overzicht houden',
  examenstress: 'Examenstress',
  tijdsdruk: 'Op tijd klaar zijn met het examen',
};

/** A short explanation under each choice. */
export const DIFFICULTY_HINTS: Readonly<Record<Difficulty, string>> = {
  formules: 'Wiskunde, natuurkunde, scheikunde of economie',
  'begrijpend-lezen': 'Lange teksten en leesvragen, ook bij de talen',
  woordjes: 'Engels, Duits of Frans',
  plannen: 'Weten wat je wanneer moet leren',
  examenstress: 'Zenuwachtig voor of tijdens het examen',
  tijdsdruk: 'Je komt tijd tekort',
};

export function isDifficulty(value: unknown): value is Difficulty {
  return (DIFFICULTIES as readonly unknown[]).includes(value);
}

/** Subjects with formulas and calculations: their samenvatting puts the formulas on a row. */
export const FORMULA_SUBJECTS: readonly string[] = [
  'wiskunde',
  'wiskunde-a',
  'wiskunde-b',
  'natuurkunde',
  'scheikunde',
  'nask1',
  'nask2',
  'economie',
];
/** Language subjects: reading exams (begrijpend lezen). */
export const LANGUAGE_SUBJECTS: readonly string[] = ['nederlands', 'engels', 'duits', 'frans'];
/** Foreign languages: words to learn (woordjes). */
export const FOREIGN_LANGUAGE_SUBJECTS: readonly string[] = ['engels', 'duits', 'frans'];

/**
 * A product a difficulty adds for a chosen subject, when the level has one:
 * the first rule that asks for a product gives its reason.
 */
const EXTRA_RULES: readonly {
  difficulty: Difficulty;
  productType: ExtraProductType;
  /** The chosen subjects this rule applies to; null: every chosen subject. */
  subjects: readonly string[] | null;
  reason: string;
}[] = [
  {
    difficulty: 'formules',
    productType: 'samenvatting',
    subjects: FORMULA_SUBJECTS,
    reason: 'Omdat je formules lastig vindt: alle formules op een rij.',
  },
  {
    difficulty: 'woordjes',
    productType: 'examenidioom',
    subjects: FOREIGN_LANGUAGE_SUBJECTS,
    reason: 'Omdat je woordjes lastig vindt: de woorden die steeds in het examen terugkomen, met vertaling.',
  },
  {
    difficulty: 'begrijpend-lezen',
    productType: 'examenidioom',
    subjects: LANGUAGE_SUBJECTS,
    reason: 'Omdat je begrijpend lezen lastig vindt: signaalwoorden en vaste uitdrukkingen, zo lees je sneller.',
  },
  {
    difficulty: 'plannen',
    productType: 'samenvatting',
    subjects: null,
    reason: 'Omdat je plannen lastig vindt: alle examenstof kort samengevat, in stukken die je makkelijk inplant.',
  },
];

/** The first centrale examens of a year start around the middle of May (the exact dates differ per year). */
export const FIRST_EXAM_DAY = { month: 5, day: 15 } as const;

const DAY_MS = 86_400_000;

/** The exam years the quick scan offers: this school year's exams up to four years ahead (as the account's). */
export function quickscanExamYears(today: Date): number[] {
  const { min, max } = examYearRange(today);
  return Array.from({ length: max - min + 1 }, (_, i) => min + i);
}

/** Whole days from `today` (its UTC date) to the first exam day of `examYear`; negative once it has passed. */
export function daysUntilExams(examYear: number, today: Date): number {
  const start = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return Math.round((Date.UTC(examYear, FIRST_EXAM_DAY.month - 1, FIRST_EXAM_DAY.day) - start) / DAY_MS);
}

/** Whole weeks until the first exams of `examYear` (rounded down; negative once they have started). */
export function weeksUntilExams(examYear: number, today: Date): number {
  return Math.floor(daysUntilExams(examYear, today) / 7);
}

/** 'De eerste centrale examens zijn rond half mei 2027: nog ongeveer 40 weken. …' */
export function examCountdownText(examYear: number, today: Date): string {
  const days = daysUntilExams(examYear, today);
  if (days < 0) {
    return `De centrale examens van ${examYear} zijn al begonnen. Veel succes! Blijf oefenen, ook voor een herexamen.`;
  }
  const weeks = Math.floor(days / 7);
  const when = `De eerste centrale examens zijn rond half mei ${examYear}`;
  if (weeks === 0) return `${when}: nog maar een paar dagen. Herhaal wat je lastig vindt en slaap goed.`;
  const left = weeks === 1 ? 'nog ongeveer 1 week' : `nog ongeveer ${weeks} weken`;
  if (weeks <= 12) return `${when}: ${left}. Begin vandaag: elke week een paar oefenexamens maakt echt verschil.`;
  if (weeks <= 40) return `${when}: ${left}. Mooi op tijd: met een vaste planning kom je er rustig doorheen.`;
  return `${when}: ${left}. Je hebt nog ruim de tijd: begin rustig, één vak tegelijk.`;
}

/** A tip for each difficulty; the planning tip counts the weeks that are left. */
export function difficultyTip(difficulty: Difficulty, weeks: number): string {
  switch (difficulty) {
    case 'formules':
      return 'Schrijf elke formule die je tegenkomt op één blad en oefen er elke dag een paar opgaven mee.';
    case 'begrijpend-lezen':
      return 'Lees eerst de vraag en dan pas de tekst: dan weet je waar je op moet letten.';
    case 'woordjes':
      return 'Leer elke dag een kwartier woordjes in plaats van één keer lang: dat blijft beter hangen.';
    case 'plannen':
      return weeks > 1
        ? `Verdeel de stof over de ${weeks} weken tot je examen en plan elke week een oefenexamen per vak.`
        : 'Kies per dag één vak en herhaal eerst wat je het lastigst vindt.';
    case 'examenstress':
      return 'Maak een oefenexamen alsof het echt is: aan tafel, telefoon weg, klok erbij. Hoe vaker, hoe rustiger je op de dag zelf bent.';
    case 'tijdsdruk':
      return 'Zet bij elk oefenexamen een timer en kijk na afloop bij welke vragen je te lang bleef hangen.';
  }
}

/** A product the quick scan may recommend (a row of the level's products for the chosen subjects). */
export interface QuickscanCandidate {
  id: number;
  productType: string;
  subject: string;
  priceCents: number;
  isOrderable: string;
  totalQuantity: number;
  /** The exam year the edition is for (the year in its SKU); null or absent: not tied to a year. */
  edition?: number | null;
}

/** A package as the shop prices a cart of one of each: what the advice reads of the shop's cartTotal. */
export interface PackagePricing {
  itemCount: number;
  subtotalCents: number;
  discountPercentage: number;
  discountNetCents: number;
  /** After the discount, before shipping. */
  totalCents: number;
  /** 'Nog 1 product voor 10% korting'; null at the highest tier. */
  nextTierText: string | null;
}

/** The shop's pricing of a cart (cartTotal of app/modules/shop/domain/cart.ts), passed in by the caller. */
export type PricePackage = (
  lines: {
    productId: number;
    quantity: number;
    unitPriceCents: number;
    isOrderable: string;
    inventory: { totalQuantity: number };
  }[],
) => PackagePricing;

export interface QuickscanInput {
  level: Level;
  examYear: number;
  /** The chosen subjects of the level, with their Dutch names, in the order to show them. */
  subjects: readonly { slug: string; name: string }[];
  difficulties: readonly Difficulty[];
  /** The level's products for those subjects; when a subject has several of one type, the first that can be ordered wins. */
  candidates: readonly QuickscanCandidate[];
  today: Date;
  /** Prices the advice as a cart of one of each (the shop's cartTotal). */
  price: PricePackage;
}

export interface QuickscanPick {
  productId: number;
  subject: string;
  productType: string;
  /** Why this product: 'Omdat je formules lastig vindt: alle formules op een rij.' */
  reason: string;
}

export interface QuickscanAdvice {
  /** In the order of the subjects, each subject's examenbundel before its extras. */
  picks: QuickscanPick[];
  pricing: PackagePricing;
  /** 'Met 4 producten krijg je 15% korting: je bespaart € 16,85.'; null without products. */
  discountText: string | null;
  /** 'Nog 1 product voor 10% korting'; null at the highest tier or without products. */
  nextTierText: string | null;
  weeksUntilExams: number;
  countdownText: string;
  /** One tip per chosen difficulty. */
  tips: { difficulty: Difficulty; text: string }[];
  /** What could not be recommended and why ('De examenbundel Aardrijkskunde is tijdelijk uitverkocht.'). */
  notes: string[];
}

const TYPE_ORDER: Readonly<Record<string, number>> = { examenbundel: 0, samenvatting: 1, examenidioom: 2 };

/** A product type with its article, at the start of a sentence ('het idioom'). */
const TYPE_NAMES: Readonly<Record<string, string>> = {
  examenbundel: 'De examenbundel',
  samenvatting: 'De samenvatting',
  examenidioom: 'Het examenidioom',
};

/** 'a', 'a en b', 'a, b en c'. */
function dutchList(parts: readonly string[]): string {
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} en ${parts.at(-1)}`;
}

/**
 * What the pupil answered that an exam bundle of this subject helps with, in the order of the
 * questions: formulas for a maths or science subject, reading for a language, and exam stress
 * and time pressure for every subject. Woordjes and plannen have products of their own.
 */
const BUNDLE_HELPS: readonly { difficulty: Difficulty; subjects: readonly string[] | null; phrase: string }[] = [
  { difficulty: 'formules', subjects: FORMULA_SUBJECTS, phrase: 'formules lastig vindt' },
  { difficulty: 'begrijpend-lezen', subjects: LANGUAGE_SUBJECTS, phrase: 'begrijpend lezen lastig vindt' },
  { difficulty: 'examenstress', subjects: null, phrase: 'examenstress hebt' },
  { difficulty: 'tijdsdruk', subjects: null, phrase: 'vaak tijd tekortkomt' },
];

/** Why a subject's exam bundle: only what the pupil answered about that subject, else what the bundle is. */
export function bundleReason(subject: { slug: string; name: string }, difficulties: readonly Difficulty[]): string {
  const helps = BUNDLE_HELPS.filter(
    (h) => difficulties.includes(h.difficulty) && (h.subjects === null || h.subjects.includes(subject.slug)),
  );
  const what = `oefen met echte examens ${subject.name}, met uitgewerkte antwoorden en uitleg`;
  if (helps.length === 0) return `Oefen met echte examenvragen ${subject.name}, met uitgewerkte antwoorden en uitleg.`;
  const timed = helps.some((h) => h.difficulty === 'tijdsdruk' || h.difficulty === 'examenstress');
  return `Omdat je ${dutchList(helps.map((h) => h.phrase))}: ${what}${timed ? ', en maak ze op tijd, alsof het echt is' : ''}.`;
}

/** 'De examenbundel Biologie havo voor het examen van 2028 is er nog niet. Nu te koop: de editie 2027, voor het examen van 2027.' */
function notOutYetNote(
  productType: string,
  subjectName: string,
  levelLabel: string,
  examYear: number,
  editions: number[],
) {
  const latest = editions.length ? Math.max(...editions) : null;
  const type = TYPE_NAMES[productType] ?? productType;
  return `${type} ${subjectName} ${levelLabel} voor het examen van ${examYear} is er nog niet.${
    latest === null ? '' : ` Nu te koop is de editie ${latest}, voor het examen van ${latest}.`
  }`;
}

/** 'Met 4 producten krijg je 15% korting: je bespaart € 16,85.' (spec §9 tiers); null for an empty set. */
export function discountText(pricing: Pick<PackagePricing, 'itemCount' | 'discountPercentage' | 'discountNetCents'>) {
  const { itemCount, discountPercentage, discountNetCents } = pricing;
  if (itemCount === 0) return null;
  if (discountPercentage === 0) {
    return `Met ${itemCount} product krijg je nog geen stapelkorting. Vanaf 2 producten krijg je 5% korting.`;
  }
  return `Met ${itemCount} producten krijg je ${discountPercentage}% korting: je bespaart ${formatMoney(discountNetCents)}.`;
}

/**
 * The recommendation rule:
 *
 * 0. Only the edition for the pupil's exam year counts (a product whose SKU
 *    names another year is for other exams); when it is not out yet, a note
 *    says so and names the edition on sale now, which is not added.
 * 1. For each chosen subject, the level's examenbundel when it can be ordered
 *    (orderable and in stock). Without one a note says what is missing; nothing
 *    is put in its place.
 * 2. Then each chosen difficulty adds, for the chosen subjects it concerns, a
 *    product of the level when one can be ordered: formules → the samenvatting
 *    of a maths or science subject; woordjes → the examenidioom of a foreign
 *    language; begrijpend lezen → the examenidioom of a language; plannen → the
 *    samenvatting of any subject. Examenstress and tijdsdruk add no product.
 *    Each reason names only the answers it follows from (bundleReason).
 * 3. Never a product twice; at most QUICKSCAN_MAX_PRODUCTS (bundles first,
 *    then extras in the order above), with a note when some were left out.
 * 4. The set is priced with the stacking discount (`price`: the shop's cartTotal) and shown in
 *    the order of the subjects, each subject's bundle before its extras.
 */
export function recommendProducts(input: QuickscanInput): QuickscanAdvice {
  const { level, examYear, subjects, difficulties, candidates, today, price } = input;
  const levelLabel = LEVEL_LABELS[level];
  const chosen = new Set<number>();
  const priority: QuickscanPick[] = [];
  const notes: string[] = [];

  // Only the edition for the pupil's exam year (or one not tied to a year): an edition of another
  // year has other exams in it. `otherEditions` tells what is on sale instead.
  const fits = (c: QuickscanCandidate) => c.edition === undefined || c.edition === null || c.edition === examYear;
  const find = (subject: string, productType: string) => {
    const all = candidates.filter((c) => c.subject === subject && c.productType === productType);
    const ofType = all.filter(fits);
    const orderable = ofType.find((c) =>
      canOrder({ isOrderable: c.isOrderable, inventory: { totalQuantity: c.totalQuantity } }),
    );
    const otherEditions = all
      .filter(
        (c) => !fits(c) && canOrder({ isOrderable: c.isOrderable, inventory: { totalQuantity: c.totalQuantity } }),
      )
      .map((c) => c.edition!);
    return {
      exists: ofType.length > 0,
      anyOrderable: ofType.some((c) => isOrderable(c)),
      product: orderable,
      otherEditions,
    };
  };
  const pick = (product: QuickscanCandidate, reason: string) => {
    if (chosen.has(product.id)) return;
    chosen.add(product.id);
    priority.push({ productId: product.id, subject: product.subject, productType: product.productType, reason });
  };

  // 1. The examenbundels. One that cannot be had is a note, and nothing else is put in its place:
  // the advice holds only what the answers ask for.
  for (const subject of subjects) {
    const bundle = find(subject.slug, 'examenbundel');
    if (bundle.product) {
      pick(bundle.product, bundleReason(subject, difficulties));
      continue;
    }
    if (!bundle.exists && bundle.otherEditions.length > 0) {
      notes.push(notOutYetNote('examenbundel', subject.name, levelLabel, examYear, bundle.otherEditions));
    } else if (!bundle.exists) {
      notes.push(`Voor ${subject.name} hebben we op ${levelLabel} (nog) geen examenbundel.`);
    } else if (!bundle.anyOrderable) {
      notes.push(`De examenbundel ${subject.name} ${levelLabel} is niet meer te bestellen.`);
    } else {
      notes.push(`De examenbundel ${subject.name} ${levelLabel} is tijdelijk uitverkocht.`);
    }
  }

  // 2. What the difficulties call for.
  for (const rule of EXTRA_RULES) {
    if (!difficulties.includes(rule.difficulty)) continue;
    for (const subject of subjects) {
      if (rule.subjects && !rule.subjects.includes(subject.slug)) continue;
      const extra = find(subject.slug, rule.productType);
      if (extra.product) pick(extra.product, rule.reason);
      else if (!extra.exists && extra.otherEditions.length > 0) {
        const note = notOutYetNote(rule.productType, subject.name, levelLabel, examYear, extra.otherEditions);
        if (!notes.includes(note)) notes.push(note);
      }
    }
  }

  // 3. At most QUICKSCAN_MAX_PRODUCTS, in priority order.
  const kept = priority.slice(0, QUICKSCAN_MAX_PRODUCTS);
  if (priority.length > kept.length) {
    notes.push(
      `We adviseren maximaal ${QUICKSCAN_MAX_PRODUCTS} producten tegelijk. Kies minder vakken, of kijk bij alle producten voor de rest.`,
    );
  }

  // 4. Shown per subject; priced as a cart of one of each.
  const subjectOrder = new Map(subjects.map((s, i) => [s.slug, i]));
  const picks = [...kept].sort(
    (a, b) =>
      (subjectOrder.get(a.subject) ?? 0) - (subjectOrder.get(b.subject) ?? 0) ||
      (TYPE_ORDER[a.productType] ?? 9) - (TYPE_ORDER[b.productType] ?? 9),
  );
  const byId = new Map(candidates.map((c) => [c.id, c]));
  const pricing = price(
    picks.map((p) => {
      const c = byId.get(p.productId)!;
      return {
        productId: c.id,
        quantity: 1,
        unitPriceCents: c.priceCents,
        isOrderable: c.isOrderable,
        inventory: { totalQuantity: c.totalQuantity },
      };
    }),
  );
  const weeks = weeksUntilExams(examYear, today);
  return {
    picks,
    pricing,
    discountText: discountText(pricing),
    nextTierText: pricing.itemCount > 0 ? pricing.nextTierText : null,
    weeksUntilExams: weeks,
    countdownText: examCountdownText(examYear, today),
    tips: DIFFICULTIES.filter((d) => difficulties.includes(d)).map((d) => ({
      difficulty: d,
      text: difficultyTip(d, weeks),
    })),
    notes,
  };
}
