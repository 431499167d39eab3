/**
 * Consent records behind POST /api/v1/consent: one per visitor and choice,
 * kept CONSENT_RETENTION_DAYS after their last confirmation, and the
 * migration that introduced visitor ids.
 */
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#app/db/client.server.ts';
import { consentRecords } from '#app/modules/consent/db/tables.ts';
import { CONSENT_RETENTION_DAYS } from '#app/modules/consent/domain/consent-retention.ts';
import { purgeExpiredConsentRecords, recordConsent } from '#app/modules/consent/server/consent.server.ts';
import { createTestRuntime, type TestRuntime } from './test-db.ts';

let rt: TestRuntime;
beforeAll(async () => {
  rt = await createTestRuntime({ seed: false });
});
afterAll(() => rt.close());

const DAY = 24 * 60 * 60 * 1000;
const visitor = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const at = (iso: string) => new Date(iso);
const plusDays = (date: Date, days: number) => new Date(date.getTime() + days * DAY);

describe('recordConsent', () => {
  it('inserts once, then only moves confirmedAt forward', async () => {
    const first = await recordConsent(
      rt.services,
      { category: '1,2,3', visitorId: visitor(1) },
      at('2027-01-01T10:00:00Z'),
    );
    expect(first).toEqual({
      created: true,
      receipt: {
        category: '1,2,3',
        value: '*,1,2,3,GTM:1',
        createdAt: '2027-01-01T10:00:00.000Z',
        confirmedAt: '2027-01-01T10:00:00.000Z',
      },
    });
    const again = await recordConsent(
      rt.services,
      { category: '1,2,3', visitorId: visitor(1) },
      at('2027-02-01T10:00:00Z'),
    );
    expect(again).toMatchObject({
      created: false,
      receipt: { createdAt: '2027-01-01T10:00:00.000Z', confirmedAt: '2027-02-01T10:00:00.000Z' },
    });
    // A late request with an older clock never moves the confirmation back.
    const late = await recordConsent(
      rt.services,
      { category: '1,2,3', visitorId: visitor(1) },
      at('2027-01-15T10:00:00Z'),
    );
    expect(late.receipt.confirmedAt).toBe('2027-02-01T10:00:00.000Z');
    const rows = await rt.services.db.select().from(consentRecords);
    expect(rows.filter((r) => r.visitorId === visitor(1))).toHaveLength(1);
  });

  it('is one record under concurrent repeats of the same choice', async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, () => recordConsent(rt.services, { category: '1', visitorId: visitor(2) })),
    );
    expect(results.filter((r) => r.created)).toHaveLength(1);
    const rows = await rt.services.db.select().from(consentRecords);
    expect(rows.filter((r) => r.visitorId === visitor(2))).toHaveLength(1);
  });
});

describe('purgeExpiredConsentRecords', () => {
  it(`deletes records last confirmed more than ${CONSENT_RETENTION_DAYS} days ago, and counts them`, async () => {
    const t0 = at('2026-01-01T00:00:00Z');
    await recordConsent(rt.services, { category: '1', visitorId: visitor(10) }, t0);
    await recordConsent(rt.services, { category: '1,2', visitorId: visitor(11) }, t0);
    // Visitor 11 confirms again 100 days later: kept 100 days longer.
    await recordConsent(rt.services, { category: '1,2', visitorId: visitor(11) }, plusDays(t0, 100));
    const exists = async (n: number) =>
      (await rt.services.db.select().from(consentRecords)).some((r) => r.visitorId === visitor(n));

    expect(await purgeExpiredConsentRecords(rt.services, plusDays(t0, CONSENT_RETENTION_DAYS))).toBe(0);
    expect(await exists(10)).toBe(true);

    const deleted = await purgeExpiredConsentRecords(rt.services, plusDays(t0, CONSENT_RETENTION_DAYS + 1));
    expect(deleted).toBeGreaterThanOrEqual(1);
    expect(await exists(10)).toBe(false);
    expect(await exists(11)).toBe(true);

    await purgeExpiredConsentRecords(rt.services, plusDays(t0, CONSENT_RETENTION_DAYS + 101));
    expect(await exists(11)).toBe(false);
    expect(await purgeExpiredConsentRecords(rt.services, plusDays(t0, CONSENT_RETENTION_DAYS + 101))).toBe(0);
  });
});

/** A fresh database migrated from `migrationsFolder`: in-memory PGlite, or a new PostgreSQL database. */
async function openFreshDatabase(migrationsFolder: string) {
  const url = process.env.DATABASE_URL;
  if (!url) return openDatabase({ dataDir: 'memory://', migrationsFolder });
  const name = `slaagbundel_migration_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ url: target.toString(), dataDir: 'memory://', migrationsFolder });
  return {
    ...database,
    close: async () => {
      await database.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

describe('migration 0002 (consent per visitor)', () => {
  it('keeps records stored before visitor ids, each with its own random id', async () => {
    // A copy of the migrations whose journal stops before 0002; records are stored the old
    // way, then the full journal is put back and the remaining migrations run.
    const folder = mkdtempSync(path.join(tmpdir(), 'migrations-'));
    cpSync(path.resolve('app/db/migrations'), folder, { recursive: true });
    const journalPath = path.join(folder, 'meta/_journal.json');
    const journal = readFileSync(journalPath, 'utf8');
    const { entries } = JSON.parse(journal) as { entries: { tag: string }[] };
    const before = entries.slice(
      0,
      entries.findIndex((e) => e.tag.startsWith('0002_')),
    );
    writeFileSync(journalPath, JSON.stringify({ ...JSON.parse(journal), entries: before }));

    const database = await openFreshDatabase(folder);
    try {
      await database.migrate();
      await database.db.execute(
        sql`insert into consent_records (value, categories, created_at) values
            ('*,1,GTM:1', '1', '2026-05-01T00:00:00Z'), ('*,1,GTM:1', '1', '2026-06-01T00:00:00Z')`,
      );
      writeFileSync(journalPath, journal);
      await database.migrate();

      const rows = await database.db.select().from(consentRecords);
      expect(rows).toHaveLength(2);
      expect(new Set(rows.map((r) => r.visitorId)).size).toBe(2);
      for (const row of rows) expect(row.confirmedAt.toISOString()).toBe(row.createdAt.toISOString());
      // From now on the application must say who the visitor is: no default any more.
      await expect(
        database.db.execute(sql`insert into consent_records (value, categories) values ('*,1,GTM:1', '1')`),
      ).rejects.toThrow();
    } finally {
      await database.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
