import type { Plugin } from 'vite';

/**
 * Folders of the signed-in first screen: the layout (the files directly in `src/app/`, not its
 * subfolders), the dashboard (`src/features/dashboard/`, with its subfolders) and what the session
 * opens the user's database with (`src/data/sessionData.ts`). Paths as Vite names modules
 * (absolute, `/` separators).
 */
export const SIGNED_IN_FOLDERS: readonly RegExp[] = [
  /\/src\/app\/[^/]+$/,
  /\/src\/features\/dashboard\//,
  /\/src\/data\/sessionData\.ts$/,
];

/** The module graph as a chunk rule needs it (a subset of Rolldown's `ModuleInfo`). */
export interface GraphModule {
  isEntry: boolean;
  importedIds: readonly string[];
  dynamicallyImportedIds: readonly string[];
}

/**
 * The modules of `folders` that start the signed-in chunk: those the entry loads with an `import()`
 * of its own (the router's layout and dashboard, what the session starts). What they import
 * statically joins them (the group's `includeDependenciesRecursively`); what they load with an
 * `import()` of their own (the dashboard's project form, the shared projects) comes after the
 * first screen, in a chunk of its own, and so does everything of other folders (a page's
 * subfolder of `src/app/`, another feature), unless the dashboard or the layout imports it.
 *
 * `modules` maps every module id of the build to its imports. Returns the matching ids; the
 * entry's own static imports are never among them (they are the entry chunk).
 */
export function signedInRoots(
  modules: ReadonlyMap<string, GraphModule>,
  folders: readonly RegExp[] = SIGNED_IN_FOLDERS,
): Set<string> {
  const boot = new Set<string>();
  const queue = [...modules].filter(([, m]) => m.isEntry).map(([id]) => id);
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (boot.has(id)) continue;
    boot.add(id);
    queue.push(...(modules.get(id)?.importedIds ?? []));
  }
  const lazyFromBoot = [...boot].flatMap((id) => modules.get(id)?.dynamicallyImportedIds ?? []);
  return new Set(lazyFromBoot.filter((id) => !boot.has(id) && folders.some((f) => f.test(id))));
}

/**
 * The signed-in chunk's rule for `build.rolldownOptions.output.codeSplitting.groups`: `plugin`
 * reads the module graph once it is complete (buildEnd, before chunks are made) and `test` then
 * answers for each module whether it starts the signed-in chunk (see `signedInRoots`); with
 * `includeDependenciesRecursively` the chunk takes in what those modules import.
 */
export function signedInChunk(): { plugin: Plugin; test: (id: string) => boolean } {
  let roots = new Set<string>();
  return {
    plugin: {
      name: 'signed-in-chunk',
      apply: 'build',
      buildEnd() {
        const modules = new Map<string, GraphModule>();
        for (const id of this.getModuleIds()) {
          const info = this.getModuleInfo(id);
          if (info) modules.set(id, info);
        }
        roots = signedInRoots(modules);
      },
    },
    test: (id) => roots.has(id),
  };
}
