// ESLint flat config: typescript-eslint with the type-checked rules that matter
// most around Dexie and sync (no-floating-promises), react-hooks, and the layer
// order of eslint.layers.js (stated there once, quoted in docs/architecture.md):
// the `layers/imports` rule checks every relative import, re-export and lazy
// import() of src/, sync/, server/ and shared/ against it. The per-folder
// no-restricted-imports below only keep packages out of the folders that must
// stay free of them (React, Dexie, the network, stores).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { layersPlugin } from './eslint.layers.js';
import lingui from 'eslint-plugin-lingui';

const restrict = (patterns) => ({
  'no-restricted-imports': ['error', { patterns }],
});

/** Lingui's message elements: text inside them is a message's source text. */
const IN_MESSAGE = 'JSXElement[openingElement.name.name=/^(Trans|Plural|Select|SelectOrdinal)$/]';

/** The screens whose texts all go through Lingui so far; the JSX-text rule holds them to it. */
const TRANSLATED = [
  'src/i18n/**/*.tsx',
  'src/app/**/*.tsx',
  'src/ui/**/*.tsx',
  'src/features/**/*.tsx',
  'src/pwa/**/*.tsx',
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dev-dist/**',
      'node_modules/**',
      '.data/**',
      'coverage/**',
      'artifacts/**',
      // Compiled from the mails' catalog by scripts/compile-mails.ts.
      'supabase/functions/_shared/locales/**',
      // Deno-only modules of the Edge Functions (Deno.serve, Deno.env, Deno.test): `deno check`
      // and `deno lint` check them in `npm run test:functions`; the shared handler is linted here.
      'supabase/functions/*/index.ts',
      'supabase/functions/_shared/deno.ts',
      'supabase/functions/tests/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['src/domain/**/*.ts'],
    rules: restrict([
      {
        group: ['react', 'react-dom', 'dexie', 'dexie-react-hooks', '@supabase/*', 'zustand'],
        message: 'src/domain is pure: no React, Dexie, network or stores.',
      },
    ]),
  },
  {
    files: ['src/cli/**/*.ts'],
    rules: restrict([
      {
        group: ['react', 'react-dom', 'dexie', 'dexie-react-hooks', '@supabase/*', 'zustand'],
        message:
          'src/cli is a Node command line over src/domain: no React, Dexie, network or stores.',
      },
    ]),
  },
  {
    files: ['src/data/**/*.ts'],
    rules: restrict([
      {
        group: ['react', 'react-dom', 'dexie-react-hooks'],
        message: 'src/data is free of React: the hooks over it live in src/hooks.',
      },
    ]),
  },
  {
    files: ['sync/**/*.ts'],
    rules: restrict([
      {
        group: ['react', 'react-dom', 'dexie', 'dexie-react-hooks', 'zustand'],
        message: 'sync/ is framework-free and reaches the local database only through its store.',
      },
    ]),
  },
  {
    files: ['src/**/*.{ts,tsx}', 'sync/**/*.ts', 'server/**/*.ts', 'shared/**/*.ts'],
    plugins: { layers: layersPlugin },
    rules: { 'layers/imports': 'error' },
  },
  {
    // The first screen (docs/architecture.md "The first screen"): what the shell, the top bar, the
    // layout and the dashboard import statically loads before a signed-in cold start shows. The
    // sync engine, zod, supabase-js, date-fns and workbox-window come after it, through a dynamic
    // import() behind afterFirstScreen(); types are free. (The bundle test checks what the built
    // chunks carry; this catches a direct import where it is written.) A separate rule name, so the
    // package rules above still apply to the same files.
    files: [
      'src/app/{main,router,AppLayout,TopBar,RequireAuth,session,firstScreen,otherPages,ErrorScreen}.{ts,tsx}',
      'src/ui/Spinner.tsx',
      'src/hooks/sessionActions.ts',
      'src/features/dashboard/{DashboardPage,ProjectCard,StatusEditor,LoadErrorBoundary,LoadTimeout}.{ts,tsx}',
      'src/features/sync/{SyncStatusIndicator,StaleChangesBanner,syncTexts,useNow,useSyncStatus}.{ts,tsx}',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['zod', 'date-fns', 'date-fns/*', '@supabase/*', 'workbox-window'],
              allowTypeImports: true,
              message:
                'Not in the first screen: load it with import() after afterFirstScreen() (src/app/firstScreen.ts).',
            },
            {
              regex: '^(\\.\\./)+sync(/(?!status$|texts$)[^/]+)?$',
              allowTypeImports: true,
              message:
                'The sync engine loads after the first screen (src/app/session.ts); the first screen may import sync/status and sync/texts only.',
            },
            {
              regex: '(^|/)auth/(supabase|authLifecycle)$',
              allowTypeImports: true,
              message:
                'supabase-js loads after the first screen: use ensureAuthStarted() or a dynamic import().',
            },
          ],
        },
      ],
    },
  },
  {
    // Lingui's rules for how messages are written (no single variable or tag as a message, no
    // plural inside <Trans>, `t` only inside functions), on the app's code.
    files: ['src/**/*.{ts,tsx}'],
    ...lingui.configs['flat/recommended'],
  },
  {
    // What a person reads goes through Lingui: JSX text and the readable attributes of an element
    // are refused outside a message. On the screens translated so far (docs/i18n.md).
    files: TRANSLATED,
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: `JSXText[value=/[A-Za-z]{2}/]:not(${IN_MESSAGE} JSXText)`,
          message: 'Text a person reads goes in a message: <Trans>…</Trans> (Lingui).',
        },
        {
          selector: `JSXAttribute[name.name=/^(aria-label|placeholder|title|alt|label)$/] > Literal[value=/[A-Za-z]{2}/]`,
          message: 'A readable attribute goes through Lingui: {t`…`}.',
        },
      ],
    },
  },
  {
    // Tests read untyped JSON and supabase-js results and use expect's matchers (typed \`any\`);
    // their fault hooks are async by contract without always awaiting. Product code keeps these rules.
    files: ['tests/**/*.ts', '**/*.test.{ts,tsx}', 'sync/testing/**/*.ts', 'bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/require-await': 'off',
    },
  },
  { files: ['**/*.{js,mjs,cjs}'], ...tseslint.configs.disableTypeChecked },
  { files: ['**/*.{js,mjs,cjs}'], languageOptions: { globals: { ...globals.node } } },
);
