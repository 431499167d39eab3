/**
 * CI runs the integration files of DATABASE_SPECIFIC on PGlite as well as PostgreSQL (vitest.config.ts): a
 * name there that is no file would quietly leave its tests out of the PGlite run.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATABASE_SPECIFIC } from '../vitest.config.ts';

describe('the integration files CI runs on both databases', () => {
  it('are files of tests/integration', () => {
    const root = path.resolve(import.meta.dirname, '..');
    expect(DATABASE_SPECIFIC.length).toBeGreaterThan(0);
    expect(DATABASE_SPECIFIC.filter((file) => !existsSync(path.join(root, file)))).toEqual([]);
    expect(DATABASE_SPECIFIC.filter((file) => !/^tests\/integration\/[\w-]+\.test\.ts$/.test(file))).toEqual([]);
  });
});
