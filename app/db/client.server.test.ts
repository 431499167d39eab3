import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { pgTable, text } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { unnamed, withoutStatementNames } from './client.server.ts';

const counters = pgTable('counters', { key: text('key').primaryKey() });

/** A driver that records what Drizzle hands it (the `pg` Pool's query), answering no rows. */
function recordingDriver() {
  const sent: unknown[] = [];
  return {
    sent,
    query: async (config: unknown) => {
      sent.push(config);
      return { rows: [], fields: [], rowCount: 0, command: 'SELECT' };
    },
  };
}

describe('DATABASE_PREPARED_STATEMENTS=off', () => {
  it('a statement prepared by name reaches the driver without its name, and nothing else changes', async () => {
    const named = recordingDriver();
    const off = withoutStatementNames(recordingDriver());
    for (const driver of [named, off]) {
      const db = drizzle(driver as never);
      const byKey = db
        .select()
        .from(counters)
        .where(sql`${counters.key} = ${sql.placeholder('key')}`)
        .prepare('by_key');
      await byKey.execute({ key: 'a' });
      await byKey.execute({ key: 'b' });
    }
    expect(named.sent).toHaveLength(2);
    expect(off.sent).toHaveLength(2);
    for (const [i, config] of off.sent.entries()) {
      const withName = named.sent[i] as Record<string, unknown>;
      expect(withName.name).toBe('by_key');
      const { name: _name, ...rest } = withName;
      expect(config).not.toHaveProperty('name');
      expect(Object.keys(config as object).sort()).toEqual(Object.keys(rest).sort());
      expect((config as { text: string }).text).toBe(rest.text);
    }
  });

  it('leaves plain texts, unnamed configs and the driver’s own submittables as they are', () => {
    expect(unnamed('select 1')).toBe('select 1');
    const plain = { text: 'select 1' };
    expect(unnamed(plain)).toBe(plain);
    const cursor = { name: 'cursor', text: 'select 1', submit: () => {} };
    expect(unnamed(cursor)).toBe(cursor);
    expect(unnamed({ name: 'x', text: 'select 1', rowMode: 'array' })).toEqual({ text: 'select 1', rowMode: 'array' });
  });
});
