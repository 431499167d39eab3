/**
 * The import boundaries in eslint.config.js, proven on fixtures.
 *
 * Each file under tests/lint/fixtures/ is linted with the repository's own ESLint config as if it lived at the same
 * path below the repository root (tests/lint/fixtures/app/lib/imports.ts is linted as app/lib/imports.ts), so its
 * imports resolve to the real modules. A line that must fail ends in `// expect-lint: <part of the message>`; every
 * other line must lint clean.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint, type Linter } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const fixturesDir = path.join(root, 'tests/lint/fixtures');
const MARK = '// expect-lint: ';

interface Fixture {
  /** Where the fixture pretends to live, relative to the repository root. */
  filePath: string;
  code: string;
  lines: string[];
}

const fixtures: Fixture[] = readdirSync(fixturesDir, { recursive: true, encoding: 'utf8' })
  .filter((name) => /\.tsx?$/.test(name))
  .sort()
  .map((name) => {
    const code = readFileSync(path.join(fixturesDir, name), 'utf8');
    return { filePath: name.split(path.sep).join('/'), code, lines: code.split('\n') };
  });

function fixture(filePath: string): Fixture {
  const found = fixtures.find((f) => f.filePath === filePath);
  if (!found) throw new Error(`No fixture tests/lint/fixtures/${filePath}`);
  return found;
}

/** 1-based line of the first import of `source` in the fixture. */
function lineOf(f: Fixture, source: string): number {
  const index = f.lines.findIndex((line) => line.includes(`'${source}'`));
  if (index < 0) throw new Error(`${f.filePath} does not import '${source}'`);
  return index + 1;
}

function expectedMessages(f: Fixture) {
  return f.lines.flatMap((line, index) => {
    const at = line.indexOf(MARK);
    return at < 0 ? [] : [{ line: index + 1, text: expect.stringContaining(line.slice(at + MARK.length).trim()) }];
  });
}

const results = new Map<string, Linter.LintMessage[]>();

beforeAll(async () => {
  const eslint = new ESLint({ cwd: root, overrideConfigFile: path.join(root, 'eslint.config.js') });
  await Promise.all(
    fixtures.map(async (f) => {
      const [result] = await eslint.lintText(f.code, { filePath: f.filePath });
      results.set(f.filePath, result?.messages ?? []);
    }),
  );
});

function messagesOn(filePath: string, line: number) {
  return (results.get(filePath) ?? []).filter((m) => m.line === line);
}

describe('focused and skipped tests (eslint.config.js)', () => {
  // The calls are built from parts: no focused or skipped test stands in the repository, not even as text.
  it.each([
    ['only', 'No focused tests.'],
    ['skip', 'No skipped tests.'],
  ])('a test file calling describe.%s fails lint', async (modifier, message) => {
    const eslint = new ESLint({ cwd: root, overrideConfigFile: path.join(root, 'eslint.config.js') });
    const code = `import { describe } from 'vitest';\n${['describe', modifier].join('.')}('x', () => {});\n`;
    const [result] = await eslint.lintText(code, { filePath: 'app/domain/example.test.ts' });
    expect(result?.messages.map((m) => m.message)).toEqual([message]);
  });
});

