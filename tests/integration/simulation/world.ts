/**
 * The simulated world of one run: the local backend (PGlite in a data
 * directory, so it can be stopped and started again on the same port, as a
 * restarted server), one shared job, and three devices — two tablets of the
 * contractor Joe and the homeowner Maria's phone — each with its own
 * IndexedDB, its own supabase-js client, the real repositories and the real
 * sync engine (tests/integration/sync/harness.ts). The devices' people act
 * through the same code the app runs: the builder's store and its save
 * (`draftSave` then `projectsRepo.update` with the draft's base), the
 * project form's values (`fromProject`/`toDetails`, saved with the form's
 * base), the messages repository. Every change a person saved goes into
 * the ledger the invariants (invariants.ts) check after the run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLocalBackend, type LocalBackend } from '../../../server/createServer';
import type { SqlDatabase } from '../../../server/sqlDatabase';
import { createMessagesRepo } from '../../../src/data/messagesRepo';
import type { ProjectRow } from '../../../src/data/types';
import { toProjectRow } from '../../../src/data/db';
import { valueAt } from '../../../src/data/threeWayMerge';
import { sameJson } from '../../../src/data/detailsPatch';
import type { CabinetData } from '../../../src/domain/cabinetData';
import { normalizeCabinetData } from '../../../src/domain/cabinetData';
import type { CabinetTypeName } from '../../../src/domain/cabinetTypes';
import { createBuilderStore, draftSave } from '../../../src/features/builder/builderStore';
import { fromProject, toDetails } from '../../../src/features/dashboard/projectFormValues';
import { startLocalBackend, type StartedBackend } from '../../support/localBackend';
import { reservePort } from '../../support/ports';
import {
  inviteAndAccept,
  openDevice,
  settle,
  signUpJoeAndMaria,
  type Credentials,
  type memoryStorage,
} from '../sync/harness';
import {
  builderAdapter as cab,
  type BuilderStore,
  type CabinetRef,
  type SizeField,
} from './builderAdapter';

/** The backend of a simulation, restartable on its port. */
export interface SimServer {
  started: StartedBackend;
  /** The running backend, or null while it is stopped. */
  current: LocalBackend | null;
  /** The database of the running backend (superuser; for the invariants only). */
  pg(): SqlDatabase;
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
  joe: Credentials;
  maria: Credentials;
}

/** Starts the backend in a fresh data directory and signs up Joe and Maria. */
export async function startSimServer(): Promise<SimServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'refacing-sim-'));
  const log = () => {};
  // Restarted on this port: one the kernel never hands to a parallel test's listen(0) meanwhile.
  const port = await reservePort();
  const started = await startLocalBackend({ dataDir, log }, { port });
  const { contractor: joe, maria } = await signUpJoeAndMaria(started, 'sim');
  const server: SimServer = {
    started,
    current: started.backend,
    joe,
    maria,
    pg() {
      if (!server.current) throw new Error('the server is stopped');
      return server.current.pg;
    },
    async stop() {
      const running = server.current;
      server.current = null;
      await running?.close();
    },
    async start() {
      if (server.current) return;
      const next = await createLocalBackend({ dataDir, log });
      await next.listen(port);
      server.current = next;
    },
    async close() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return server;
}

/** One edit a person saved, as the invariants check it. */
export type SavedEdit =
  | {
      kind: 'size';
      dev: string;
      cabinet: string;
      type: string;
      part: number;
      field: SizeField;
      value: string;
      /** The value the person saw before typing (what this edit knowingly replaced). */
      prior: string | undefined;
    }
  | { kind: 'add'; dev: string; cabinet: string; type: string; seq: number }
  | {
      kind: 'remove';
      dev: string;
      cabinet: string;
      type: string;
      seq: number;
      /** The sizes the person saw on the cabinet they removed. */
      seen: string[];
    }
  | {
      kind: 'field';
      dev: string;
      /** Path in the row: `['name']` for the column, `['details', …]` inside details. */
      path: string[];
      value: string;
      prior: string | undefined;
    }
  | { kind: 'message'; dev: string; body: string };

/** A conflict a person was shown in the builder (another device's value next to theirs). */
export interface ShownConflict {
  dev: string;
  /** Path in the row (`['details', 'cabinetData', …]`). */
  path: string[];
  values: unknown[];
}

/** A device of the simulation: the harness device, its builder and what its person did. */
export interface SimDevice {
  name: string;
  device: Awaited<ReturnType<typeof openDevice>>;
  creds: Credentials;
  kind: 'contractor' | 'homeowner';
  builder: BuilderStore;
  messages: ReturnType<typeof createMessagesRepo>;
  /** Builder edits made since the last save (they become saved edits then). */
  pending: SavedEdit[];
  /** The builder draft's conflicts as they were shown, over the whole run. */
  shown: ShownConflict[];
}

