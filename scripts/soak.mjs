// `npm run soak`: the lost-work simulation (tests/integration/simulation) for
// longer than `npm test` gives it: a fresh seed each time unless SIM_SEED is
// set, 200 runs of up to 40 operations, at most 20 minutes. Any SIM_* variable
// set by the caller wins (see the header of lostWork.test.ts).
import { spawn } from 'node:child_process';

const env = {
  SIM_SEED: String(Math.floor(Math.random() * 2 ** 31)),
  SIM_RUNS: '200',
  SIM_MAX_OPS: '40',
  SIM_MINUTES: '20',
  SIM_VERBOSE: '1',
  ...process.env,
};
console.log(
  `soak: seed ${env.SIM_SEED}, ${env.SIM_RUNS} runs of up to ${env.SIM_MAX_OPS} operations, ${env.SIM_MINUTES} min`,
);
const child = spawn(
  'npx',
  ['vitest', 'run', '--project', 'pglite', 'tests/integration/simulation'],
  { stdio: 'inherit', env },
);
child.on('exit', (code) => {
  process.exitCode = code ?? 1;
});
