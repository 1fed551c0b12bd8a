/**
 * A simulation that hunts for lost work: two tablets of one contractor and
 * the homeowner's phone run random, seeded sequences of real operations
 * (cabinets added, removed, moved and measured in the builder and saved the
 * builder's way, project form edits, messages) through the real data layer
 * and sync engine against the real local backend, with random offline
 * periods, requests aborted before they reach the server, answers lost after
 * the server committed (so the push is delivered twice), and server restarts.
 * After every run the invariants of invariants.ts must hold. fast-check's
 * model-based commands shrink a failing run to a minimal sequence and print
 * it with the seed and path that replay it.
 *
 * Environment (all optional; `npm run soak` sets longer defaults):
 * - SIM_SEED: the seed (default a fixed one, so CI is repeatable; the soak draws one);
 * - SIM_PATH, SIM_REPLAY: the run's path and the commands' replay path a failure prints;
 * - SIM_RUNS: runs per seed (default 6);
 * - SIM_MAX_OPS: most operations in one run (default 24);
 * - SIM_MINUTES: the time after which no new run starts (default 0.3);
 * - SIM_VERBOSE=1: one line per run; SIM_DEBUG=1: a failing run also prints the
 *   server's change log of the job and each device's conflicts and dead letters.
 *
 * Every device adds, removes, moves and measures cabinets (builderAdapter's
 * `concurrentListMerge`): cabinet ids are unique across devices and the rows
 * merge by id, so two devices changing the list at once must keep every
 * cabinet, and a cabinet removed on one device while another measured it
 * must come back as a conflict someone is shown.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CABINET_TYPE_NAMES, type CabinetTypeName } from '../../../src/domain/cabinetTypes';
import { builderAdapter } from './builderAdapter';
import { brokenInvariants } from './invariants';
import { startSimServer, World, type SimDevice, type SimServer } from './world';

const env = process.env;
const seed = env.SIM_SEED ? Number(env.SIM_SEED) : 38;
const runs = Number(env.SIM_RUNS ?? 6);
const maxOps = Number(env.SIM_MAX_OPS ?? 24);
const minutes = Number(env.SIM_MINUTES ?? 0.3);
const verbose = env.SIM_VERBOSE === '1';
const listMerge = builderAdapter.concurrentListMerge;

let server: SimServer;
/** Saved edits the invariants checked, over every run of the file. */
let checkedEdits = 0;
/** Runs played to the end, over every run of the file. */
let playedRuns = 0;

beforeAll(async () => {
  server = await startSimServer();
}, 120_000);
afterAll(async () => {
  await server?.close();
});

type DeviceName = 'tabletA' | 'tabletB' | 'phone';
interface Model {
  restarts: number;
}
type Cmd = fc.AsyncCommand<Model, World>;

function on(world: World, name: DeviceName): SimDevice {
  const d = world.devices.find((x) => x.name === name);
  if (!d) throw new Error(`no device ${name}`);
  return d;
}

/** A command: what it does to the world, and how the reproduction prints it. */
function cmd(
  text: string,
  run: (w: World) => Promise<void> | void,
  check: (m: Model) => boolean = () => true,
  model: (m: Model) => void = () => {},
): Cmd {
  return {
    check,
    async run(m, w) {
      model(m);
      w.trace.push(text);
      await run(w);
    },
    toString: () => text,
  };
}

const device = fc.constantFrom<DeviceName>('tabletA', 'tabletB', 'phone');
const tablet = fc.constantFrom<DeviceName>('tabletA', 'tabletB');
const pick = fc.nat({ max: 7 });
/** Who changes the cabinet list (see builderAdapter's `concurrentListMerge`). */
const lister = listMerge ? device : fc.constant<DeviceName>('tabletA');
const cabinetType = fc.constantFrom<CabinetTypeName>(...CABINET_TYPE_NAMES);

