/**
 * The same two copies through Debian's PgBouncer in transaction mode, with DATABASE_PREPARED_STATEMENTS=off
 * (PgBouncer 1.18 keeps no prepared statements: max_prepared_statements came in 1.21). First, that this
 * pooler is one where named statements break and the setting mends them, and that the release step's
 * migrations run through it, two at once, each applied once.
 */
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { openDatabase } from '#app/db/client.server.ts';
import { rateLimits } from '#app/db/schema/rate-limits.ts';
import { twoCopies } from './two-copies.ts';

/** Two processes' pools, one connection each, through the pooler's single server connection. */
async function twoPools(url: string, preparedStatements: boolean) {
  return Promise.all([1, 2].map(() => openDatabase({ url, dataDir: 'memory://', poolSize: 1, preparedStatements })));
}

describe('PgBouncer in transaction mode', () => {
  it('named prepared statements break on it; DATABASE_PREPARED_STATEMENTS=off sends them unnamed', async () => {
    const { bouncerSingle } = inject('cluster');
    const statement = (db: Awaited<ReturnType<typeof twoPools>>[number]['db']) =>
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(rateLimits)
        .prepare('cluster_probe');
    // Each process prepares the statement on its own connection; the pooler gives both the same server
    // connection, where the second finds the first's statement already there.
    const named = await twoPools(bouncerSingle, true);
    try {
      const outcomes = await Promise.allSettled(named.map(async ({ db }) => statement(db).execute()));
      expect(outcomes.map((o) => o.status)).toContain('rejected');
      const failure = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected')!;
      expect(String((failure.reason as { cause?: unknown }).cause ?? failure.reason)).toMatch(/prepared statement/);
    } finally {
      await Promise.all(named.map((database) => database.close()));
    }
    const unnamed = await twoPools(bouncerSingle, false);
    try {
      for (let round = 0; round < 3; round += 1) {
        const answers = await Promise.all(unnamed.map(async ({ db }) => statement(db).execute()));
        expect(answers.map(([row]) => typeof row?.n)).toEqual(['number', 'number']);
      }
    } finally {
      await Promise.all(unnamed.map((database) => database.close()));
    }
  });

  it('the migrations run through it, two processes at once, each migration applied once', async () => {
    const { emptyViaPgBouncer } = inject('cluster');
    const databases = await twoPools(emptyViaPgBouncer.viaPgBouncer, false);
    try {
      await Promise.all(databases.map((database) => database.migrate()));
      expect(await Promise.all(databases.map((database) => database.pendingMigrations()))).toEqual([0, 0]);
    } finally {
      await Promise.all(databases.map((database) => database.close()));
    }
    const facts = new pg.Client({ connectionString: emptyViaPgBouncer.direct });
    await facts.connect();
    try {
      const { rows } = await facts.query<{ hash: string; n: number }>(
        'select hash, count(*)::int as n from drizzle.__drizzle_migrations group by hash having count(*) > 1',
      );
      expect(rows).toEqual([]);
      const applied = await facts.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
      expect(applied.rows[0]!.n).toBeGreaterThan(30);
    } finally {
      await facts.end();
    }
  });
});

describe('two copies through PgBouncer (transaction mode, DATABASE_PREPARED_STATEMENTS=off)', () => {
  twoCopies(() => {
    const { bouncer } = inject('cluster');
    return {
      databaseUrl: bouncer.viaPgBouncer,
      factsUrl: bouncer.direct,
      env: { DATABASE_PREPARED_STATEMENTS: 'off', DATABASE_POOL_SIZE: '5' },
    };
  });
});
