// ESLint flat config: typescript-eslint with the type-checked rules that matter
// most around Dexie and sync (no-floating-promises), react-hooks, and the layer
// rules of docs/architecture.md (sync ← domain ← data ← features/app: sync/
// imports nothing of src/, src/data implements sync's store contract).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import lingui from 'eslint-plugin-lingui';

const restrict = (patterns) => ({
  'no-restricted-imports': ['error', { patterns }],
});

// Import patterns for a layer folder: both its index (`'../data'`) and any
// file inside it (`'../data/db'`); a bare `**/data/**` glob misses the index.
const layer = (...names) => names.flatMap((n) => [`**/${n}`, `**/${n}/**`]);

const features = [
  'auth',
  'builder',
  'dashboard',
  'landing',
  'legal',
  'order',
  'organization',
  'profile',
  'project',
  'quotes',
  'quotesReceived',
  'analytics',
  'sync',
];

/** A feature imports no other feature: what two features share lives in src/app/ui. */
const featureRules = features.map((name) => ({
  files: [`src/features/${name}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: `^(\\.\\./(?!${name}/|\\.\\./)[^/]+|.*/features/(?!${name}/)[^/]+)`,
            message: 'A feature imports no other feature: move what both use to src/app/ui.',
          },
          { group: layer('app/router', 'app/main'), message: 'Features sit below the app shell.' },
        ],
      },
    ],
  },
}));

/** Lingui's message elements: text inside them is a message's source text. */
const IN_MESSAGE = 'JSXElement[openingElement.name.name=/^(Trans|Plural|Select|SelectOrdinal)$/]';

/** The screens whose texts all go through Lingui so far; the JSX-text rule holds them to it. */
const TRANSLATED = [
  'src/i18n/**/*.tsx',
  'src/app/{PublicLayout,TopBar,ErrorScreen,Spinner,RequireAuth,AppLayout,ProfileLocale}.tsx',
  'src/app/ui/UnreadBadge.tsx',
  'src/features/landing/**/*.tsx',
  'src/features/auth/{AuthCard,LoginPage,SignupPage}.tsx',
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
      {
        group: layer('data', 'sync', 'features', 'app', 'auth', 'state', 'hooks'),
        message: 'src/domain imports nothing above it.',
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
      {
        group: layer(
          'data',
          'sync',
          'features',
          'app',
          'auth',
          'state',
          'hooks',
          'pwa',
          'server',
          'bench',
        ),
        message: 'src/cli imports src/domain (and Node builtins) only.',
      },
    ]),
  },
  {
    files: ['src/data/**/*.ts'],
    rules: restrict([
      {
        group: [
          'react',
          'react-dom',
          'dexie-react-hooks',
          ...layer('features', 'app', 'auth', 'state', 'hooks'),
        ],
        message: 'src/data sits below features and the app shell.',
      },
      {
        // The store contract, the words written into the database and the background record's shape; never the engine.
        regex: '^(\\.\\./)+sync(/(?!(store|texts|backgroundTags)$)[^/]+)?$',
        message:
          'src/data implements sync/store.ts: it imports sync/store, sync/texts and sync/backgroundTags only.',
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
      {
        group: layer('bench'),
        message: 'sync/ is product code: bench/ measures it and is never imported by it.',
      },
      {
        group: layer('src'),
        message:
          'sync/ imports nothing from src/: it declares what it needs (sync/store.ts, sync/transport.ts) and src/app/session.ts wires it.',
      },
    ]),
  },
  {
    files: ['server/**/*.ts'],
    rules: restrict([
      {
        group: layer('src', 'sync'),
        message: 'server/ shares nothing with src/ but SQL and wire contracts.',
      },
    ]),
  },
  {
    files: ['src/auth/**/*.{ts,tsx}'],
    rules: restrict([
      {
        group: layer('features', 'app', 'state'),
        message: 'src/auth sits below features and the app shell.',
      },
    ]),
  },
  {
    files: ['src/app/ui/**/*.{ts,tsx}'],
    rules: restrict([
      {
        group: layer('features', 'data', 'sync', 'auth', 'state'),
        message: 'src/app/ui is a leaf: shared presentational pieces only.',
      },
    ]),
  },
  {
    files: ['shared/**/*.ts'],
    rules: restrict([
      {
        group: layer('src', 'server', 'sync', 'bench', 'tests'),
        message: 'shared/ holds rules the app and the server both use: it imports neither.',
      },
    ]),
  },
  ...featureRules,
  {
    // The first screen (docs/architecture.md "The first screen"): what the shell, the top bar, the
    // layout and the dashboard import statically loads before a signed-in cold start shows. The
    // sync engine, zod, supabase-js, date-fns and workbox-window come after it, through a dynamic
    // import() behind afterFirstScreen(); types are free. (The bundle test checks what the built
    // chunks carry; this catches a direct import where it is written.) A separate rule name, so the
    // layer rules above still apply to the same files.
    files: [
      'src/app/{main,router,AppLayout,TopBar,RequireAuth,session,firstScreen,otherPages,ErrorScreen,Spinner}.{ts,tsx}',
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
    // are refused outside a message. On the screens translated so far (docs/i18n.md lists the rest).
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
