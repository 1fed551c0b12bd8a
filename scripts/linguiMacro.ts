import { transformAsync } from '@babel/core';
import type { Plugin } from 'vite';

/** A module that imports one of Lingui's macros (`@lingui/core/macro`, `@lingui/react/macro`). */
const USES_MACRO = /from\s+['"]@lingui\/(?:core|react)\/macro['"]/;

/**
 * Compiles Lingui's macros (`<Trans>`, `t`, `plural`, `msg`, `useLingui`) into `i18n._` calls with
 * message ids, before Vite's own TypeScript and JSX transform (`enforce: 'pre'`).
 *
 * `@vitejs/plugin-react` 6 no longer runs Babel, and the route it names for Babel plugins
 * (`@rolldown/plugin-babel`) requires Node 22 while this project runs on Node 20; Lingui 5's Vite
 * plugin compiles catalogs but not macros. So this runs `@lingui/babel-plugin-lingui-macro` through
 * `@babel/core` directly, on the few modules that import a macro (the rest never reach Babel).
 * Babel only parses TypeScript and JSX here and prints them back; it changes nothing else.
 */
export function linguiMacro(): Plugin {
  return {
    name: 'lingui-macro',
    enforce: 'pre',
    async transform(code, id) {
      if (id.includes('/node_modules/') || !/\.[cm]?[jt]sx?(?:$|\?)/.test(id)) return null;
      if (!USES_MACRO.test(code)) return null;
      const file = id.split('?')[0] ?? id;
      const result = await transformAsync(code, {
        filename: file,
        babelrc: false,
        configFile: false,
        sourceMaps: true,
        parserOpts: { plugins: file.endsWith('x') ? ['typescript', 'jsx'] : ['typescript'] },
        plugins: ['@lingui/babel-plugin-lingui-macro'],
      });
      if (!result?.code) return null;
      return { code: result.code, map: result.map ?? null };
    },
  };
}
