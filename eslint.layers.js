// The layer order of the code, stated once. eslint.config.js applies it to every file of src/,
// sync/, server/ and shared/ through the `layers/imports` rule below (static imports, re-exports,
// `import type` and lazy `import()` alike); tests/integration/lint/layers.test.ts checks the rule
// and that every folder of src/ has a place; docs/architecture.md quotes `layerOrderText()`.
import { dirname, relative, resolve } from 'node:path';

const ROOT = import.meta.dirname;

/**
 * Bottom first. A folder imports the folders of the rows below its own, and the other folders of
 * its own row unless the row is `apart`.
 */
export const LAYERS = [
  { folders: ['shared'], what: 'rules the app and the server both use' },
  {
    folders: ['sync', 'src/domain'],
    apart: true,
    what: 'the sync engine and its store contract; pure domain rules (neither imports the other)',
  },
  { folders: ['src/i18n'], what: 'the words of the screens, for everything above the domain' },
  { folders: ['src/data'], what: 'the local database; implements the sync store' },
  {
    folders: ['src/hooks', 'src/auth', 'src/remote', 'src/state', 'src/pwa'],
    what: 'read hooks and session actions, auth, online calls, UI state, the PWA',
  },
  { folders: ['src/ui'], what: 'the UI kit the screens share' },
  { folders: ['src/features'], what: 'the screens, one folder each' },
  { folders: ['src/app'], what: 'the shell: main, router, layouts, session wiring' },
];

/** Folders beside the stack, each importing exactly the folders listed. */
export const ASIDE = {
  'src/cli': ['src/domain'],
  'src/sw': ['shared', 'sync', 'src/domain', 'src/i18n', 'src/data', 'src/auth'],
  server: ['shared', 'supabase'],
};

/** Narrower than the order: a folder that may import `of` imports only these of its modules. */
export const ONLY = [
  {
    from: 'src/data',
    of: 'sync',
    modules: ['store', 'texts', 'backgroundTags'],
    why: 'src/data implements sync/store.ts: it imports the contract, the words written into the database and the background record, never the engine.',
  },
  {
    from: 'src/sw',
    of: 'src/auth',
    modules: ['sessionStore'],
    why: 'The worker reads the stored session; supabase-js and the auth store stay in the page.',
  },
];

/**
 * Features that other features embed (a project's thread in the project page, the shared view and
 * the builder; a row's sync note on the card, the project page, the builder and /sync). Any feature
 * may import them; they import no other feature. Every other feature imports no other feature.
 */
export const EMBEDDED_FEATURES = ['thread', 'rowSync', 'visits', 'doorOrders', 'walkthrough'];

/** Folders of the repository that product code never imports (test files may import tests/). */
const NEVER_IMPORTED = ['bench', 'tests', 'scripts'];

const STACKED = LAYERS.flatMap((row) => row.folders);
// `src` itself catches a folder of src/ the order does not name yet.
const KNOWN = [...STACKED, ...Object.keys(ASIDE), ...NEVER_IMPORTED, 'supabase', 'src'];

/** The folders `folder` may import (besides itself), in the order's terms. */
export function allowedFor(folder) {
  if (ASIDE[folder]) return ASIDE[folder];
  const at = LAYERS.findIndex((row) => row.folders.includes(folder));
  if (at < 0) return [];
  const own = LAYERS[at];
  return [
    ...LAYERS.slice(0, at).flatMap((row) => row.folders),
    ...(own.apart ? [] : own.folders.filter((f) => f !== folder)),
  ];
}

/** The known folder a repository path (`src/features/dashboard/x.ts`) lies in, or null. */
export function folderOf(path) {
  return (
    KNOWN.filter((f) => path === f || path.startsWith(`${f}/`)).sort(
      (a, b) => b.length - a.length,
    )[0] ?? null
  );
}

/** The order as the lines docs/architecture.md quotes: top first, one row a line. */
export function layerOrderText() {
  const lines = [
    ...[...LAYERS].reverse().map((row) => [row.folders.join(row.apart ? ' | ' : ', '), row.what]),
    ...Object.entries(ASIDE).map(([folder, uses]) => [
      `${folder} (aside)`,
      `imports ${uses.join(', ')}`,
    ]),
  ];
  const width = Math.max(...lines.map(([left]) => left.length)) + 2;
  return lines.map(([left, right]) => `${left.padEnd(width)}${right}`).join('\n');
}

/**
 * Why `file` may not import `target` (both repository paths, `/`-separated, the target's extension
 * optional), or null when the order allows it.
 */
export function refusal(file, target) {
  const from = folderOf(file);
  if (from === null || (!STACKED.includes(from) && !ASIDE[from])) return null;
  const to = folderOf(target);
  if (to === null) return null;
  if (to === 'src')
    return `${target} has no place in the layer order: add its folder to eslint.layers.js.`;
  if (NEVER_IMPORTED.includes(to)) {
    if (to === 'tests' && /\.test\.tsx?$/.test(file)) return null;
    return `Product code never imports ${to}/.`;
  }
  if (from === 'src/features' && to === 'src/features') {
    const mine = file.split('/')[2];
    const theirs = target.split('/')[2];
    if (mine === theirs) return null;
    if (EMBEDDED_FEATURES.includes(mine))
      return `src/features/${mine} is embedded by other features and imports no feature.`;
    if (EMBEDDED_FEATURES.includes(theirs)) return null;
    return `A feature imports no other feature (only the embedded ones: ${EMBEDDED_FEATURES.join(', ')}): move what both use to src/ui, src/hooks or src/remote.`;
  }
  if (to === from) return null;
  if (!allowedFor(from).includes(to))
    return `${from} imports nothing of ${to} (layer order in eslint.layers.js: ${from} may import ${allowedFor(from).join(', ') || 'nothing of the repository'}).`;
  const only = ONLY.find((o) => o.from === from && o.of === to);
  if (only) {
    const module = target.slice(to.length + 1).replace(/\.(tsx?|js)$/, '');
    if (!only.modules.includes(module)) return only.why;
  }
  return null;
}

/** The string a static or lazy import names, when it is a literal. */
function literalSource(node) {
  if (!node) return null;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral' && node.expressions.length === 0)
    return node.quasis[0].value.cooked;
  if (node.type === 'TSLiteralType') return literalSource(node.literal);
  return null;
}

/** The ESLint rule: each relative import, re-export and `import()` checked against the order. */
const importsRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports follow the layer order of eslint.layers.js.' },
    schema: [],
  },
  create(context) {
    const file = relative(ROOT, context.filename).split('\\').join('/');
    const check = (node, source) => {
      const spec = literalSource(source);
      if (spec === null || !spec.startsWith('.')) return;
      const target = relative(ROOT, resolve(dirname(context.filename), spec))
        .split('\\')
        .join('/');
      const why = refusal(file, target);
      if (why) context.report({ node, message: `'${spec}': ${why}` });
    };
    return {
      Program(node) {
        const top = file.split('/').slice(0, 2).join('/');
        if (folderOf(file) === 'src')
          context.report({
            node,
            message: `${top} has no place in the layer order: add it to eslint.layers.js.`,
          });
      },
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
      TSImportType: (node) => check(node, node.argument),
    };
  },
};

/** The plugin eslint.config.js registers as `layers`. */
export const layersPlugin = { rules: { imports: importsRule } };
