import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import boundaries from 'eslint-plugin-boundaries';
import lingui from 'eslint-plugin-lingui';

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
        // The interface's catalogs, read only through lib/i18n.
        { type: 'locales', pattern: 'apps/web/src/locales', partialMatch: false },
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
            {
              from: { element: { type: 'lib' } },
              allow: { to: { element: { type: 'locales' } } },
            },
          ],
        },
      ],
    },
  },
  {
    // The interface in six languages (docs/DECISIONS.md): in a converted screen every text a
    // person reads is a catalog key (`t('…')`), never a literal. This list grows screen by screen
    // as they are converted; the rest of apps/web still has its English literals.
    files: [
      'apps/web/src/components/**/*.{ts,tsx}',
      'apps/web/src/routes/dashboard/**/*.{ts,tsx}',
      'apps/web/src/features/landing/**/*.{ts,tsx}',
      'apps/web/src/features/accounts/**/*.{ts,tsx}',
      'apps/web/src/features/account-settings/**/*.{ts,tsx}',
      'apps/web/src/lib/i18n/**/*.{ts,tsx}',
      'apps/web/src/follow/follow-{page,view,i18n,settings,connection}.ts',
      'apps/web/src/follow/main.ts',
      'apps/web/src/features/teams/**/*.{ts,tsx}',
      'apps/web/src/features/trash/**/*.{ts,tsx}',
      'apps/web/src/routes/set-practice/**/*.{ts,tsx}',
      'apps/web/src/features/setlists/**/*.{ts,tsx}',
      'apps/web/src/features/live/**/*.{ts,tsx}',
      'apps/web/src/features/presenter/**/*.{ts,tsx}',
      'apps/web/src/features/songs/components/song-library-page.tsx',
      'apps/web/src/features/songs/components/song-search-field.tsx',
      'apps/web/src/features/songs/components/song-last-used.tsx',
      'apps/web/src/features/songs/components/song-date.tsx',
      'apps/web/src/features/songs/components/song-card.tsx',
      'apps/web/src/features/songs/components/leave-song-dialog.tsx',
      'apps/web/src/features/songs/components/transpose-control.tsx',
      'apps/web/src/features/songs/components/song-table.tsx',
      'apps/web/src/features/songs/components/export-menu.tsx',
      'apps/web/src/features/songs/components/library-file-buttons.tsx',
      'apps/web/src/features/songs/components/song-view-page.tsx',
      'apps/web/src/features/songs/components/song-view-texts.ts',
      'apps/web/src/features/songs/components/song-recordings-section.tsx',
      'apps/web/src/features/songs/components/song-details-fields.tsx',
      'apps/web/src/features/songs/components/song-authors-editor.tsx',
      'apps/web/src/features/songs/components/paste-chart-dialog.tsx',
      'apps/web/src/features/songs/components/translation-adder.tsx',
      'apps/web/src/features/songs/components/chart-translations-editor.tsx',
      'apps/web/src/features/songs/components/song-part-editor.tsx',
      'apps/web/src/features/songs/components/song-line-editor.tsx',
      'apps/web/src/features/songs/components/add-from-file-dialog.tsx',
      'apps/web/src/features/songs/components/song-form-page.tsx',
      'apps/web/src/features/songs/practice/**/*.{ts,tsx}',
      'apps/web/src/features/songs/components/song-messages.ts',
      'apps/web/src/features/songs/components/song-files-preview.ts',
    ],
    ignores: ['**/*.test.{ts,tsx}'],
    plugins: { lingui },
    rules: {
      'lingui/no-unlocalized-strings': [
        'error',
        {
          ignore: [
            // Keys, paths, CSS values, ids: no capital first and no space.
            '^(?![A-Z])\\S+$',
            // CSS shorthands and MUI values ('0 auto', 'span 2', '1px solid').
            '^[-a-z0-9.%()#,\\s]+$',
          ],
          ignoreFunctions: [
            't',
            'tNodes',
            '*.split',
            'Date.parse',
            'Error',
            'console.*',
            'useMediaQuery',
            'document.querySelector',
            'apiFetch',
            'navigate',
            'URLSearchParams.get',
            'searchParams.get',
          ],
          ignoreNames: [
            {
              regex: {
                pattern:
                  '^(timeZone|errorCorrectionLevel|sx|style|className|variant|component|color|size|type|href|to|id|key|name|autoComplete|inputMode|role|edge|anchor|severity|align|fontWeight|display|method|rel|target|position|direction|justifyContent|alignItems|spacing|gap|width|height|maxWidth|minWidth|mode|data-.*|aria-(controls|haspopup|labelledby|describedby|live))$',
              },
            },
          ],
        },
      ],
    },
  },
);
