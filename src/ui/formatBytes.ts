/** File and storage sizes as people read them (the project page's files, the profile's storage line). */

/**
 * Bytes as a short text a person reads at a glance: "28 B", "3.4 KB",
 * "512 KB", "1.2 MB", "2.5 GB" (1 KB = 1024 B; one decimal below 10 of a unit
 * above bytes). Negative or non-finite input reads "0 B".
 */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 B';
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  if (unit === 0) return `${Math.round(value)} B`;
  // 1023.96 KB must not print as "1024 KB"; it is 1.0 MB.
  const rounded = value < 10 ? Math.round(value * 10) / 10 : Math.round(value);
  if (rounded >= 1024 && unit < units.length - 1) return `1.0 ${units[unit + 1]}`;
  return `${value < 10 ? rounded.toFixed(1) : rounded} ${units[unit]}`;
}
