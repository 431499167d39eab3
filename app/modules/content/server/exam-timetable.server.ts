/**
 * The `[[examenrooster]]` block (issue 35): the public timetable page says from the data which exam years the CvTE
 * published and which the plan estimates, with the plan's own rule and words (`examDateOf`), so the page and the
 * plan cannot disagree.
 */
import { examYearRange } from '#app/platform/dates.ts';
import { LEVEL_LABELS } from '#app/platform/levels.ts';
import type { Scope } from '#app/platform/server/deps.ts';
import { examName, sortedExams, timetableSourceName } from '#app/modules/exam-data/index.ts';
import { offeredSubjects, publishedTimetables } from '#app/modules/exam-data/index.server.ts';
import { examDateOf } from '#app/modules/planner/index.server.ts';
import type { ArticleBlock, ExamTimetableOverview } from '../schemas/views.ts';
import type { EmbeddedBlock } from '../domain/article-blocks.ts';

/** The timetables published for this school year's exams and later, and the estimate of each year without one. */
export async function examTimetableOverview(s: Scope, now = new Date()): Promise<ExamTimetableOverview> {
  const [timetables, subjects] = await Promise.all([publishedTimetables(s), offeredSubjects(s)]);
  const names = new Map([...subjects].map(([slug, subject]) => [slug, subject.name]));
  const { min, max } = examYearRange(now);
  // The latest year published before this school year's stays in view: the estimates say they follow it.
  const latestBefore = timetables.filter((t) => t.examYear < min).at(-1)?.examYear;
  const published = timetables
    .filter((t) => t.examYear >= min || t.examYear === latestBefore)
    .map((t) => ({
      examYear: t.examYear,
      sourceName: timetableSourceName(t),
      source: t.source,
      firstPeriod: t.firstPeriod,
      secondPeriod: t.secondPeriod,
      flexibleDigital: t.flexibleDigital
        ? {
            from: t.flexibleDigital.from,
            to: t.flexibleDigital.to,
            levels: t.flexibleDigital.levels.map((level) => LEVEL_LABELS[level]).join(' en '),
          }
        : null,
      exams: sortedExams(t.exams).map((exam) => ({
        name: examName(exam.subject, exam.level, names),
        date: exam.date,
        start: exam.start,
        end: exam.end,
      })),
    }));
  const estimates: ExamTimetableOverview['estimates'] = [];
  for (let year = min; year <= max; year += 1) {
    if (timetables.some((t) => t.examYear === year)) continue;
    const common = examDateOf(timetables, { slug: '', levelName: 'havo' }, year, null);
    const flexible = examDateOf(timetables, { slug: '', levelName: 'vmbo-b' }, year, null);
    estimates.push({
      examYear: year,
      date: common.date,
      note: common.note,
      flexibleDate: flexible.date === common.date ? null : flexible.date,
    });
  }
  return { published, estimates };
}

/** A plain block with what it needs to render (the timetable block its overview). */
export async function plainBlock(
  s: Scope,
  block: Exclude<EmbeddedBlock, { sku: string }>,
): Promise<ArticleBlock> {
  const { kind } = block;
  return kind === 'exam-timetable' ? { kind, overview: await examTimetableOverview(s) } : { kind };
}
