import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import tseslint from 'typescript-eslint';

const root = path.dirname(fileURLToPath(import.meta.url));

// ---------------------------------------------------------------------------
// Import resolution for the boundary rules.
//
// eslint-plugin-boundaries classifies an import by the file it resolves to, so
// `#app/features/x.tsx`, `../../features/x.tsx` and `./x.tsx` all land on the
// same element. It resolves through eslint-import-resolver-node, which knows
// relative paths and node_modules but not package.json "imports" (`#app/*`).
// We teach it those with `packageIterator`, a documented option of the
// `resolve` package that the node resolver passes through: for a specifier
// that starts with a subpath-import prefix it names the one candidate file.
// ---------------------------------------------------------------------------
const packageJson = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const subpathImports = Object.entries(packageJson.imports ?? {})
  .filter(([key, target]) => key.endsWith('/*') && typeof target === 'string' && target.endsWith('/*'))
  .map(([key, target]) => ({ prefix: key.slice(0, -1), dir: path.resolve(root, target.slice(0, -1)) }));

function packageIterator(request, _start, defaultCandidates) {
  const mapping = subpathImports.find(({ prefix }) => request.startsWith(prefix));
  return mapping ? [path.join(mapping.dir, request.slice(mapping.prefix.length))] : defaultCandidates();
}

// ---------------------------------------------------------------------------
// Modules and layers. Every source file belongs to exactly one element (the
// first descriptor that matches wins); a few single files get a category too.
//
// app/modules/<module>/ is one capability. From outside, only its public
// entries may be imported: index.ts (rules, schemas and view types: safe in the
// browser, on the server and in Node scripts), ui.ts (components and client
// state: the browser bundle and routes) and index.server.ts (use cases). Modules depend on
// each other in ONE direction: a module may import the public entries of the
// modules listed BEFORE it in MODULE_ORDER, never of those after it
// (docs/architecture.md draws the same list). Cycles of any kind, type-only
// imports included, are refused by dependency-cruiser (.dependency-cruiser.cjs),
// which `npm run lint` runs after ESLint.
// ---------------------------------------------------------------------------
export const MODULE_ORDER = [
  'consent',
  'newsletter',
  'catalog',
  'bundles',
  'accounts',
  'sign-in',
  'onboarding',
  'grades',
  'exam-data',
  'cards',
  'checks',
  'reviews',
  'planner',
  'buddy',
  'study',
  'stock-notices',
  'shop',
  'demo-payments',
  'quickscan',
  'licenses',
  'classes',
  'guardians',
  'content',
  'refunds',
  'backoffice',
  'backoffice-orders',
  'backoffice-codes',
  'backoffice-stock',
  'backoffice-customers',
  'calibration',
  'backoffice-exam-data',
  'backoffice-study-content',
];

const elements = [
  { type: 'module-entry', pattern: 'app/modules/*/index.ts', mode: 'full', capture: ['module'] },
  { type: 'module-server-entry', pattern: 'app/modules/*/index.server.ts', mode: 'full', capture: ['module'] },
  { type: 'module-ui-entry', pattern: 'app/modules/*/ui.ts', mode: 'full', capture: ['module'] },
  { type: 'module-part', pattern: 'app/modules/*/*', partialMatch: false, capture: ['module', 'part'] },
  { type: 'platform-server', pattern: 'app/platform/server', partialMatch: false },
  { type: 'platform-integrations', pattern: 'app/platform/integrations', partialMatch: false },
  { type: 'platform', pattern: 'app/platform', partialMatch: false },
  { type: 'ui', pattern: 'app/ui', partialMatch: false },
  { type: 'routes', pattern: 'app/routes', partialMatch: false },
  { type: 'jobs', pattern: 'app/jobs', partialMatch: false },
  { type: 'db', pattern: 'app/db', partialMatch: false },
  { type: 'server-api', pattern: 'server/api', partialMatch: false },
  // The folders below hold the ones above: list them last so the deepest folder wins.
  { type: 'server', pattern: 'server', partialMatch: false },
  { type: 'app', pattern: 'app', partialMatch: false }, // app/*.ts(x): root.tsx, entry.*, context.ts, middleware.ts, …
  { type: 'bench', pattern: 'bench', partialMatch: false },
  { type: 'content', pattern: 'content', partialMatch: false },
  { type: 'tests', pattern: 'tests', partialMatch: false },
];