/** Sessions kept between runs so a device signs in once per test file. */
const sessions = new Map<string, ReturnType<typeof memoryStorage>>();

/** One run: the devices, the job and the ledger. */
export class World {
  readonly devices: SimDevice[] = [];
  readonly saved: SavedEdit[] = [];
  /** Everything that happened, for the failure report. */
  readonly trace: string[] = [];
  projectId = '';
  /** The cabinets the job started with (tablet A measured them before the run). */
  seedCabinets: CabinetRef[] = [];
  private counter = 0;

  constructor(readonly server: SimServer) {}

  /** A value no one typed before in this run (so an edit can be told apart everywhere). */
  unique(prefix: string): string {
    this.counter += 1;
    return `${prefix}${this.counter}`;
  }

  /** Next sequence number of a cabinet add or remove (their order in the run). */
  seq(): number {
    this.counter += 1;
    return this.counter;
  }

  /**
   * Opens the phone and both tablets on fresh databases; the phone creates the
   * job and invites Joe through the real invitation; tablet A measures four
   * cabinets and saves; every device syncs and opens the job in the builder.
   */
  async setUp(): Promise<void> {
    const { joe, maria } = this.server;
    const phone = await this.open('phone', maria, 'homeowner');
    const tabletA = await this.open('tabletA', joe, 'contractor');
    await this.open('tabletB', joe, 'contractor');
    const project = await phone.device.projects.create({
      name: 'Alvarez kitchen',
      status: 'active',
      details: { address: '12 Elm St' },
      role: 'homeowner',
    });
    this.projectId = project.id;
    await must(phone.device.sync(), 'phone first push');
    // Each run invites Joe anew, far past the invitation limits (3 a day per address), which
    // have their own tests: the simulation forgets earlier sends.
    await this.server.pg().query('delete from private.invite_sends');
    await inviteAndAccept(
      this.server.started,
      phone.device,
      tabletA.device,
      joe.email,
      project.id,
      'contractor',
    );
    await must(tabletA.device.sync(), 'tablet A first pull');
    await this.loadBuilder(tabletA);
    const seedTypes: CabinetTypeName[] = ['Base 1/1', 'Wall', 'Base 2/1', 'Wall'];
    for (const type of seedTypes) {
      const id = cab.add(tabletA.builder, type);
      if (id === null) throw new Error('the builder did not load the job');
      for (let part = 0; part < cab.partCount(type); part++)
        cab.setSize(tabletA.builder, id, part, 'width', this.unique('w'));
    }
    await this.saveBuilder(tabletA);
    this.seedCabinets = cab.cabinets(this.draft(tabletA));
    // The seed job is every device's starting point, not an edit of the run.
    tabletA.pending = [];
    this.saved.length = 0;
    await settle(this.devices.map((d) => d.device));
    for (const d of this.devices) await this.loadBuilder(d);
  }

  private async open(
    name: string,
    creds: Credentials,
    kind: 'contractor' | 'homeowner',
  ): Promise<SimDevice> {
    const stored = sessions.get(name);
    const device = await openDevice(this.server.started, name, creds, {
      storage: stored,
      signIn: stored === undefined,
    });
    sessions.set(name, device.storage);
    const d: SimDevice = {
      name,
      device,
      creds,
      kind,
      builder: createBuilderStore(),
      messages: createMessagesRepo({ getDb: () => device.db, now: () => device.clock.now() }),
      pending: [],
      shown: [],
    };
    this.devices.push(d);
    return d;
  }

  /**
   * The app is closed and opened again on the same device: the builder saves
   * what it holds as the page goes (useBuilderSave's flush on pagehide), the
   * engine stops, the database closes; the new app opens the same IndexedDB
   * and session with the network as it is, and opens the job in the builder.
   */
  async reopen(d: SimDevice): Promise<void> {
    await this.saveBuilder(d);
    const { idb, storage, net } = d.device;
    await d.device.close();
    const device = await openDevice(this.server.started, d.name, d.creds, { idb, storage, net });
    d.device = device;
    d.messages = createMessagesRepo({ getDb: () => device.db, now: () => device.clock.now() });
    d.builder = createBuilderStore();
    await this.loadBuilder(d);
  }

  /** The job's row on a device. */
  async row(d: SimDevice): Promise<ProjectRow | undefined> {
    const record = await d.device.db.projects.get(this.projectId);
    return record && !record.deleted_at ? toProjectRow(record) : undefined;
  }

  /** Opens the job in the device's builder (BuilderPage's `load`). */
  async loadBuilder(d: SimDevice): Promise<void> {
    const row = await this.row(d);
    if (!row) throw new Error(`${d.name} does not hold the job`);
    d.builder.getState().load(this.projectId, row.details?.cabinetData);
  }