const commands: fc.Arbitrary<Cmd>[] = [
  // The builder (people measure on the tablets, and the homeowner on her phone).
  fc
    .record({ d: lister, type: cabinetType })
    .map(({ d, type }) =>
      cmd(`${d}.addCabinet(${JSON.stringify(type)})`, (w) => w.addCabinet(on(w, d), type)),
    ),
  fc
    .record({ d: lister, i: pick })
    .map(({ d, i }) => cmd(`${d}.removeCabinet(#${i})`, (w) => w.removeCabinet(on(w, d), i))),
  ...(builderAdapter.move
    ? [
        fc
          .record({ d: lister, i: pick, to: pick })
          .map(({ d, i, to }) =>
            cmd(`${d}.moveCabinet(#${i} → ${to})`, (w) => w.moveCabinet(on(w, d), i, to)),
          ),
      ]
    : []),
  ...[0, 1, 2].map(() =>
    fc
      .record({
        d: device,
        i: pick,
        part: fc.nat({ max: 4 }),
        field: fc.constantFrom<'width' | 'height'>('width', 'height'),
      })
      .map(({ d, i, part, field }) =>
        cmd(`${d}.set${field}(#${i}, part ${part})`, (w) => w.setSize(on(w, d), i, part, field)),
      ),
  ),
  fc
    .record({ d: tablet, field: fc.constantFrom<'poNumber' | 'color'>('poNumber', 'color') })
    .map(({ d, field }) => cmd(`${d}.builderText(${field})`, (w) => w.setText(on(w, d), field))),
  ...[0, 1].map(() => device.map((d) => cmd(`${d}.saveBuilder()`, (w) => w.saveBuilder(on(w, d))))),
  // Leaving the builder and coming back (pulls meanwhile reach the row, not a draft).
  device.map((d) => cmd(`${d}.closeBuilder()`, (w) => w.closeBuilder(on(w, d)))),
  device.map((d) => cmd(`${d}.openBuilder()`, (w) => w.openBuilder(on(w, d)))),
  // The project form and the thread.
  fc
    .record({
      d: device,
      field: fc.constantFrom<'name' | 'address' | 'description'>('name', 'address', 'description'),
    })
    .map(({ d, field }) => cmd(`${d}.editForm(${field})`, (w) => w.editForm(on(w, d), field))),
  device.map((d) => cmd(`${d}.sendMessage()`, (w) => w.sendMessage(on(w, d)))),
  // The network and the server.
  ...[0, 1, 2].map(() => device.map((d) => cmd(`${d}.sync()`, (w) => w.sync(on(w, d))))),
  device.map((d) =>
    cmd(`${d}.goOffline()`, (w) => {
      on(w, d).device.net.offline = true;
    }),
  ),
  device.map((d) =>
    cmd(`${d}.goOnline()`, (w) => {
      on(w, d).device.net.offline = false;
    }),
  ),
  device.map((d) =>
    cmd(`${d}.loseNextPushAnswer()`, (w) => {
      // The server commits the push, the answer is lost: the retry delivers it again.
      on(w, d).device.net.dropPushResponses = 1;
    }),
  ),
  device.map((d) =>
    cmd(`${d}.abortNextRequest()`, (w) => {
      let fired = false;
      on(w, d).device.net.before = async (url) => {
        if (fired || !url.includes('/rest/v1/')) return;
        fired = true;
        throw new TypeError('fetch failed: the request was aborted');
      };
    }),
  ),
  device.map((d) =>
    cmd(`${d}.loseNextAnswer()`, (w) => {
      let fired = false;
      on(w, d).device.net.rewrite = (url) => {
        if (fired || !url.includes('/rest/v1/')) return undefined;
        fired = true;
        throw new TypeError('fetch failed: connection reset after the server answered');
      };
    }),
  ),
  device.map((d) => cmd(`${d}.reopenApp()`, (w) => w.reopen(on(w, d)))),
  fc.constant(
    cmd(
      'server.restart()',
      async (w) => {
        await w.server.stop();
        // Devices try while it is down; their runs fail and nothing is lost.
        for (const d of w.devices) await w.sync(d);
        await w.server.start();
      },
      (m) => m.restarts < 1,
      (m) => {
        m.restarts += 1;
      },
    ),
  ),
];