describe('import boundaries (eslint.config.js)', () => {
  it('has fixtures whose imports still point at existing files', () => {
    expect(fixtures.length).toBeGreaterThan(5);
    const missing = fixtures.flatMap((f) =>
      f.lines.flatMap((line) => {
        const source = /(?:from |import\()'([^']+)'/.exec(line)?.[1];
        if (!source || line.includes('Cannot resolve')) return [];
        let target: string;
        if (source.startsWith('#app/')) target = path.join(root, 'app', source.slice('#app/'.length));
        else if (source.startsWith('#server/')) target = path.join(root, 'server', source.slice('#server/'.length));
        else if (source.startsWith('.')) target = path.resolve(root, path.dirname(f.filePath), source);
        else return [];
        return existsSync(target) ? [] : [`${f.filePath}: '${source}'`];
      }),
    );
    // A module moved: point the fixture at a file that exists, or the case proves nothing.
    expect(missing).toEqual([]);
  });

  it.each(fixtures.map((f) => f.filePath))('%s reports exactly the marked lines', (filePath) => {
    const actual = (results.get(filePath) ?? []).map((m) => ({ line: m.line, text: `${m.ruleId}: ${m.message}` }));
    expect(actual).toEqual(expectedMessages(fixture(filePath)));
  });

  // The cases the boundaries exist for, each path form spelled out. The fixtures hold more.
  it.each([
    ['app/domain/imports.ts', '#app/platform/cookie-header.ts'],
    ['app/domain/imports.ts', '../lib/cookie-header.ts'],
    ['app/features/levels/imports.tsx', '#app/modules/catalog/ui/product-card.tsx'],
    ['app/features/levels/imports.tsx', '../catalog/product-card.tsx'],
    ['app/features/levels/imports.tsx', '../../features/catalog/product-card.tsx'],
    ['app/components/ui/imports.tsx', '#app/modules/catalog/ui/product-card.tsx'],
    ['app/components/ui/imports.tsx', '../../features/levels/level-chooser.tsx'],
    ['app/components/ui/imports.tsx', '#app/modules/catalog/server/catalog.server.ts'],
    ['app/lib/imports.ts', '#app/routes/public/home.tsx'],
    ['app/lib/imports.ts', '../routes/public/home.tsx'],
    ['app/routes/public/imports.tsx', '#app/db/client.server.ts'],
    ['app/routes/public/imports.tsx', '../../db/client.server.ts'],
    ['app/routes/public/imports.tsx', '#app/platform/integrations/content/port.ts'],
    ['app/routes/public/imports.tsx', 'drizzle-orm'],
    ['app/routes/public/imports.tsx', 'drizzle-orm/pg-core'],
    ['server/api/v1/imports.ts', '#app/db/client.server.ts'],
    ['server/api/v1/imports.ts', '../../../app/db/client.server.ts'],
    ['server/api/v1/imports.ts', 'drizzle-orm'],
    ['app/components/ui/imports-server-type.tsx', '#app/document.server.ts'],
    ['app/components/ui/imports-server-type.tsx', '../../entry.server.tsx'],
    ['app/context.ts', '#app/modules/catalog/server/catalog.server.ts'],
  ])('%s may not import %s', (filePath, source) => {
    const messages = messagesOn(filePath, lineOf(fixture(filePath), source));
    expect(messages.map((m) => m.ruleId)).toEqual(['boundaries/dependencies']);
    expect(messages[0]?.message).toContain(source);
  });

  it.each([
    ['app/routes/public/imports.tsx', '#app/modules/catalog/server/catalog.server.ts'],
    ['app/routes/public/imports.tsx', '../../services/catalog.server.ts'],
    ['app/root.tsx', '#app/modules/catalog/server/catalog.server.ts'],
    ['app/features/levels/imports.tsx', '#app/ui/primitives/button.tsx'],
    ['app/features/levels/imports.tsx', '../../components/ui/button.tsx'],
    ['app/features/levels/imports.tsx', './level-chooser.tsx'],
    ['app/features/levels/imports.tsx', '#app/modules/catalog/ui/level-chooser.tsx'],
    ['app/domain/imports.ts', './money.ts'],
    ['app/domain/imports.ts', '#app/platform/levels.ts'],
    ['app/platform/schemas/z.ts', 'zod'],
    ['app/schemas/zod-imports.ts', './z.ts'],
    ['app/services/imports.server.ts', '#app/db/client.server.ts'],
    ['server/api/v1/imports.ts', '#app/modules/catalog/server/catalog.server.ts'],
    ['server/composition.ts', '#app/db/client.server.ts'],
    ['server/composition.ts', '#app/platform/integrations/content/port.ts'],
    ['app/domain/imports.test.ts', '#app/db/client.server.ts'],
  ])('%s may import %s', (filePath, source) => {
    expect(messagesOn(filePath, lineOf(fixture(filePath), source))).toEqual([]);
  });
});
