import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import boundaries from 'eslint-plugin-boundaries';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // bulletproof-react's layers: a feature uses itself, components and lib; components and lib
    // use no feature; only the app (shell, routes, pages that combine features) uses them all.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
      // First match wins: everything under src that is not a feature, components or lib is the app.
      'boundaries/elements': [
        {
          type: 'feature',
          pattern: 'apps/web/src/features/*',
          capture: ['feature'],
          partialMatch: false,
        },
        { type: 'components', pattern: 'apps/web/src/components', partialMatch: false },
        { type: 'lib', pattern: 'apps/web/src/lib', partialMatch: false },
        { type: 'app', pattern: 'apps/web/src', partialMatch: false },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          message:
            '{{ from.type }} {{ from.captured.feature }} -> {{ to.type }} {{ to.captured.feature }}: a feature imports only itself, components/ and lib/, and components/ and lib/ import no feature. Move what features share to components/ or lib/, and pages that combine features to routes/ (docs/ARCHITECTURE.md, "Web boundaries").',
          policies: [
            {
              from: { element: { type: 'app' } },
              allow: {
                to: { element: { types: { anyOf: ['app', 'feature', 'components', 'lib'] } } },
              },
            },
            {
              from: { element: { type: 'feature' } },
              allow: { to: { element: { types: { anyOf: ['components', 'lib'] } } } },
            },
            {
              from: { element: { type: 'feature' } },
              allow: {
                to: {
                  element: {
                    type: 'feature',
                    captured: { feature: '{{ from.captured.feature }}' },
                  },
                },
              },
            },
            {
              from: { element: { types: { anyOf: ['components', 'lib'] } } },
              allow: { to: { element: { types: { anyOf: ['components', 'lib'] } } } },
            },
          ],
        },
      ],
    },
  },
);