/** Prints what the server logged for the job and what each device showed (SIM_DEBUG=1). */
async function explain(world: World): Promise<void> {
  const pg = world.server.pg();
  const log = await pg.query(
    'select version, paths from public.sync_change_log where row_id = $1 order by version',
    [world.projectId],
  );
  console.log('server change log', JSON.stringify(log.rows));
  for (const d of world.devices)
    console.log(
      d.name,
      'conflicts',
      JSON.stringify(await d.device.db.conflicts.toArray()),
      'shown in the builder',
      JSON.stringify(d.shown),
      'dead letters',
      JSON.stringify(await d.device.db.dead_letters.toArray()),
    );
}

/** One run: set up the job, play the commands, end the day, check. */
async function play(cmds: Iterable<Cmd>): Promise<void> {
  const world = new World(server);
  try {
    await world.setUp();
    await fc.asyncModelRun(() => ({ model: { restarts: 0 }, real: world }), cmds);
    await world.finish();
    const problems = await brokenInvariants(world);
    checkedEdits += world.saved.length;
    if (verbose)
      console.log(
        `run: ${world.trace.length} steps, ${world.saved.length} saved edits, ${problems.length} broken`,
      );
    if (problems.length && env.SIM_DEBUG === '1') await explain(world);
    if (problems.length)
      throw new Error(
        `lost work:\n  ${problems.join('\n  ')}\ntrace:\n  ${world.trace.join('\n  ')}`,
      );
  } finally {
    await world.server.start();
    await world.close();
  }
}

