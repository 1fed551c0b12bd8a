/**
 * What must hold after every simulated run (world.ts), read from the server's
 * database and from each device's IndexedDB and builder:
 *
 * - every replica converges: each device's row of the job, its messages and
 *   its builder draft equal the server's, and its outbox is empty;
 * - every edit a person saved is on the server, or was knowingly replaced
 *   (a later edit made by someone who saw it, a removal of its cabinet by
 *   someone who saw it), or was shown as a conflict (the sync page's list or
 *   the builder's "changed on another device") or as a refusal (dead letters);
 * - no row vanishes: a cabinet someone added or the job started with is on
 *   the server unless someone who saw it removed it; a message is there;
 * - nothing is duplicated: no two cabinets share an id, no message twice.
 *
 * Returns the broken ones in words; an empty list means the run kept everything.
 */
import { isPrefix, sameJson } from '../../../src/data/detailsPatch';
import { valueAt } from '../../../src/data/threeWayMerge';
import { normalizeCabinetData, type CabinetData } from '../../../src/domain/cabinetData';
import { builderAdapter as cab, type CabinetRef } from './builderAdapter';
import type { SavedEdit, World } from './world';

interface Evidence {
  /** Paths in the row, with the values shown next to them. */
  conflicts: { dev: string; path: string[]; values: unknown[] }[];
  /** Refused ops of each device. */
  refused: { dev: string; op: unknown }[];
}

function mentions(values: unknown, v: string): boolean {
  return JSON.stringify(values ?? null).includes(JSON.stringify(v));
}

function overlaps(a: readonly string[], b: readonly string[]): boolean {
  return isPrefix(a, b) || isPrefix(b, a);
}

function has(list: CabinetRef[], id: string, type: string): boolean {
  return list.some((c) => c.id === id && c.type === type);
}

