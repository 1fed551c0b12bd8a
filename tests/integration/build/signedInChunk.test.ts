/**
 * The signed-in chunk is decided by folders (scripts/signedInChunk.ts): it starts from the modules of
 * the layout's and the dashboard's folders that the entry loads with `import()`, and not from what
 * such a page loads later with an `import()` of its own, nor from what the entry already carries or
 * what another page imports from those folders.
 */
import { describe, expect, it } from 'vitest';
import { signedInRoots, type GraphModule } from '../../../scripts/signedInChunk';

const ROOT = '/repo/src';

/** A module graph from `[id, static imports, dynamic imports]` rows (ids relative to src/). */
function graph(rows: [string, string[], string[]?][], entry = 'app/main.tsx') {
  return new Map<string, GraphModule>(
    rows.map(([id, imports, lazy]) => [
      `${ROOT}/${id}`,
      {
        isEntry: id === entry,
        importedIds: imports.map((i) => `${ROOT}/${i}`),
        dynamicallyImportedIds: (lazy ?? []).map((i) => `${ROOT}/${i}`),
      },
    ]),
  );
}

const APP = graph([
  ['app/main.tsx', ['app/router.tsx', 'app/session.ts'], []],
  [
    'app/router.tsx',
    ['app/RequireAuth.tsx'],
    [
      'app/AppLayout.tsx',
      'features/dashboard/DashboardPage.tsx',
      'features/dashboard/primeDashboard.ts',
      'features/project/ProjectDetailPage.tsx',
      'features/landing/LandingPage.tsx',
    ],
  ],
  ['app/RequireAuth.tsx', []],
  ['app/session.ts', [], ['data/index.ts', 'data/syncStore.ts']],
  ['app/AppLayout.tsx', ['app/TopBar.tsx']],
  ['app/TopBar.tsx', ['data/index.ts']],
  ['app/thread/ProjectThread.tsx', ['data/index.ts']],
  [
    'features/dashboard/DashboardPage.tsx',
    ['features/dashboard/ProjectCard.tsx', 'hooks/index.ts'],
    ['features/dashboard/ProjectFormModal.tsx'],
  ],
  ['features/dashboard/ProjectCard.tsx', ['domain/cabinetSummary.ts']],
  ['features/dashboard/ProjectFormModal.tsx', ['features/dashboard/useProjectForm.tsx']],
  ['features/dashboard/useProjectForm.tsx', []],
  ['features/dashboard/primeDashboard.ts', ['data/index.ts']],
  ['features/project/ProjectDetailPage.tsx', ['app/thread/ProjectThread.tsx', 'remote/invites.ts']],
  ['remote/invites.ts', ['auth/supabase.ts']],
  ['auth/supabase.ts', []],
  ['features/landing/LandingPage.tsx', []],
  ['hooks/index.ts', ['data/index.ts']],
  ['data/index.ts', []],
  ['data/syncStore.ts', []],
  ['domain/cabinetSummary.ts', []],
]);

const roots = () => [...signedInRoots(APP)].map((id) => id.slice(ROOT.length + 1)).sort();

describe('signed-in chunk by folder', () => {
  it('starts from the layout and the dashboard modules the entry loads with import()', () => {
    expect(roots()).toEqual([
      'app/AppLayout.tsx',
      'features/dashboard/DashboardPage.tsx',
      'features/dashboard/primeDashboard.ts',
    ]);
  });

  it("leaves a page's later part (its own import()) and what only that part imports to a chunk of its own", () => {
    expect(roots()).not.toContain('features/dashboard/ProjectFormModal.tsx');
    expect(roots()).not.toContain('features/dashboard/useProjectForm.tsx');
  });

  it("leaves the entry's own modules and other folders' pages and subfolders out", () => {
    for (const id of [
      'app/router.tsx',
      'app/RequireAuth.tsx',
      'app/thread/ProjectThread.tsx',
      'remote/invites.ts',
      'features/project/ProjectDetailPage.tsx',
      'data/syncStore.ts',
    ])
      expect(roots()).not.toContain(id);
  });
});
