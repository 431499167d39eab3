/**
 * Bench data generator (bench/classes.ts): a year group of 200 vwo 6 pupils in one class of the demo
 * teacher's, "V6 Wiskunde B (jaarlaag)" of Demo College, with vwo Wiskunde B (19 topics with cards), so the
 * summary table holds what a school's year group makes: 200 pupils × 19 topics. Each pupil has a study
 * history of their own (demo-class-pupils.ts `studyHistory`, their own seed), shorter than the demo class's
 * sixteen weeks: three to five weeks of reading most of the subject fast, so a pupil has 50 to 200 reviews and
 * the generation stays quick (what the dashboard reads is the summary, not the reviews). Written as the demo
 * class is, through the modules' use cases (server/seed/demo-class.ts `seedClass`). Names from Dutch first and
 * last names; addresses of the fake demo-school domain. The same pupils on every run (a fixed seed).
 */
import type { Db } from '#app/db/client.server.ts';
import { mulberry32 } from '#app/platform/random.ts';
import { DEMO_PASSWORD, DEMO_TEACHER_EMAIL } from '#server/seed/demo-accounts.ts';
import { DEMO_SCHOOL, seedClass, type ClassSeed, type DemoClassReport } from '#server/seed/demo-class.ts';
import { DEMO_PUPIL_DOMAIN, type DemoPupil, type StudyProfile } from '#server/seed/demo-class-pupils.ts';

export const YEAR_GROUP_CLASS = 'V6 Wiskunde B (jaarlaag)';
export const YEAR_GROUP_PUPILS = 200;
const SEED = 20_261_200;

const FIRST_NAMES = [
  'Adam',
  'Amira',
  'Bas',
  'Benthe',
  'Cas',
  'Chloë',
  'Dex',
  'Demi',
  'Eva',
  'Floor',
  'Gijs',
  'Hannah',
  'Hugo',
  'Iris',
  'Jens',
  'Jill',
  'Kyan',
  'Lana',
  'Lars',
  'Liv',
  'Max',
  'Maud',
  'Nick',
  'Nina',
  'Olivier',
  'Puck',
  'Quinten',
  'Rosa',
  'Sam',
  'Sophie',
  'Teun',
  'Vera',
  'Wout',
  'Yasmine',
  'Zoë',
  'Ayoub',
  'Femke',
  'Jurre',
  'Lina',
  'Mats',
];
const LAST_NAMES = [
  'de Jong',
  'Janssen',
  'van den Berg',
  'van der Heijden',
  'Vermeulen',
  'van Beek',
  'Kuipers',
  'Postma',
  'van Dam',
  'Bosman',
  'Wijnands',
  'Kramer',
  'Verhoeven',
  'Prins',
  'Huisman',
  'Blom',
  'Schouten',
  'Hoekstra',
  'Koster',
  'Willems',
  'Maas',
  'de Haan',
  'Veenstra',
  'Scholten',
  'Timmermans',
  'Hermans',
  'Boer',
  'Wouters',
  'van Wijk',
  'Şahin',
  'Bulut',
  'Pinas',
  'Nguyen',
  'Haddou',
  'Zijlstra',
];

/** A year group's pupil: their name (every one another), and a study of three to five weeks of their own. */
function yearGroupPupil(index: number): DemoPupil {
  const random = mulberry32(SEED + index);
  const first = FIRST_NAMES[index % FIRST_NAMES.length]!;
  const last = LAST_NAMES[(index + Math.floor(index / FIRST_NAMES.length)) % LAST_NAMES.length]!;
  const kind = random();
  const profile: StudyProfile = {
    seed: SEED + 7919 * (index + 1),
    diligence: 0.4 + 0.5 * random(),
    memory: 0.8 + 0.5 * random(),
    newPerDay: 2 + 2 * random(),
    // One in ten barely started; the others got through most of the subject.
    reach: kind < 0.1 ? 0.2 : 0.6 + 0.4 * random(),
    startedDaysAgo: 21 + Math.floor(14 * random()),
    // A quarter stopped a week or two ago.
    stoppedDaysAgo: kind < 0.25 ? 8 + Math.floor(10 * random()) : 1,
    secondsPerCard: 60 + Math.floor(90 * random()),
    minPerSession: 0,
    dailyMinutes: random() < 0.5 ? 10 : null,
    check: random() < 0.15 ? 0.4 + 0.5 * random() : null,
  };
  return { number: index + 1, name: `${first} ${last}`, profile };
}

export const YEAR_GROUP: ClassSeed = {
  school: DEMO_SCHOOL,
  name: YEAR_GROUP_CLASS,
  subject: { slug: 'wiskunde-b', level: 'vwo' },
  pupils: Array.from({ length: YEAR_GROUP_PUPILS }, (_, index) => yearGroupPupil(index)),
  email: (pupil) => `jaarlaag${String(pupil.number).padStart(3, '0')}@${DEMO_PUPIL_DOMAIN}`,
  key: 'bench_year_group',
};

/** The year group, the demo teacher's (needs the demo data and the demo accounts first). */
export function seedYearGroup(db: Db, now = new Date()): Promise<DemoClassReport | null> {
  return seedClass(db, YEAR_GROUP, { teacherEmail: DEMO_TEACHER_EMAIL, password: DEMO_PASSWORD, now });
}