/** Checks the invariants of a finished run; the broken ones in words. */
export async function brokenInvariants(world: World): Promise<string[]> {
  const problems: string[] = [];
  const pg = world.server.pg();
  const { rows } = await pg.query<{
    name: string;
    status: string;
    details: Record<string, unknown>;
    version: number;
    deleted_at: string | null;
  }>('select name, status, details, version, deleted_at from public.projects where id = $1', [
    world.projectId,
  ]);
  const server = rows[0];
  if (!server || server.deleted_at) return [`the job vanished from the server`];
  const messages = (
    await pg.query<{ id: string; body: string; deleted_at: string | null }>(
      'select id, body, deleted_at from public.messages where project_id = $1 order by id',
      [world.projectId],
    )
  ).rows.map((m) => ({ id: m.id, body: m.body, deleted: m.deleted_at !== null }));
  const serverData: CabinetData = normalizeCabinetData(server.details?.cabinetData);
  const serverCabinets = cab.cabinets(serverData);

  // Convergence.
  const evidence: Evidence = { conflicts: [], refused: [] };
  for (const d of world.devices) {
    const db = d.device.db;
    const row = await db.projects.get(world.projectId);
    const mine = row && {
      name: row.name,
      status: row.status,
      details: row.details,
      version: row.version,
    };
    const theirs = {
      name: server.name,
      status: server.status,
      details: server.details,
      version: server.version,
    };
    if (!mine || row?.deleted_at || !sameJson(mine, theirs))
      problems.push(
        `${d.name}: the job differs from the server's: ${JSON.stringify(mine)} vs ${JSON.stringify(theirs)}`,
      );
    const local = (await db.messages.where('project_id').equals(world.projectId).toArray())
      .map((m) => ({ id: m.id, body: m.body, deleted: m.deleted_at !== null }))
      .sort((a, b) => a.id.localeCompare(b.id));
    if (!sameJson(local, messages))
      problems.push(
        `${d.name}: the thread differs from the server's: ${JSON.stringify(local)} vs ${JSON.stringify(messages)}`,
      );
    const waiting = await db.outbox.count();
    if (waiting) problems.push(`${d.name}: ${waiting} change(s) still waiting to be sent`);
    const draft = d.builder.getState().data;
    if (!sameJson(draft, serverData))
      problems.push(
        `${d.name}: the builder shows ${JSON.stringify(draft && cab.cabinets(draft))}, the server holds ${JSON.stringify(serverCabinets)}`,
      );
    for (const c of await db.conflicts.toArray())
      if (c.rowId === world.projectId)
        evidence.conflicts.push({
          dev: d.name,
          path: c.path,
          values: [c.serverValue, c.clientValue],
        });
    for (const s of d.shown) evidence.conflicts.push(s);
    for (const l of await db.dead_letters.toArray())
      evidence.refused.push({ dev: d.name, op: l.op });
  }

  // Nothing duplicated.
  const ids = serverCabinets.map((c) => c.id);
  if (new Set(ids).size !== ids.length)
    problems.push(`two cabinets share an id: ${ids.join(', ')}`);
  const live = messages.filter((m) => !m.deleted);
  for (const body of new Set(live.map((m) => m.body))) {
    const n = live.filter((m) => m.body === body).length;
    if (n > 1) problems.push(`message "${body}" is on the server ${n} times`);
  }

  // Every saved edit is kept, knowingly replaced, or shown.
  const saved = world.saved;
  const shown = (path: string[], value?: string) =>
    evidence.conflicts.some(
      (c) => overlaps(c.path, path) && (value === undefined || mentions(c.values, value)),
    );
  const refused = (dev: string, value: string) =>
    evidence.refused.some((r) => r.dev === dev && mentions(r.op, value));
  const refusedAt = (dev: string, paths: string[][]) =>
    evidence.refused.some(
      (r) =>
        r.dev === dev &&
        ((r.op as { details_patch?: { path: string[] }[] }).details_patch ?? []).some((e) =>
          paths.some((p) => overlaps(['details', ...e.path], p)),
        ),
    );
  const removedKnowingly = (id: string, type: string, after: number, value?: string) =>
    saved.some(
      (e) =>
        e.kind === 'remove' &&
        e.cabinet === id &&
        e.type === type &&
        e.seq > after &&
        (value === undefined || e.seen.includes(value)),
    );
  const replaced = (e: Extract<SavedEdit, { kind: 'size' | 'field' }>) =>
    saved.some((o) => {
      if (o === e || (o.kind !== 'size' && o.kind !== 'field') || o.prior !== e.value) return false;
      if (o.kind === 'field' && e.kind === 'field') return sameJson(o.path, e.path);
      return (
        o.kind === 'size' &&
        e.kind === 'size' &&
        o.cabinet === e.cabinet &&
        o.part === e.part &&
        o.field === e.field
      );
    });

  for (const e of saved) {
    switch (e.kind) {
      case 'size': {
        const path = ['details', ...cab.sizePath(e.cabinet, e.part, e.field)];
        const onServer =
          has(serverCabinets, e.cabinet, e.type) &&
          cab.sizeAt(serverData, e.cabinet, e.part, e.field) === e.value;
        if (
          onServer ||
          replaced(e) ||
          removedKnowingly(e.cabinet, e.type, -1, e.value) ||
          shown(path, e.value) ||
          // A removal on one device and this size on another: one whole-cabinet conflict.
          shown(['details', ...cab.cabinetPath(e.cabinet)], e.value) ||
          refused(e.dev, e.value)
        )
          break;
        problems.push(
          `${e.dev}'s ${e.field} ${e.value} of cabinet ${e.cabinet} (${e.type}) part ${e.part} is lost: the server has ${JSON.stringify(
            has(serverCabinets, e.cabinet, e.type)
              ? cab.sizeAt(serverData, e.cabinet, e.part, e.field)
              : 'no such cabinet',
          )} and no device showed a conflict or refusal`,
        );
        break;
      }
      case 'field': {
        const onServer =
          e.path[0] === 'name'
            ? server.name === e.value
            : valueAt(server.details, e.path.slice(1)) === e.value;
        if (onServer || replaced(e) || shown(e.path, e.value) || refused(e.dev, e.value)) break;
        problems.push(
          `${e.dev}'s ${e.path.join('.')} "${e.value}" is lost: the server has ${JSON.stringify(
            e.path[0] === 'name' ? server.name : valueAt(server.details, e.path.slice(1)),
          )} and no device showed a conflict or refusal`,
        );
        break;
      }
      case 'add': {
        // A row must not vanish: a conflict shown elsewhere does not excuse a lost cabinet.
        if (
          has(serverCabinets, e.cabinet, e.type) ||
          removedKnowingly(e.cabinet, e.type, e.seq) ||
          refusedAt(
            e.dev,
            cab.pathsOf(e.cabinet, e.type).map((p) => ['details', ...p]),
          )
        )
          break;
        problems.push(
          `${e.dev}'s added cabinet ${e.cabinet} (${e.type}) vanished: the server holds ${JSON.stringify(serverCabinets)}`,
        );
        break;
      }
      case 'remove': {
        const paths = cab.pathsOf(e.cabinet, e.type).map((p) => ['details', ...p]);
        const addedAgain = saved.some(
          (o) => o.kind === 'add' && o.cabinet === e.cabinet && o.type === e.type && o.seq > e.seq,
        );
        if (
          !has(serverCabinets, e.cabinet, e.type) ||
          addedAgain ||
          paths.some((p) => shown(p)) ||
          refusedAt(e.dev, paths)
        )
          break;
        problems.push(
          `${e.dev}'s removal of cabinet ${e.cabinet} (${e.type}) is undone with nothing shown`,
        );
        break;
      }
      case 'message': {
        const n = live.filter((m) => m.body === e.body).length;
        if (n === 1 || (n === 0 && refused(e.dev, e.body))) break;
        if (n === 0) problems.push(`${e.dev}'s message "${e.body}" vanished`);
        break;
      }
    }
  }

  // The job's starting cabinets stay unless someone who saw them removed them.
  for (const c of world.seedCabinets)
    if (!has(serverCabinets, c.id, c.type) && !removedKnowingly(c.id, c.type, -1))
      problems.push(`cabinet ${c.id} (${c.type}) the job started with vanished`);
  return problems;
}
