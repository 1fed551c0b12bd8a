// Completes package-lock.json with the platform-specific optional packages
// (other OSes/CPUs) that this machine's npm registry mirror does not carry.
// `npm install` silently leaves them out of the lock; `npm ci` then refuses
// the lock as out of sync. Each added entry carries the os/cpu/libc the
// package is built for, so npm skips it here exactly as with a full lock.
// Run after `npm install` changes the lock: `node scripts/complete-lockfile.mjs`.
import { readFileSync, writeFileSync } from 'node:fs';

const path = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(path, 'utf8'));
const pkgs = lock.packages;

const OS = [
  'android',
  'darwin',
  'freebsd',
  'linux',
  'openbsd',
  'openharmony',
  'win32',
  'sunos',
  'aix',
  'netbsd',
];
const CPU = {
  'arm-eabi': 'arm',
  arm: 'arm',
  arm64: 'arm64',
  x64: 'x64',
  ia32: 'ia32',
  loong64: 'loong64',
  ppc64: 'ppc64',
  riscv64: 'riscv64',
  s390x: 's390x',
  universal: null,
};

/** os/cpu/libc of a platform package from its name, e.g. @rollup/rollup-linux-arm-musleabihf. */
function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const osIndex = parts.findIndex((p) => OS.includes(p));
  if (osIndex < 0) return null;
  const os = parts[osIndex];
  const rest = parts.slice(osIndex + 1);
  const cpu = CPU[rest.slice(0, 2).join('-')] ?? CPU[rest[0]];
  if (cpu === undefined) return null;
  const entry = { os: [os] };
  if (cpu) entry.cpu = [cpu];
  const abi = rest.slice(1).join('-');
  if (os === 'linux' && /musl/.test(abi)) entry.libc = ['musl'];
  else if (os === 'linux' && /gnu/.test(abi)) entry.libc = ['glibc'];
  return entry;
}

let added = 0;
for (const [where, meta] of Object.entries(pkgs)) {
  for (const [dep, version] of Object.entries(meta.optionalDependencies ?? {})) {
    const nested = `${where ? `${where}/` : ''}node_modules/${dep}`;
    if (pkgs[nested] || pkgs[`node_modules/${dep}`]) continue;
    const platform = platformOf(dep);
    if (!platform || !/^\d/.test(version)) continue;
    pkgs[`node_modules/${dep}`] = {
      version,
      ...(meta.dev ? { dev: true } : {}),
      optional: true,
      ...platform,
    };
    added += 1;
  }
}
const sorted = Object.fromEntries(
  Object.entries(pkgs).sort(([a], [b]) =>
    a === '' ? -1 : b === '' ? 1 : a < b ? -1 : a > b ? 1 : 0,
  ),
);
lock.packages = sorted;
writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: added ${added} platform entries`);
