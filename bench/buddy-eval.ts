/**
 * `npm run eval:buddy` — how often the exam buddy finds the card a pupil means (issue 34 item 7). No server,
 * no build, no database: each subject's study file (content/study/<level>-<subject>.json) is rendered as the
 * import renders it (Markdown with KaTeX, card by card, in the file's order), the buddy's own retrieval
 * (app/modules/buddy/domain/buddy-index.ts, through the module's public entry) is built over its cards, idioms
 * and synonyms, and every question of content/study/<level>-<subject>/buddy-eval.json is asked. A question
 * counts as found first when the first card of the buddy's answer order is one of its cards, in the top 3 when
 * one of the first three is (idioms are left out: the set asks for cards).
 *
 * Prints per subject the questions, right card first (%) and in the top 3 (%), the milliseconds a question
 * takes and those building the subject's index takes (what a cache miss costs), and lists the misses; writes
 * bench/results/buddy-eval-latest.json. The issue's bar (Wiskunde B havo: ≥ 80 % first, ≥ 95 % top 3) is
 * reported, not asserted; exit 1 only when an eval file names a card the subject does not have.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import process from 'node:process';
import {
  answerOrder,
  type BuddyCardSource,
  buddyQuery,
  buildBuddyIndex,
  rankPassages,
} from '#app/modules/buddy/index.ts';
import { studySubjectFileSchema } from '#app/modules/study/index.ts';
import { renderStudyMarkdown, studyPlainText } from '#app/platform/server/rich-text.server.ts';
import { printTable, round, verdict, writeResults } from './harness/report.ts';
import { ROOT } from './harness/settings.ts';

const STUDY_DIR = join(ROOT, 'content', 'study');
const BAR = { subject: 'havo-wiskunde-b', first: 80, top3: 95 };

interface EvalQuestion {
  question: string;
  cards: string[];
}

function readEvalSet(file: string, cardKeys: ReadonlySet<string>): EvalQuestion[] {
  const raw = JSON.parse(readFileSync(file, 'utf8')) as { questions?: unknown };
  if (!Array.isArray(raw.questions)) throw new Error(`${file}: no "questions" list`);
  return raw.questions.map((entry: unknown, i) => {
    const q = entry as Partial<EvalQuestion>;
    if (typeof q.question !== 'string' || !Array.isArray(q.cards) || q.cards.length === 0) {
      throw new Error(`${file}: question ${i + 1} needs "question" and a non-empty "cards" list`);
    }
    for (const key of q.cards)
      if (!cardKeys.has(key)) throw new Error(`${file}: question ${i + 1} names unknown card '${key}'`);
    return { question: q.question, cards: q.cards };
  });
}

const pct = (part: number, whole: number) => (whole === 0 ? 0 : round((100 * part) / whole, 1));

function main() {
  const started = performance.now();
  const subjects = [];
  for (const name of readdirSync(STUDY_DIR)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const subject = name.replace(/\.json$/, '');
    const evalFile = join(STUDY_DIR, subject, 'buddy-eval.json');
    const file = studySubjectFileSchema.parse(JSON.parse(readFileSync(join(STUDY_DIR, name), 'utf8')));
    if (!existsSync(evalFile)) {
      console.log(`${subject}: no eval set (${evalFile.slice(ROOT.length + 1)})`);
      continue;
    }
    // The cards as the import stores them (ids in the file's order) and as the cards module reads them back.
    const topicNames = new Map(
      file.parentTopics.flatMap((parent) => parent.topics.map((t) => [t.key, [t.name, parent.name]] as const)),
    );
    const cards: BuddyCardSource[] = file.cards
      .map((card, i) => ({ card, id: i + 1 }))
      .filter(({ card }) => !card.download)
      .map(({ card, id }) => ({
        id,
        key: card.key,
        title: card.title,
        topics: [...new Set(card.topics.flatMap((t) => topicNames.get(t) ?? []))],
        section: card.section,
        bodyHtml: renderStudyMarkdown(card.body),
        answerHtml: card.answer ? renderStudyMarkdown(card.answer) : null,
        plainText: studyPlainText(`${card.body}\n${card.answer ?? ''}`),
        light: card.light,
        corrections: card.key === file.correctionsCard,
      }));
    const idioms = file.idioms.map((idiom, i) => ({ id: 100_000 + i, ...idiom }));
    const indexStarted = performance.now();
    const index = buildBuddyIndex({ cards, idioms, synonyms: file.buddy.synonyms });
    const indexMs = performance.now() - indexStarted;
    const questions = readEvalSet(evalFile, new Set(cards.map((c) => c.key)));
    const askStarted = performance.now();
    const results = questions.map((q) => {
      const ranked = answerOrder(rankPassages(index, buddyQuery(index, q.question)), q.question)
        .filter((p) => p.doc.kind === 'card')
        .map((p) => p.doc.key);
      const rank = ranked.findIndex((key) => q.cards.includes(key));
      return { ...q, rank: rank < 0 ? null : rank + 1, top3: ranked.slice(0, 3) };
    });
    const msPerQuestion = (performance.now() - askStarted) / Math.max(1, questions.length);
    const first = results.filter((r) => r.rank === 1).length;
    const top3 = results.filter((r) => r.rank !== null && r.rank <= 3).length;
    subjects.push({
      subject,
      questions: questions.length,
      firstPct: pct(first, questions.length),
      top3Pct: pct(top3, questions.length),
      msPerQuestion: round(msPerQuestion, 2),
      indexMs: round(indexMs, 1),
      misses: results
        .filter((r) => r.rank !== 1)
        .map((r) => ({ question: r.question, expected: r.cards, rank: r.rank, got: r.top3 })),
    });
  }

  console.log('The exam buddy: the card a pupil means, first and in the top 3\n');
  printTable(
    ['subject', 'questions', 'first %', 'top 3 %', 'ms/question', 'index ms'],
    subjects.map((s) => [
      s.subject,
      String(s.questions),
      String(s.firstPct),
      String(s.top3Pct),
      String(s.msPerQuestion),
      String(s.indexMs),
    ]),
    [1, 2, 3, 4, 5],
  );
  for (const s of subjects) {
    if (s.misses.length === 0) continue;
    console.log(`\n${s.subject}: not first (${s.misses.length})`);
    for (const miss of s.misses) {
      console.log(
        `  - "${miss.question}": ${miss.rank === null ? 'not found' : `rank ${miss.rank}`}; ` +
          `expected ${miss.expected.join(' | ')}; got ${miss.got.join(', ') || 'nothing'}`,
      );
    }
  }
  const bar = subjects.find((s) => s.subject === BAR.subject);
  const met = bar !== undefined && bar.firstPct >= BAR.first && bar.top3Pct >= BAR.top3;
  console.log(
    `\nThe issue's bar (${BAR.subject}: ≥ ${BAR.first} % first, ≥ ${BAR.top3} % top 3): ` +
      (bar ? `${bar.firstPct} % first, ${bar.top3Pct} % top 3: ${verdict(met)}` : 'no eval set: MISS'),
  );
  const outFile = writeResults('buddy-eval-latest.json', {
    bar: { ...BAR, met },
    subjects,
  });
  console.log(`Written ${outFile.slice(ROOT.length + 1)} in ${round((performance.now() - started) / 1000, 1)} s.`);
}

try {
  main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