describe('simulation: nothing lost between two tablets and a phone', () => {
  it(
    'random operations, offline periods, aborted and lost requests, duplicate pushes and a server restart keep every saved edit',
    async () => {
      // The time budget ends the runs after it, never the first: fast-check's own time limit fails a
      // check that completed no run, so a slow machine would fail it with nothing wrong.
      const deadline = Date.now() + minutes * 60_000;
      const replaying = env.SIM_PATH !== undefined;
      let shrinking = false;
      const report = await fc.check(
        fc.asyncProperty(
          fc.commands(commands, {
            maxCommands: maxOps,
            // Runs of every length up to maxOps, not fast-check's usual short ones.
            size: 'max',
            replayPath: env.SIM_REPLAY,
          }),
          async (cmds) => {
            // Once a run failed, every shrink step plays, so the reproduction printed is minimal.
            if (!replaying && !shrinking && playedRuns > 0 && Date.now() > deadline) return;
            try {
              await play(cmds);
            } catch (error) {
              shrinking = true;
              throw error;
            }
            playedRuns += 1;
          },
        ),
        {
          seed,
          // A replayed path names its run; the runs before it are generated again, not played.
          numRuns: Math.max(runs, Number(env.SIM_PATH?.split(':')[0] ?? 0) + 1),
          path: env.SIM_PATH,
          endOnFailure: replaying,
        },
      );
      if (report.failed) {
        const shown = report.counterexample ? fc.stringify(report.counterexample[0]) : 'none';
        const replay = /replayPath="([^"]*)"/.exec(shown)?.[1];
        const repro = [
          `Simulation failed (seed ${report.seed}, path ${report.counterexamplePath}, shrunk ${report.numShrinks} times).`,
          `Minimal reproduction: ${shown}`,
          `Replay: SIM_SEED=${report.seed} SIM_PATH=${report.counterexamplePath}${replay ? ` SIM_REPLAY='${replay}'` : ''} SIM_MAX_OPS=${maxOps} npx vitest run --project pglite tests/integration/simulation -t random`,
          report.errorInstance instanceof Error
            ? report.errorInstance.message
            : String(report.errorInstance),
        ].join('\n');
        throw new Error(repro);
      }
      expect(playedRuns).toBeGreaterThan(0);
      // The runs did save work for the invariants to look for.
      expect(checkedEdits).toBeGreaterThan(0);
    },
    (minutes + 5) * 60_000,
  );

  // Cabinet ids are random uuids and the rows merge by id: two tablets adding a cabinet while each
  // holds the same base must both keep both cabinets (one used to take the other's id and vanish).
  it('two tablets adding a cabinet at the same time keep both', async () => {
    const both = (['tabletA', 'tabletB'] as const).flatMap((d, i) => [
      cmd(`${d}.addCabinet("${i ? 'Base 1/1' : 'Wall'}")`, (w) =>
        w.addCabinet(on(w, d), i ? 'Base 1/1' : 'Wall'),
      ),
      cmd(`${d}.saveBuilder()`, (w) => w.saveBuilder(on(w, d))),
    ]);
    await play([
      ...both,
      cmd('tabletA.sync()', (w) => w.sync(on(w, 'tabletA'))),
      cmd('tabletB.sync()', (w) => w.sync(on(w, 'tabletB'))),
    ]);
  }, 120_000);

  // An add on one tablet and a removal on the other (once a lost add, when the list was one value).
  it('a cabinet added on one tablet while the other removes another keeps both changes', async () => {
    await play([
      cmd('tabletA.addCabinet("Wall")', (w) => w.addCabinet(on(w, 'tabletA'), 'Wall')),
      cmd('tabletA.saveBuilder()', (w) => w.saveBuilder(on(w, 'tabletA'))),
      cmd('tabletB.removeCabinet(#3)', (w) => w.removeCabinet(on(w, 'tabletB'), 3)),
      cmd('tabletB.saveBuilder()', (w) => w.saveBuilder(on(w, 'tabletB'))),
      cmd('tabletA.sync()', (w) => w.sync(on(w, 'tabletA'))),
      cmd('tabletB.sync()', (w) => w.sync(on(w, 'tabletB'))),
    ]);
  }, 120_000);

  // One device removes a cabinet while another measures one of its parts: the width must reach the
  // server or come back as a conflict someone is shown (never a silent loss), with the other
  // device's builder open, closed before the removal arrives, or closed and pushed first.
  const step = (
    d: DeviceName,
    what: string,
    run: (w: World, x: SimDevice) => Promise<void> | void,
  ) => cmd(`${d}.${what}`, (w) => run(w, on(w, d)));
  const removeOnA = [
    step('tabletA', 'removeCabinet(#0)', (w, x) => w.removeCabinet(x, 0)),
    step('tabletA', 'saveBuilder()', (w, x) => w.saveBuilder(x)),
    step('tabletA', 'sync()', (w, x) => w.sync(x)),
  ];
  const measureOnB = step('tabletB', 'setwidth(#0, part 0)', (w, x) => w.setSize(x, 0, 0, 'width'));
  it.each([
    [
      'builder open',
      [...removeOnA, measureOnB, step('tabletB', 'saveBuilder()', (w, x) => w.saveBuilder(x))],
    ],
    [
      'builder closed, removal pushed first',
      [
        measureOnB,
        step('tabletB', 'closeBuilder()', (w, x) => w.closeBuilder(x)),
        ...removeOnA,
        step('tabletB', 'sync()', (w, x) => w.sync(x)),
      ],
    ],
    [
      'builder closed, width pushed first',
      [
        measureOnB,
        step('tabletB', 'closeBuilder()', (w, x) => w.closeBuilder(x)),
        step('tabletB', 'sync()', (w, x) => w.sync(x)),
        ...removeOnA,
      ],
    ],
  ])(
    'a cabinet removed on one tablet while the other measures it (%s) loses nothing silently',
    async (_, steps) => {
      await play([
        ...steps,
        step('tabletB', 'sync()', (w, x) => w.sync(x)),
        step('tabletA', 'sync()', (w, x) => w.sync(x)),
      ]);
    },
    120_000,
  );
});