const files = [
  // Server-only by name: React Router and Vite keep these out of the client bundle.
  { category: 'server-only', pattern: '**/*.server.{ts,tsx}' },
  // The root route module: a route like app/routes/** (its loader is stripped from the client bundle).
  { category: 'root-route', pattern: 'app/root.tsx' },
  // Client modules that live directly in app/.
  { category: 'app-client', pattern: 'app/{root.tsx,entry.client.tsx,context.ts,middleware.ts}' },
  // The composition root: builds the adapters and the long-lived dependencies.
  { category: 'composition-root', pattern: 'server/{composition,app}.ts' },
  // Every table, for Drizzle Kit and the seed.
  { category: 'schema-aggregate', pattern: 'app/db/schema/index.ts' },
];

const el = (...types) => ({ element: { types: { anyOf: types } } });
const part = (...parts) => ({ element: { type: 'module-part', captured: { part: parts } } });
const ownPart = (...parts) => ({
  element: { type: 'module-part', captured: { module: '{{ from.element.captured.module }}', part: parts } },
});
const otherModulePart = {
  element: { type: 'module-part', captured: { module: '!{{ from.element.captured.module }}' } },
};
const inModule = el('module-part', 'module-entry', 'module-server-entry', 'module-ui-entry');
const routeModule = [el('routes'), { file: { categories: 'root-route' } }];
const clientModule = [
  el('module-entry', 'module-ui-entry', 'platform', 'ui', 'routes'),
  part('domain', 'schemas', 'ui'),
  { file: { categories: 'app-client' } },
];
/**
 * The npm packages a module's domain/ may import: pure ones. A package counts as pure when what it does follows
 * from its arguments alone: no I/O (files, network, database, native code), no clock, no environment, no global
 * state. Add a package only when that holds for everything in it that we call.
 */
const PURE_PACKAGES = ['ts-fsrs', 'd3-scale'];
const impureExternal = { module: { origin: ['external', 'core'], source: `!{${PURE_PACKAGES.join(',')}}` } };
const drizzle = { module: { origin: 'external', source: 'drizzle-orm' } };
const moduleEntries = (modules) => ({
  element: {
    types: { anyOf: ['module-entry', 'module-server-entry', 'module-ui-entry'] },
    captured: { module: modules },
  },
});

/** Rule 4: for each module, the modules after it in MODULE_ORDER are off limits. */
const directionPolicies = MODULE_ORDER.flatMap((module, index) => {
  const later = MODULE_ORDER.slice(index + 1);
  if (later.length === 0) return [];
  return [
    {
      from: {
        element: { types: { anyOf: ['module-part', 'module-entry', 'module-server-entry'] }, captured: { module } },
      },
      disallow: { to: moduleEntries(later) },
      message:
        `Module "${module}" must not import "{{ dependency.source }}": modules depend on each other in one direction ` +
        `(${MODULE_ORDER.join(' → ')} … each may use only those before it; docs/architecture.md). Move the shared ` +
        'part down into the lower module, or let the route compose both modules in its loader.',
    },
  ];
});

/**
 * boundaries/dependencies policies. The LAST policy that matches an import
 * decides (and gives the message); within one policy, disallow beats allow.
 * Imports that no policy matches are allowed. Keep each `allow` exception
 * right after the rule it refines.
 */
