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
// Layers. Every source file belongs to exactly one element (its folder; the
// first descriptor that matches wins); a few single files get a category too.
// ---------------------------------------------------------------------------
const elements = [
  { type: 'domain', pattern: 'app/domain', partialMatch: false },
  { type: 'view-models', pattern: 'app/view-models', partialMatch: false },
  { type: 'schemas', pattern: 'app/schemas', partialMatch: false },
  { type: 'lib', pattern: 'app/lib', partialMatch: false },
  { type: 'components', pattern: 'app/components', partialMatch: false },
  { type: 'feature', pattern: 'app/features/*', partialMatch: false, capture: ['feature'] },
  { type: 'routes', pattern: 'app/routes', partialMatch: false },
  { type: 'services', pattern: 'app/services', partialMatch: false },
  { type: 'db', pattern: 'app/db', partialMatch: false },
  { type: 'integrations', pattern: 'app/integrations', partialMatch: false },
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
  // The composition root: the only server files that may build app/db and app/integrations.
  { category: 'composition-root', pattern: 'server/{composition,app}.ts' },
];

const layer = (...types) => ({ element: { types: { anyOf: types } } });
const routeModule = [layer('routes'), { file: { categories: 'root-route' } }];
const clientModule = [
  layer('domain', 'view-models', 'schemas', 'lib', 'components', 'feature', 'routes'),
  { file: { categories: 'app-client' } },
];
const anyExternal = { module: { origin: ['external', 'core'] } };
const drizzle = { module: { origin: 'external', source: 'drizzle-orm' } };

/**
 * boundaries/dependencies policies. The LAST policy that matches an import
 * decides (and gives the message); within one policy, disallow beats allow.
 * Imports that no policy matches are allowed. Keep the two `allow` exceptions
 * right after the rule they refine.
 */
const policies = [
  {
    from: clientModule,
    disallow: { to: { file: { categories: 'server-only' } } },
    message:
      'Client code must not import the server-only module "{{ dependency.source }}", not even a type: it would ' +
      'pull server code into the browser bundle. Put shared types in app/view-models or app/domain, and load data ' +
      'in a route loader/action through app/services.',
  },
  // THE exception: route modules (app/routes/**, app/root.tsx) call use cases from their loaders and actions as
  // `#app/services/x.server.ts`. React Router removes loaders/actions, and with them these imports, from the
  // client bundle. Only app/services is allowed; any other *.server.ts stays forbidden for routes.
  {
    from: routeModule,
    allow: { to: { element: { type: 'services' }, file: { categories: 'server-only' } } },
  },

  // app/db and app/integrations are built by the composition root and used through app/services.
  {
    disallow: { to: layer('db', 'integrations') },
    message:
      'Only app/services (and server/composition.ts, server/app.ts) may import app/db or app/integrations; ' +
      '"{{ dependency.source }}" is off limits here. Move the data access into a function in app/services and call that.',
  },
  {
    from: [layer('services', 'db', 'integrations'), { file: { categories: 'composition-root' } }],
    // integrations → db too: an adapter may be backed by the app's own database.
    allow: { to: layer('db', 'integrations') },
  },

  {
    from: layer('domain'),
    disallow: { to: [{ element: { types: { noneOf: ['domain'] } } }, anyExternal] },
    message:
      'app/domain holds pure rules and imports only app/domain, not "{{ dependency.source }}". ' +
      'Pass the data in as arguments, or move this code to app/lib (client) or app/services (server).',
  },
  {
    from: layer('view-models'),
    disallow: { to: [{ element: { types: { noneOf: ['domain', 'view-models'] } } }, anyExternal] },
    message:
      'app/view-models holds plain types and helpers and imports only app/domain and app/view-models, ' +
      'not "{{ dependency.source }}". Move the logic that needs it to app/services (server) or app/lib (client).',
  },
  {
    from: layer('schemas'),
    disallow: {
      to: [
        { element: { types: { noneOf: ['domain', 'schemas'] } } },
        { module: { origin: 'external', source: '!zod' } },
        { module: { origin: 'core' } },
      ],
    },
    message:
      'app/schemas holds shared Zod schemas and imports only zod, app/domain and app/schemas, ' +
      'not "{{ dependency.source }}". Move the rule to app/domain or the code that needs the import out of app/schemas.',
  },
  {
    from: layer('lib', 'components'),
    disallow: { to: [layer('feature', 'routes', 'services', 'db', 'integrations', 'server', 'server-api')] },
    message:
      'app/{{ from.element.type }} is shared client code and must not import "{{ dependency.source }}" ' +
      '(features, routes, services, db, integrations and server are off limits). Pass the data in as props or ' +
      'arguments, or move this code into the feature or route that needs it.',
  },
  {
    from: layer('feature'),
    disallow: { to: layer('routes', 'services', 'db', 'integrations', 'server', 'server-api') },
    message:
      'A feature must not import "{{ dependency.source }}" (routes, services, db, integrations and server are off ' +
      'limits). The route loads the data through app/services and passes view-models (app/view-models) as props.',
  },
  {
    from: layer('feature'),
    disallow: { to: { element: { type: 'feature', captured: { feature: '!{{ from.element.captured.feature }}' } } } },
    message:
      'Feature "{{ from.element.captured.feature }}" must not import another feature ("{{ dependency.source }}"). ' +
      'Move the shared part to app/components (UI) or app/lib (helpers), or compose both features in the route.',
  },
  {
    from: routeModule,
    disallow: { to: [layer('db', 'integrations', 'server', 'server-api'), drizzle] },
    message:
      'Route modules must not import "{{ dependency.source }}" (app/db, app/integrations, drizzle-orm and server/ ' +
      'are off limits). Move the query into a function in app/services and call it from the loader/action.',
  },
  {
    from: layer('services'),
    disallow: { to: [layer('routes', 'feature', 'components', 'server', 'server-api'), ...routeModule] },
    message:
      'app/services must not import "{{ dependency.source }}" (routes, features, components and server are off ' +
      'limits). Return plain data (app/view-models) and let the route or server/api render or send it.',
  },
  {
    from: layer('server', 'server-api'),
    disallow: { to: [layer('routes', 'feature', 'components'), ...routeModule] },
    message:
      'server/ must not import the UI module "{{ dependency.source }}" (app/routes, app/features, app/components). ' +
      'Pages are rendered through the React Router build; move shared non-UI code to app/lib, app/domain or app/services.',
  },
  {
    from: layer('server-api'),
    disallow: { to: [layer('db', 'integrations'), drizzle] },
    message:
      'server/api must not import "{{ dependency.source }}" (app/db, app/integrations and drizzle-orm are off ' +
      'limits). Call a function in app/services instead.',
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
