import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const pureDomain = {
  regex: '^(?!\\./)',
  message: 'app/domain is pure: it imports nothing outside app/domain.',
};
const siblingFeature = {
  regex: '^\\.\\./[^.]',
  message: 'Features never import each other: move shared code to app/components or app/lib.',
};
const dataAccess = {
  regex: '(^|/)(db|integrations)(/|$)',
  message: 'Only app/services touches app/db and app/integrations.',
  allowTypeImports: true,
};

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
      'content/validate.mjs',
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
    files: ['app/domain/**/*.ts'],
    ignores: ['app/domain/**/*.test.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [pureDomain] }] },
  },
  {
    files: ['app/features/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [siblingFeature, dataAccess] }] },
  },
  {
    files: [
      'app/routes/**/*.{ts,tsx}',
      'app/components/**/*.{ts,tsx}',
      'app/lib/**/*.{ts,tsx}',
      'app/root.tsx',
      'app/middleware.ts',
      'app/entry.*.tsx',
    ],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [dataAccess] }] },
  },
);