const policies = [
  // Client code (a browser may load it) never imports server code, not even a type.
  {
    from: clientModule,
    disallow: {
      to: [{ file: { categories: 'server-only' } }, el('db', 'jobs', 'server', 'server-api'), part('db', 'server')],
    },
    message:
      'Client code must not import the server module "{{ dependency.source }}", not even a type: it would pull ' +
      "server code into the browser bundle. Put shared types in the module's schemas/ or domain/ (exported by its " +
      "index.ts), and load data in a route loader/action through the module's index.server.ts.",
  },
  // THE exception: route modules call a module's use cases from their loaders and actions through its
  // index.server.ts (and the platform's server building blocks, such as the request scope and the dev outbox). React Router removes loaders/actions, and with them these
  // imports, from the client bundle.
  { from: routeModule, allow: { to: el('module-server-entry', 'platform-server') } },

  // Rule 1: from outside a module, only its public entries.
  {
    disallow: { to: el('module-part') },
    message:
      '"{{ dependency.source }}" is inside another module: import its public entry instead ' +
      '(#app/modules/<module>/index.ts in client code, index.server.ts on the server). If the name is not ' +
      'exported there yet, export it from that entry.',
  },
  {
    from: inModule,
    allow: { to: { element: { type: 'module-part', captured: { module: '{{ from.element.captured.module }}' } } } },
  },
  // Drizzle Kit and the seed read every module's tables through app/db/schema/index.ts.
  { from: { file: { categories: 'schema-aggregate' } }, allow: { to: ownPartAny('db') } },

  // app/db (client, migrations, schema aggregate) never imports a module's server code, nor anything above it.
  {
    from: el('db'),
    disallow: {
      to: [
        el('module-server-entry', 'module-entry', 'routes', 'jobs', 'server', 'server-api', 'ui'),
        part('server', 'ui', 'domain', 'schemas'),
      ],
    },
    message:
      'app/db holds the database client, the migrations and the schema aggregate; it must not import ' +
      '"{{ dependency.source }}". Module code uses app/db, never the other way round.',
  },

  // Rule 2: inside a module.
  {
    from: part('domain'),
    disallow: {
      to: [
        { element: { types: { noneOf: ['platform', 'module-part'] } } },
        otherModulePart,
        ownPart('db', 'server', 'ui', 'schemas'),
        impureExternal,
      ],
    },
    message:
      "A module's domain/ holds pure rules and imports only app/platform, its own domain/ and the pure packages " +
      '(PURE_PACKAGES in eslint.config.js), not ' +
      '"{{ dependency.source }}". Pass the data in as arguments, or move the code to the module\'s server/ or ui/.',
  },
  {
    from: part('db'),
    disallow: { to: [ownPart('server', 'ui'), el('routes', 'ui', 'jobs', 'server', 'server-api', 'module-entry')] },
    message:
      'A module\'s db/ (tables and queries) must not import "{{ dependency.source }}": db/ is below server/ and ui/. ' +
      'Move the code that needs it up into server/.',
  },
  // Rule 5: a db/ file queries only its own module's tables (issue 30). Another module's rows come through that
  // module's public read, composed by a use case in server/ (or a workflow that passes its transaction to each
  // module's write). Only db/tables.ts may name another module's tables: foreign keys point down.
  {
    from: { element: { type: 'module-part', captured: { part: 'db' }, fileInternalPath: '!tables.ts' } },
    disallow: {
      to: {
        element: {
          types: { anyOf: ['module-entry', 'module-server-entry'] },
          captured: { module: '!{{ from.element.captured.module }}' },
        },
      },
    },
    message:
      'A module\'s db/ queries only its own tables; "{{ dependency.source }}" is another module. Ask that module\'s ' +
      'public read from a use case in server/ and compose there (a write that spans modules is a workflow: ' +
      "docs/architecture.md). Only db/tables.ts may name another module's tables, for foreign keys.",
  },
  {
    from: part('ui'),
    disallow: {
      to: [
        ownPart('db', 'server'),
        el('routes', 'jobs', 'server', 'server-api', 'db', 'platform-server', 'platform-integrations'),
      ],
    },
    message:
      'A module\'s ui/ must not import "{{ dependency.source }}" (server code, db/, routes). The route loads the data ' +
      'through index.server.ts and passes it in as props.',
  },
  {
    from: part('schemas'),
    disallow: {
      to: [ownPart('db', 'server', 'ui'), el('routes', 'ui', 'jobs', 'server', 'server-api', 'db', 'platform-server')],
    },
    message:
      'A module\'s schemas/ holds Zod schemas and view types and must not import "{{ dependency.source }}". ' +
      'Move the rule to domain/ or the code that needs the import out of schemas/.',
  },
  {
    from: part('server'),
    disallow: { to: [ownPart('ui'), el('routes', 'ui', 'jobs', 'server', 'server-api')] },
    message:
      'A module\'s server/ (use cases) must not import "{{ dependency.source }}" (UI, routes, server/). Return plain ' +
      "data (the module's schemas/) and let the route or server/api render or send it.",
  },
  {
    from: el('module-entry'),
    disallow: { to: ownPart('db', 'server', 'ui') },
    message:
      "index.ts holds the module's rules, schemas and view types and loads anywhere (browser, server, Node " +
      'scripts): "{{ dependency.source }}" belongs in ui.ts (components, client state) or index.server.ts.',
  },
  {
    from: el('module-ui-entry'),
    disallow: { to: ownPart('db', 'server', 'domain', 'schemas') },
    message:
      'ui.ts re-exports the module\'s ui/ only: "{{ dependency.source }}" belongs in index.ts or index.server.ts.',
  },
  // Components are .tsx and CSS that only the browser bundle and the routes load: server code and Node scripts
  // (the server runs its TypeScript unbundled) never import a module's ui.ts.
  {
    from: [
      part('domain', 'db', 'server', 'schemas'),
      el('module-entry', 'module-server-entry', 'platform', 'platform-server', 'platform-integrations', 'db', 'jobs'),
      el('server', 'server-api', 'bench', 'content'),
    ],
    disallow: { to: el('module-ui-entry') },
    message:
      '"{{ dependency.source }}" holds components (.tsx, CSS) for the browser bundle and the routes; this code runs ' +
      "on the server or in Node scripts, unbundled. Import the module's index.ts or index.server.ts instead.",
  },

  // Rule 4: one direction between modules.
  ...directionPolicies,

  // app/platform is below every module; app/ui (layout and primitives) is shared UI.
  {
    from: el('platform', 'platform-server', 'platform-integrations'),
    disallow: {
      to: el('module-entry', 'module-server-entry', 'module-part', 'routes', 'ui', 'jobs', 'server', 'server-api'),
    },
    message:
      'app/platform holds shared building blocks and imports no module, route or UI: "{{ dependency.source }}" is ' +
      'off limits. Move the code into the module that needs it.',
  },
  {
    from: el('platform'),
    disallow: { to: el('db', 'platform-integrations') },
    message:
      'Client-safe app/platform code must not import "{{ dependency.source }}"; server building blocks live in app/platform/server.',
  },
  {
    from: el('ui'),
    disallow: {
      to: el(
        'routes',
        'jobs',
        'server',
        'server-api',
        'db',
        'platform-server',
        'platform-integrations',
        'module-server-entry',
      ),
    },
    message:
      'app/ui is shared client UI and must not import "{{ dependency.source }}". Pass the data in as props, or move ' +
      'this code into the module or route that needs it.',
  },
  {
    from: routeModule,
    disallow: { to: [el('db', 'platform-integrations', 'server', 'server-api', 'jobs'), drizzle] },
    message:
      'Route modules must not import "{{ dependency.source }}" (app/db, integrations, drizzle-orm, jobs and server/ ' +
      "are off limits). Call the module's use case through its index.server.ts from the loader/action.",
  },
  {
    from: el('server', 'server-api'),
    disallow: { to: [el('routes', 'ui'), ...routeModule, part('ui')] },
    message:
      'server/ must not import the UI module "{{ dependency.source }}". Pages are rendered through the React Router ' +
      'build; move shared non-UI code into a module or app/platform.',
  },
  {
    from: el('server-api'),
    disallow: { to: [el('db', 'platform-integrations'), drizzle] },
    message:
      'server/api must not import "{{ dependency.source }}" (app/db, integrations and drizzle-orm are off limits). ' +
      "Call the module's use case through its index.server.ts instead.",
  },

  // Backstop: a `#app/…` or `#server/…` import that does not resolve to a file would slip past every rule above
  // (the layer of a file that cannot be found is unknown). Relative imports that do not resolve, such as the
  // generated `./+types/…` route types or `./app.css?inline`, are left alone.
  {
    disallow: { to: { element: { isUnknown: true } }, dependency: { source: '#*/**' } },
    message:
      'Cannot resolve "{{ dependency.source }}", so its import boundaries cannot be checked. ' +
      'Fix the path (package.json "imports" maps #app/* to app/* and #server/* to server/*).',
  },
];

