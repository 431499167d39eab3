/**
 * The pupils of `npm run bench:season`: a class "H5 Wiskunde B (seizoen)" of the demo teacher's at Demo College
 * with `count` pupils of havo Wiskunde B, made as the demo class is (server/seed/demo-class.ts `seedClass`: the
 * modules' use cases). Each pupil is their own account with full access to the subject, a daily budget, and a
 * study history of two to three weeks on a seed of their own (30 to 120 reviews), so today's plan holds due
 * reviews and new cards. Same pupils on every run (a fixed seed); addresses of the fake demo-school domain.
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '#app/db/client.server.ts';
import { mulberry32 } from '#app/platform/random.ts';
import { DEMO_PASSWORD, DEMO_TEACHER_EMAIL, seedDemoAccounts } from '#server/seed/demo-accounts.ts';
import { DEMO_CLASS_SUBJECT, DEMO_SCHOOL, seedClass, type ClassSeed } from '#server/seed/demo-class.ts';
import { DEMO_PUPIL_DOMAIN, type DemoPupil, type StudyProfile } from '#server/seed/demo-class-pupils.ts';
import { seedDemoData } from '#server/seed/demo-data.ts';

export const SEASON_CLASS = 'H5 Wiskunde B (seizoen)';
/**
 * The stock of each product in stock in the season's shop. The demo catalogue holds 12–60 of a product; a run's
 * buyers order more than that of one (two copies at saturation sold one out, and its next buyer met a 409), and a
 * sold-out product is not what the bench measures.
 */
export const SEASON_STOCK = 100_000;
const SEED = 20_261_236;

/** The address of season pupil `number` (1-based). */
export const seasonPupilEmail = (number: number) => `seizoen${String(number).padStart(4, '0')}@${DEMO_PUPIL_DOMAIN}`;
export const SEASON_PASSWORD = DEMO_PASSWORD;

function seasonPupil(index: number): DemoPupil {
  const random = mulberry32(SEED + index);
  const profile: StudyProfile = {
    seed: SEED + 7919 * (index + 1),
    diligence: 0.5 + 0.4 * random(),
    memory: 0.8 + 0.5 * random(),
    newPerDay: 2 + 3 * random(),
    reach: 0.5 + 0.4 * random(),
    startedDaysAgo: 14 + Math.floor(7 * random()),
    stoppedDaysAgo: 1,
    secondsPerCard: 40 + Math.floor(60 * random()),
    minPerSession: 0,
    dailyMinutes: random() < 0.5 ? 20 : 30,
    check: random() < 0.3 ? 0.4 + 0.5 * random() : null,
  };
  return { number: index + 1, name: `Seizoen Leerling ${index + 1}`, profile };
}

export interface SeasonSeed {
  demoMs: number;
  pupilsMs: number;
  pupils: number;
  reviews: number;
}

/** The demo data and accounts, then the season's pupils; before the server starts (its own seed finds them). */
export async function seedSeason(databaseUrl: string, count: number): Promise<SeasonSeed> {
  const database = await openDatabase({ url: databaseUrl, dataDir: 'memory://' });
  try {
    await database.migrate();
    let started = performance.now();
    await seedDemoData(database.db);
    await seedDemoAccounts(database.db);
    // An adjustment with its line in the stock history, as a staff member's would be (no staff member: the system).
    await database.db.execute(sql`
      with raised as (
        update products p set total_quantity = ${SEASON_STOCK}
        from products before
        where before.id = p.id and p.total_quantity > 0 and p.total_quantity < ${SEASON_STOCK}
        returning p.id, before.total_quantity as from_quantity
      )
      insert into stock_changes (product_id, from_quantity, to_quantity, delta, kind, reason)
      select id, from_quantity, ${SEASON_STOCK}, ${SEASON_STOCK} - from_quantity, 'adjustment', 'season bench: stock for an evening in May'
      from raised`);
    const demoMs = performance.now() - started;
    started = performance.now();
    const spec: ClassSeed = {
      school: DEMO_SCHOOL,
      name: SEASON_CLASS,
      subject: DEMO_CLASS_SUBJECT,
      pupils: Array.from({ length: count }, (_, index) => seasonPupil(index)),
      email: (pupil) => seasonPupilEmail(pupil.number),
      key: 'bench_season',
    };
    const report = await seedClass(database.db, spec, { teacherEmail: DEMO_TEACHER_EMAIL, password: SEASON_PASSWORD });
    if (!report?.created) throw new Error('the season pupils were not seeded');
    return { demoMs, pupilsMs: performance.now() - started, pupils: report.pupils, reviews: report.reviews };
  } finally {
    await database.close();
  }
}
