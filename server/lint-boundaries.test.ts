/**
 * The import boundaries in eslint.config.js, proven on fixtures.
 *
 * Each file under tests/lint/fixtures/ is linted with the repository's own ESLint config as if it lived at the same
 * path below the repository root (tests/lint/fixtures/app/lib/imports.ts is linted as app/lib/imports.ts), so its
 * imports resolve to the real modules. A line that must fail ends in `// expect-lint: <part of the message>`; every
 * other line must lint clean.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { IConfiguration } from 'dependency-cruiser';
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
    const [result] = await eslint.lintText(code, { filePath: 'app/platform/example.test.ts' });
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

  // The cases the rules exist for (docs/architecture.md), each spelled out. The fixtures hold more.
  it.each([
    // 1. From outside a module, only its index.ts or index.server.ts.
    ['app/modules/shop/server/imports.server.ts', '#app/modules/catalog/server/catalog.server.ts'],
    ['app/modules/shop/server/imports.server.ts', '../../catalog/domain/products.ts'],
    ['app/routes/public/imports.tsx', '#app/modules/catalog/ui/product-card.tsx'],
    ['server/api/v1/imports.ts', '#app/modules/catalog/server/catalog.server.ts'],
    // 2. Inside a module: domain/ imports only platform and its own domain; db/ never server/ or ui/; ui/ no server code.
    ['app/modules/shop/domain/imports.ts', '../db/carts.server.ts'],
    ['app/modules/shop/domain/imports.ts', '../server/cart.server.ts'],
    ['app/modules/shop/domain/imports.ts', '#app/modules/catalog/index.ts'],
    ['app/modules/shop/domain/imports.ts', '#app/modules/checks/index.server.ts'],
    // … and of the npm packages and Node modules only the pure packages (PURE_PACKAGES): nothing with I/O.
    ['app/modules/reviews/domain/imports.ts', 'node:fs'],
    ['app/modules/reviews/domain/imports.ts', 'pg'],
    ['app/modules/reviews/domain/imports.ts', '@open-spaced-repetition/binding-linux-x64-gnu'],
    ['app/modules/shop/db/imports.server.ts', '../server/cart.server.ts'],
    ['app/modules/shop/db/imports.server.ts', '../ui/cart-page.tsx'],
    ['app/modules/shop/ui/imports.tsx', '../server/cart.server.ts'],
    ['app/modules/shop/ui/imports.tsx', '#app/modules/catalog/index.server.ts'],
    ['app/modules/catalog/index.ts', './server/catalog.server.ts'],
    ['app/modules/catalog/index.ts', './ui/product-card.tsx'],
    ['app/modules/catalog/ui.ts', './server/catalog.server.ts'],
    // Server code and Node scripts never load components.
    ['app/modules/shop/server/imports.server.ts', '#app/modules/catalog/ui.ts'],
    ['server/api/v1/imports.ts', '#app/modules/catalog/ui.ts'],
    // 4. One direction between modules.
    ['app/modules/catalog/server/imports.server.ts', '#app/modules/accounts/index.server.ts'],
    ['app/modules/catalog/server/imports.server.ts', '#app/modules/shop/index.server.ts'],
    ['app/modules/shop/server/imports.server.ts', '#app/modules/content/index.server.ts'],
    ['app/modules/shop/server/imports.server.ts', '#app/modules/content/index.ts'],
    // … the study area too (ADR 023): cards → checks → reviews → buddy → study.
    ['app/modules/cards/server/imports.server.ts', '#app/modules/checks/index.server.ts'],
    ['app/modules/cards/server/imports.server.ts', '#app/modules/study/index.server.ts'],
    ['app/modules/checks/server/imports.server.ts', '#app/modules/reviews/index.server.ts'],
    ['app/modules/checks/server/imports.server.ts', '#app/modules/buddy/index.server.ts'],
    ['app/modules/checks/server/imports.server.ts', '#app/modules/study/index.ts'],
    // A db/ file queries only its own module's tables; only tables.ts names another module's (foreign keys).
    ['app/modules/checks/db/imports.server.ts', '#app/modules/cards/index.server.ts'],
    ['app/modules/checks/db/imports.server.ts', '#app/modules/catalog/index.server.ts'],
    ['app/modules/shop/db/imports.server.ts', '#app/modules/catalog/index.server.ts'],
    // 5. app/db never imports a module's server code; app/platform no module at all.
    ['app/db/seed-imports.server.ts', '#app/modules/catalog/index.server.ts'],
    ['app/db/seed-imports.server.ts', '#app/modules/catalog/server/catalog.server.ts'],
    ['app/platform/imports.ts', '#app/modules/catalog/index.ts'],
    ['app/platform/imports.ts', '#app/modules/accounts/index.server.ts'],
    // Client code never takes server code, not even a type.
    ['app/context.ts', '#app/modules/catalog/index.server.ts'],
    ['app/ui/primitives/imports-server-type.tsx', '#app/document.server.ts'],
    ['app/routes/public/imports.tsx', '#app/db/client.server.ts'],
    ['app/routes/public/imports.tsx', 'drizzle-orm'],
    ['server/api/v1/imports.ts', '#app/db/client.server.ts'],
  ])('%s may not import %s', (filePath, source) => {
    const messages = messagesOn(filePath, lineOf(fixture(filePath), source));
    expect(messages.map((m) => m.ruleId)).toEqual(['boundaries/dependencies']);
    expect(messages[0]?.message).toContain(source);
  });

  it.each([
    ['app/modules/shop/server/imports.server.ts', '#app/modules/catalog/index.server.ts'],
    ['app/modules/shop/server/imports.server.ts', '#app/modules/cards/index.ts'],
    ['app/modules/shop/server/imports.server.ts', '../db/carts.server.ts'],
    ['app/modules/shop/server/imports.server.ts', '#app/db/client.server.ts'],
    ['app/modules/shop/domain/imports.ts', './cart.ts'],
    ['app/modules/shop/domain/imports.ts', '#app/platform/sales.ts'],
    ['app/modules/reviews/domain/imports.ts', 'ts-fsrs'],
    ['app/modules/reviews/domain/imports.ts', 'd3-scale'],
    ['app/modules/shop/db/imports.server.ts', './tables.ts'],
    ['app/modules/shop/ui/imports.tsx', '#app/modules/catalog/ui.ts'],
    ['app/modules/shop/ui/imports.tsx', '../domain/cart.ts'],
    ['app/modules/catalog/server/imports.server.ts', '#app/modules/consent/index.server.ts'],
    ['app/modules/checks/server/imports.server.ts', '#app/modules/cards/index.server.ts'],
    ['app/modules/checks/db/imports.server.ts', './tables.ts'],
    ['app/modules/checks/db/tables.ts', '#app/modules/cards/index.server.ts'],
    ['app/modules/checks/db/tables.ts', '#app/modules/catalog/index.server.ts'],
    ['app/modules/checks/server/imports.server.ts', '#app/modules/cards/index.ts'],
    ['app/modules/catalog/ui.ts', './ui/product-card.tsx'],
    ['app/routes/public/imports.tsx', '#app/modules/catalog/index.server.ts'],
    ['app/routes/public/imports.tsx', '#app/modules/catalog/ui.ts'],
    ['app/routes/public/imports.tsx', '#app/platform/server/deps.ts'],
    ['app/root.tsx', '#app/modules/content/index.server.ts'],
    ['app/db/schema/index.ts', '#app/modules/catalog/db/tables.ts'],
    ['app/platform/schemas/z.ts', 'zod'],
    ['server/api/v1/imports.ts', '#app/modules/catalog/index.server.ts'],
    ['server/composition.ts', '#app/db/client.server.ts'],
    ['server/composition.ts', '#app/platform/integrations/content/port.ts'],
  ])('%s may import %s', (filePath, source) => {
    expect(messagesOn(filePath, lineOf(fixture(filePath), source))).toEqual([]);
  });
});

describe('import cycles (.dependency-cruiser.cjs)', () => {
  it('refuses a cycle, type-only imports included, and passes code without one', async () => {
    const { cruise } = await import('dependency-cruiser');
    const config = createRequire(import.meta.url)('../.dependency-cruiser.cjs') as Required<
      Pick<IConfiguration, 'options' | 'forbidden'>
    >;
    const result = await cruise(['tests/lint/cycles'], {
      ...config.options,
      validate: true,
      ruleSet: { forbidden: config.forbidden },
    });
    const output = typeof result.output === 'string' ? JSON.parse(result.output) : result.output;
    const violations = output.summary.violations.map((v: { rule: { name: string }; from: string; to: string }) => ({
      rule: v.rule.name,
      from: v.from,
      to: v.to,
    }));
    // a.ts → b.ts by value, b.ts → a.ts by type only: one cycle; c.ts → d.ts is no cycle.
    expect(violations).toEqual([{ rule: 'no-cycle', from: 'tests/lint/cycles/a.ts', to: 'tests/lint/cycles/b.ts' }]);
  });
});