function ownPartAny(...parts) {
  return { element: { type: 'module-part', captured: { part: parts } } };
}

export default tseslint.config(
  {
    ignores: [
      'build/**',
      'node_modules/**',
      '.react-router/**',
      '.data/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      // Deliberately bad imports, linted by server/lint-boundaries.test.ts as if they lived at their mirrored path.
      'tests/lint/fixtures/**',
    ],
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly' } },
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        window: 'readonly',
        document: 'readonly',
        navigator: 'readonly',
        location: 'readonly',
        sessionStorage: 'readonly',
        console: 'readonly',
        process: 'readonly',
        URL: 'readonly',
        Blob: 'readonly',
        fetch: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        performance: 'readonly',
        Response: 'readonly',
        Request: 'readonly',
        Headers: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.property.name='only']", message: 'No focused tests.' },
        { selector: "CallExpression[callee.property.name='skip']", message: 'No skipped tests.' },
      ],
    },
  },
  {
    // Code a browser may run takes Zod from app/platform/schemas/z.ts (configured for our CSP: no eval).
    files: ['app/**/*.{ts,tsx}'],
    ignores: ['app/platform/schemas/z.ts', 'app/**/*.server.ts', 'app/db/**', 'app/jobs/**', '**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'zod',
              allowTypeImports: true,
              message: "Import { z } from '#app/platform/schemas/z.ts': it runs Zod without eval under our CSP.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['app/**/*.{ts,tsx}', 'server/**/*.ts', 'bench/**/*.ts', 'content/**/*.ts'],
    // Tests may reach across layers (they build the real composition root, render features, …).
    ignores: ['**/*.test.{ts,tsx}', 'tests/**'],
    plugins: { boundaries },
    settings: {
      'boundaries/root-path': root,
      'boundaries/elements': elements,
      'boundaries/files': files,
      'boundaries/legacy-templates': false,
      'import/resolver': {
        node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'], packageIterator },
      },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        { default: 'allow', checkAllOrigins: true, checkInternals: true, checkUnknownLocals: true, policies },
      ],
    },
  },
);
