// ESLint flat config: typescript-eslint with the type-checked rules that matter
// most around Dexie and sync (no-floating-promises), react-hooks, and the layer
// rules of ARCHITECTURE.md (domain ← data ← sync ← features/app).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const restrict = (patterns) => ({
  'no-restricted-imports': ['error', { patterns }],
});

export default tseslint.config(
  { ignores: ['dist/**', 'dev-dist/**', 'node_modules/**', '.data/**', 'coverage/**', 'artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['src/domain/**/*.ts'],
    ignores: ['src/domain/cli/**'],
    rules: restrict([
      { group: ['react', 'react-dom', 'dexie', 'dexie-react-hooks', '@supabase/*', 'zustand'], message: 'src/domain is pure: no React, Dexie, network or stores.' },
      { group: ['**/data/**', '**/sync/**', '**/features/**', '**/app/**', '**/auth/**', '**/state/**'], message: 'src/domain imports nothing above it.' },
    ]),
  },
  {
    files: ['src/data/**/*.ts'],
    rules: restrict([
      { group: ['react-dom', '**/sync/**', '**/features/**', '**/app/**'], message: 'src/data sits below sync and features.' },
    ]),
  },
  {
    files: ['sync/**/*.ts'],
    rules: restrict([
      { group: ['react', 'react-dom', 'dexie-react-hooks', 'zustand', '**/features/**', '**/app/**'], message: 'sync/ is framework-free.' },
    ]),
  },
  {
    files: ['server/**/*.ts'],
    rules: restrict([
      { group: ['**/src/**', '**/sync/**'], message: 'server/ shares nothing with src/ but SQL and wire contracts.' },
    ]),
  },
  { files: ['**/*.{js,mjs,cjs}'], ...tseslint.configs.disableTypeChecked },
  { files: ['**/*.{js,mjs,cjs}'], languageOptions: { globals: { ...globals.node } } },
);
