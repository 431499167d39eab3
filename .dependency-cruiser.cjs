/**
 * Import cycles: none anywhere, type-only imports included (tsPreCompilationDeps).
 * Run by `npm run lint`; the fixtures in tests/lint/cycles prove the rule fires
 * (server/lint-boundaries.test.ts). Every other import rule is in eslint.config.js.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment:
        'An import cycle, type-only imports included. Break it: move the shared part down (to the lower module, ' +
        "app/platform or the module's domain/), or let the route compose both sides (docs/architecture.md).",
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|build|\\.react-router|\\.data|coverage|test-results)/' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
    moduleSystems: ['es6'],
  },
};
