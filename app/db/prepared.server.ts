import type { Db } from './client.server.ts';

/**
 * Hot statements, prepared once per database (ADR 009): `build` prepares them (`.prepare('name')`), and
 * the function it gives answers the same set for the same database every time.
 */
export function preparedPerDatabase<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let statements = built.get(db);
    if (!statements) {
      statements = build(db);
      built.set(db, statements);
    }
    return statements;
  };
}