  /**
   * The person leaves the builder (BuilderPage unmounts): it saves what it
   * holds, and until it is opened again no pull reaches a draft, so another
   * device's changes meet this device's saved ones in the sync engine and on
   * the server only.
   */
  async closeBuilder(d: SimDevice): Promise<void> {
    await this.saveBuilder(d);
    d.builder = createBuilderStore();
  }

  /** True while the device's builder holds the job. */
  builderOpen(d: SimDevice): boolean {
    return d.builder.getState().data !== null;
  }

  /** Opens the builder again if it is closed (a no-op while it is open). */
  async openBuilder(d: SimDevice): Promise<void> {
    if (!this.builderOpen(d)) await this.loadBuilder(d);
  }

  /**
   * What BuilderPage does when the local row changes (a pull, its own save):
   * the draft takes in the row's cabinet data; the conflicts it shows are noted.
   */
  async followRow(d: SimDevice): Promise<void> {
    const row = await this.row(d);
    if (!row) return;
    const before = d.builder.getState().conflicts;
    d.builder.getState().mergeRemote(row.details?.cabinetData);
    for (const c of d.builder.getState().conflicts)
      if (!before.includes(c))
        d.shown.push({
          dev: d.name,
          path: ['details', 'cabinetData', ...c.path],
          values: [c.mine, c.theirs, c.base],
        });
  }

  /** The builder's save (useBuilderSave): the draft with its base through `projectsRepo.update`. */
  async saveBuilder(d: SimDevice): Promise<void> {
    const args = draftSave(d.builder.getState());
    if (!args) return;
    const result = await d.device.projects.update(args.projectId, args.changes, args.options);
    if (!result.ok)
      throw new Error(`${d.name}: builder save refused on the device: ${result.code}`);
    this.saved.push(...d.pending);
    d.pending = [];
    await this.followRow(d);
  }

  /** One sync run of a device, then the builder takes in the row. */
  async sync(d: SimDevice): Promise<void> {
    const report = await d.device.sync();
    this.trace.push(`${d.name} sync → ${report.ok ? 'ok' : (report.reason ?? 'failed')}`);
    await this.followRow(d);
  }

  /** The draft's cabinet data. */
  draft(d: SimDevice): CabinetData {
    const data = d.builder.getState().data;
    if (!data) throw new Error(`${d.name}: builder not loaded`);
    return data;
  }

  addCabinet(d: SimDevice, type: CabinetTypeName): void {
    if (!this.builderOpen(d)) return;
    const id = cab.add(d.builder, type);
    if (id === null) return;
    d.pending.push({ kind: 'add', dev: d.name, cabinet: id, type, seq: this.seq() });
    // A person measures the cabinet they just added.
    const value = this.unique('w');
    cab.setSize(d.builder, id, 0, 'width', value);
    this.pendingSize(d, id, type, 0, 'width', value, undefined);
  }

  removeCabinet(d: SimDevice, pick: number): void {
    if (!this.builderOpen(d)) return;
    const list = cab.cabinets(this.draft(d));
    const target = list[pick % Math.max(list.length, 1)];
    if (!target) return;
    const data = this.draft(d);
    const seen: string[] = [];
    for (let part = 0; part < cab.partCount(target.type); part++)
      for (const field of ['width', 'height'] as const) {
        const v = cab.sizeAt(data, target.id, part, field);
        if (v) seen.push(v);
      }
    cab.remove(d.builder, target.id);
    d.pending.push({
      kind: 'remove',
      dev: d.name,
      cabinet: target.id,
      type: target.type,
      seq: this.seq(),
      seen,
    });
  }

  moveCabinet(d: SimDevice, pick: number, to: number): void {
    if (!this.builderOpen(d)) return;
    if (!cab.move) return;
    const list = cab.cabinets(this.draft(d));
    const target = list[pick % Math.max(list.length, 1)];
    if (!target) return;
    cab.move(d.builder, target.id, to % list.length);
  }

  setSize(d: SimDevice, pick: number, part: number, field: SizeField): void {
    if (!this.builderOpen(d)) return;
    const list = cab.cabinets(this.draft(d));
    const target = list[pick % Math.max(list.length, 1)];
    if (!target) return;
    const parts = cab.partCount(target.type);
    if (parts === 0) return;
    const p = part % parts;
    const prior = cab.sizeAt(this.draft(d), target.id, p, field);
    const value = this.unique(field === 'width' ? 'w' : 'h');
    cab.setSize(d.builder, target.id, p, field, value);
    this.pendingSize(d, target.id, target.type, p, field, value, prior);
  }

