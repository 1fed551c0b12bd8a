/**
 * Test support for the cabinet map (src/domain/cabinetRows.ts): a job's
 * cabinets in list order as `{ id, type }`, and a map built from a list, so
 * tests can say "these cabinets in this order" in one line.
 */
import { orderedCabinets, upgradeOrderKeys, type CabinetMap } from '../../src/domain/cabinetRows';

/** The cabinets of `data` in list order, without their order keys. */
export function rowsOf(data: { cabinets: CabinetMap }): { id: string; type: string }[] {
  return orderedCabinets(data.cabinets).map(({ id, type }) => ({ id, type }));
}

/** A cabinet map holding `rows` in that order (ids as given, order keys "a0", "a1", …). */
export function cabinetMap(rows: readonly { id: string | number; type: string }[]): CabinetMap {
  const keys = upgradeOrderKeys(rows.length);
  const out: CabinetMap = {};
  rows.forEach((r, i) => {
    out[String(r.id)] = { type: r.type, order: keys[i] as string };
  });
  return out;
}
