/** Injected by vite.config.ts: the build's id (BUILD_ID env or the git commit). */
declare const __BUILD_ID__: string;
