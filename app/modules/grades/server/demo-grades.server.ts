/**
 * The demo pupil's grades (issue 21: "`npm start` shows a full simulation"): their SE grades and judgements
 * as a havo pupil would enter them, and two past exams they made on paper. The N-terms are those of a
 * third-party compilation (docs/research/n-terms.json, minidex.nl), entered as a pupil would type them; the
 * scores are the demo pupil's own.
 */
import type { Db } from '#app/db/client.server.ts';
import { upsertUserGrades } from '#app/modules/grades/db/grades.server.ts';
import { upsertPastExam } from '#app/modules/grades/db/past-exams.server.ts';
import type { StoredGrade } from '#app/modules/grades/domain/simulator.ts';

const se = (key: string, seTenths: number): StoredGrade => ({ key, seTenths, assessment: null, included: true });

const DEMO_SE: readonly StoredGrade[] = [
  se('nederlands', 64),
  se('engels', 71),
  se('wiskunde-b', 59),
  se('biologie', 66),
  se('economie', 68),
  se('maatschappijleer', 70),
  se('ckv', 74),
  se('profielwerkstuk', 70),
  { key: 'lo', seTenths: null, assessment: 'voldoende', included: true },
];

const DEMO_PAST_EXAMS = [
  // 9 · 34 / 47 + 1,0 = 7,5. (Wiskunde B has none: its prediction shows the recall of its reviewed cards.)
  { key: 'engels', year: 2023, tijdvak: 1, score: 34, maxScore: 47, nTenths: 10 },
  // 9 · 38 / 66 + 1,9 = 7,1.
  { key: 'economie', year: 2023, tijdvak: 1, score: 38, maxScore: 66, nTenths: 19 },
] as const;

/** Gives a havo demo pupil their SE grades and two past exams. */
export async function seedDemoGrades(db: Db, userId: string): Promise<void> {
  await upsertUserGrades(db, userId, 'havo', DEMO_SE);
  for (const exam of DEMO_PAST_EXAMS) await upsertPastExam(db, userId, 'havo', exam);
}
