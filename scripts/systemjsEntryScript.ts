import type { Plugin } from 'vite';

/**
 * Replaces the inline `System.import(…)` script that @vitejs/plugin-legacy
 * writes into the built page with SystemJS's own declarative form,
 * `<script type="systemjs-module" src="…">`, placed before SystemJS's script:
 * SystemJS imports such scripts as soon as it runs. The page then has no
 * inline script, so the app's Content-Security-Policy (scripts from its own
 * origin only) holds on the local backend and on any static host, without a
 * hash to keep in step with the build.
 *
 * Throws at build time when the page does not have the expected tags (a new
 * version of the legacy plugin that writes them differently), rather than
 * shipping a page that never starts.
 */
export function systemjsEntryScript(): Plugin {
  return {
    name: 'systemjs-entry-script',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        const entry =
          /<script crossorigin id="vite-legacy-entry" data-src="([^"]+)">System\.import\(document\.getElementById\('vite-legacy-entry'\)\.getAttribute\('data-src'\)\)<\/script>/;
        const loader = /<script crossorigin id="vite-legacy-polyfill" src="[^"]+"><\/script>/;
        const src = entry.exec(html)?.[1];
        const loaderTag = loader.exec(html)?.[0];
        if (!src || !loaderTag)
          throw new Error(
            'systemjs-entry-script: the legacy plugin wrote no entry or loader script',
          );
        // The browser does not fetch a script of a type it does not run, and SystemJS learns a
        // chunk's imports only when the chunk has run: preload the entry and its imports, as the
        // module build's `modulepreload` links did. Without `crossorigin`, as SystemJS asks for a
        // script of its own origin, so the preloaded answer is the one used.
        const entryChunk = bundle?.[src.replace(/^\//, '')];
        const imports = entryChunk?.type === 'chunk' ? entryChunk.imports : [];
        const preloads = [src, ...imports.map((file) => `/${file}`)]
          .map((href) => `<link rel="preload" as="script" href="${href}">`)
          .join('\n    ');
        return html
          .replace(entry, '')
          .replace('</head>', `  ${preloads}\n  </head>`)
          .replace(
            loaderTag,
            `<script type="systemjs-module" src="${src}"></script>\n    ${loaderTag}`,
          );
      },
    },
  };
}
