import type { Pool } from 'pg';
import { describe, expect, it } from 'vitest';
import { createQueueDb, isCompletion, unwrapTransaction } from './queue-db.ts';

describe('unwrapTransaction', () => {
  it("strips pg-boss's BEGIN/COMMIT so the body can run in a transaction we own", () => {
    const text = `
    BEGIN;
    SET LOCAL lock_timeout = '30s';
    SELECT pg_advisory_xact_lock(1);
    DELETE FROM pgboss.archive WHERE archived_on < now();
    COMMIT;
  `;
    expect(unwrapTransaction(text).trim()).toBe(
      "SET LOCAL lock_timeout = '30s';\n    SELECT pg_advisory_xact_lock(1);\n    DELETE FROM pgboss.archive WHERE archived_on < now()",
    );
  });

  it('keeps a plpgsql BEGIN … END inside the body, and leaves other texts alone', () => {
    const body = 'CREATE FUNCTION f() RETURNS void AS $$ BEGIN PERFORM 1; END; $$ LANGUAGE plpgsql';
    expect(unwrapTransaction(`BEGIN;\n${body};\nCOMMIT;`).trim()).toBe(body);
    expect(unwrapTransaction('SELECT version FROM pgboss.version')).toBe('SELECT version FROM pgboss.version');
    expect(unwrapTransaction('SELECT 1; SELECT 2')).toBe('SELECT 1; SELECT 2');
  });
});

describe('createQueueDb', () => {
  const completeSql = `WITH results AS (UPDATE pgboss.job SET output = $3::jsonb
    WHERE name = $1 AND id IN (SELECT UNNEST($2::uuid[])) AND state = 'active' RETURNING *) SELECT COUNT(*) FROM results`;
  const values = ['q', ['00000000-0000-4000-8000-000000000001'], null];

  it('never rejects the completion pg-boss does not await: reports it, and pg-boss reads "nothing changed"', async () => {
    const lost: unknown[] = [];
    const failing = { query: async () => Promise.reject(new Error('connection lost')) } as unknown as Pool;
    const db = createQueueDb(failing, { onLostCompletion: (error) => lost.push(error) });
    await expect(db.executeSql(completeSql, values)).resolves.toEqual({ rows: [{ count: 0 }] });
    expect(lost).toEqual([new Error('connection lost')]);
    // Every other statement still fails loudly.
    await expect(db.executeSql('SELECT $1::int', [1])).rejects.toThrow('connection lost');
  });

  it('answers without the database once closed', async () => {
    const unused = { query: async () => Promise.reject(new Error('closed')) } as unknown as Pool;
    const db = createQueueDb(unused);
    await db.close();
    await expect(db.executeSql(completeSql, values)).resolves.toEqual({ rows: [{ count: 0 }] });
    await expect(db.executeSql('SELECT 1')).resolves.toEqual({ rows: [] });
  });

  it('recognises exactly the completion statements', () => {
    expect(isCompletion(completeSql, values)).toBe(true);
    expect(
      isCompletion('DELETE FROM pgboss.job WHERE name = $1 AND id IN (SELECT UNNEST($2::uuid[]))', ['q', []]),
    ).toBe(false);
    expect(isCompletion('INSERT INTO pgboss.job (data) SELECT $3::jsonb', [1, 2, 3])).toBe(false);
  });
});