  private pendingSize(
    d: SimDevice,
    cabinet: string,
    type: string,
    part: number,
    field: SizeField,
    value: string,
    prior: string | undefined,
  ): void {
    // A later keystroke in the same field replaces the unsaved one; what it replaced is still the
    // value the person saw before they started typing.
    const same = (e: SavedEdit) =>
      e.kind === 'size' && e.cabinet === cabinet && e.part === part && e.field === field;
    const unsaved = d.pending.find(same);
    d.pending = d.pending.filter((e) => !same(e));
    d.pending.push({
      kind: 'size',
      dev: d.name,
      cabinet,
      type,
      part,
      field,
      value,
      prior: unsaved?.kind === 'size' ? unsaved.prior : prior,
    });
  }

  /** Builder "Cabinet details" text (PO number, color): the draft's `form`. */
  setText(d: SimDevice, field: 'poNumber' | 'color'): void {
    if (!this.builderOpen(d)) return;
    const prior = d.builder.getState().data?.form[field];
    const value = this.unique(field === 'poNumber' ? 'PO-' : 'Color ');
    d.builder.getState().setText(field, value);
    const path = ['details', 'cabinetData', 'form', field];
    const same = (e: SavedEdit) => e.kind === 'field' && sameKeys(e.path, path);
    const unsaved = d.pending.find(same);
    d.pending = d.pending.filter((e) => !same(e));
    d.pending.push({
      kind: 'field',
      dev: d.name,
      path,
      value,
      prior: unsaved?.kind === 'field' ? unsaved.prior : prior,
    });
  }

  /**
   * The project form (useProjectForm): opened on the row as the device holds
   * it, one field typed, saved with the form's base.
   */
  async editForm(d: SimDevice, field: 'name' | 'address' | 'description'): Promise<void> {
    const row = await this.row(d);
    if (!row) return;
    const base = fromProject(row, d.kind);
    const value = this.unique(
      field === 'name' ? 'Job ' : field === 'address' ? 'Street ' : 'Note ',
    );
    const values = { ...base, [field]: value };
    const result = await d.device.projects.update(
      row.id,
      { name: values.name, details: toDetails(values, d.kind, {}) },
      { base: { name: base.name, details: toDetails(base, d.kind, {}) } },
    );
    if (!result.ok) throw new Error(`${d.name}: form save refused on the device: ${result.code}`);
    const path = field === 'name' ? ['name'] : ['details', field];
    const prior = field === 'name' ? row.name : valueAt(row.details, [field]);
    this.saved.push({
      kind: 'field',
      dev: d.name,
      path,
      value,
      prior: typeof prior === 'string' ? prior : undefined,
    });
    await this.followRow(d);
  }

  /** Sends a message on the job's thread. */
  async sendMessage(d: SimDevice): Promise<void> {
    const body = this.unique(`Message from ${d.name} #`);
    const result = await d.messages.send(this.projectId, body);
    if (!result.ok) throw new Error(`${d.name}: message refused on the device: ${result.code}`);
    this.saved.push({ kind: 'message', dev: d.name, body });
  }

  /**
   * The end of the day: the network is back, the server runs, each builder
   * saves what it holds, and every device syncs until nothing moves.
   */
  async finish(): Promise<void> {
    await this.server.start();
    for (const d of this.devices) {
      d.device.net.offline = false;
      d.device.net.dropPushResponses = 0;
      d.device.net.before = undefined;
      d.device.net.rewrite = undefined;
    }
    // Everyone opens the job in the builder again (the invariants compare every draft).
    for (const d of this.devices) await this.openBuilder(d);
    for (let round = 0; round < 3; round++) {
      for (const d of this.devices) await this.saveBuilder(d);
      await settle(
        this.devices.map((d) => d.device),
        8,
      );
      for (const d of this.devices) await this.followRow(d);
      const moving = await Promise.all(
        this.devices.map(async (d) => {
          const s = d.builder.getState();
          return draftSave(s) !== null && (await this.draftDiffers(d));
        }),
      );
      if (!moving.includes(true)) return;
    }
  }

  /** True when the draft holds something its row does not. */
  async draftDiffers(d: SimDevice): Promise<boolean> {
    const row = await this.row(d);
    const stored = normalizeCabinetData(row?.details?.cabinetData);
    return !sameJson(stored, d.builder.getState().data);
  }

  async close(): Promise<void> {
    for (const d of this.devices) await d.device.close();
  }
}

function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((k, i) => k === b[i]);
}

async function must<T extends { ok: boolean }>(run: Promise<T>, what: string): Promise<T> {
  const r = await run;
  if (!r.ok) throw new Error(`${what} failed: ${JSON.stringify(r)}`);
  return r;
}
