/**
 * Plain words for a changed path of a project, for the conflicts log:
 * ['details','cabinetData','itemState','3_0','width'] → "Cabinet 3 · Door · Width".
 * Cabinet numbers are positions in the builder's list (1-based); parts are
 * named from the cabinet type (product rules "Records and their fields" "Cabinet types and parts").
 * Every word in the language shown (Lingui, the `shared` catalog, which the sync page and the
 * builder load): call these in a render. Keys with no label read as their humanized key.
 */
import { msg, plural } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { STILE_RAIL_LABELS, type StileRailKey } from '../domain/cabinetData';
import { domainText } from '../i18n/domainTexts';
import { i18n } from '../i18n/i18n';
import { orderedCabinets, readCabinets, type CabinetRow } from '../domain/cabinetRows';
import { partsOf } from '../domain/cabinetTypes';
import { formatFraction, parseInches } from '../domain/fractions';

const COLUMN_LABELS: Record<string, MessageDescriptor> = {
  name: msg`Name`,
  status: msg`Status`,
  first_name: msg`First name`,
  last_name: msg`Last name`,
  email: msg`Email`,
  phone: msg`Phone`,
  address: msg`Address`,
  file_name: msg`File name`,
};

const DETAIL_LABELS: Record<string, MessageDescriptor> = {
  description: msg`Description`,
  projectType: msg`Project type`,
  email: msg`Email`,
  phone: msg`Phone`,
  address: msg`Address`,
  projectScopes: msg`Project scopes`,
  budget: msg`Budget`,
  customBudget: msg`Custom budget`,
};

/**
 * The builder's job fields (`cabinetData.form.<key>`) and a part's fields
 * (`cabinetData.itemState.<part>.<key>`) as the builder's screen names them:
 * the one list for the sync page and the builder's conflict notices.
 */
export const CABINET_FORM_LABELS: Readonly<Record<string, MessageDescriptor>> = {
  nrs: msg`NRS`,
  door: msg`Door`,
  drawerFront: msg`Drawer Front`,
  color: msg`Color`,
  overlaySelect: msg`Overlay`,
  stdOption: msg`Standard Option`,
  olSize: msg`Overlay size`,
  sideReveal: msg`Side Reveal`,
  verticalReveal: msg`Vertical Reveal`,
  vertRevealOverride: msg`Override vertical reveal`,
};

/** See {@link CABINET_FORM_LABELS}. */
export const CABINET_ITEM_LABELS: Readonly<Record<string, MessageDescriptor>> = {
  width: msg`Width`,
  height: msg`Height`,
  nextToWall: msg`Next to wall`,
  splitDoor: msg`Split door`,
  type: msg`Type`,
  stileRailOverride: msg`Custom stile & rail`,
};

/** A label of `labels` in the language shown, else the key in words. */
function label(labels: Readonly<Record<string, MessageDescriptor>>, key: string): string {
  const m = labels[key];
  return m ? i18n._(m) : humanize(key);
}

/** A face-frame part ("Left Stile") in the language shown. */
function stileRail(key: string): string {
  const name = STILE_RAIL_LABELS[key as StileRailKey] as string | undefined;
  return name ? domainText(name) : humanize(key);
}

/** "Cabinet 3". */
function cabinetNo(n: number | string): string {
  return i18n._(msg`Cabinet ${n}`);
}

function humanize(key: string): string {
  const spaced = key.replace(/_/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1).toLowerCase();
}

/** The cabinets in list order of stored builder data (either shape); none when unreadable. */
function rowsOf(cabinetData: unknown): readonly CabinetRow[] {
  const d = (typeof cabinetData === 'object' && cabinetData !== null ? cabinetData : {}) as {
    cabinets?: unknown;
    cabinetRows?: unknown;
  };
  return orderedCabinets(readCabinets(d.cabinets, d.cabinetRows));
}

function describeItem(key: string, rest: string[], rows: readonly CabinetRow[]): string[] {
  const at = key.lastIndexOf('_');
  const rowIdText = at < 0 ? key : key.slice(0, at);
  const indexText = at < 0 ? undefined : key.slice(at + 1);
  const index = Number(indexText);
  const position = rows.findIndex((r) => r.id === rowIdText);
  // A cabinet no longer in the list: an older job's number still means something, a minted id does not.
  const out = [
    position >= 0
      ? cabinetNo(position + 1)
      : /^\d+$/.test(rowIdText)
        ? cabinetNo(rowIdText)
        : i18n._(msg`A removed cabinet`),
  ];
  const row = position >= 0 ? rows[position] : undefined;
  const part = row ? partsOf(row.type)?.[index] : undefined;
  const partNo = Number.isFinite(index) ? index + 1 : (indexText ?? '');
  if (indexText !== undefined) out.push(part ? domainText(part) : i18n._(msg`Part ${partNo}`));
  const [field, ...deeper] = rest;
  if (field === 'stileRailOverride' && deeper[0])
    out.push(label(CABINET_ITEM_LABELS, field), stileRail(deeper[0]));
  else if (field) out.push(label(CABINET_ITEM_LABELS, field), ...deeper.map(humanize));
  return out;
}

/**
 * The path in words. `details` is the project's current details (for cabinet
 * numbers and part names); without it, raw cabinet ids are shown.
 */
export function describePath(path: readonly string[], details?: { cabinetData?: unknown }): string {
  const p = path[0] === 'details' ? path.slice(1) : [...path];
  if (path[0] !== 'details' && p.length === 1) return label(COLUMN_LABELS, p[0] as string);
  if (p.length === 0) return i18n._(msg`Project details`);
  const [head, ...rest] = p as [string, ...string[]];
  if (head !== 'cabinetData')
    return [label(DETAIL_LABELS, head), ...rest.map(humanize)].join(' · ');
  const [section, ...tail] = rest;
  const rows = rowsOf(details?.cabinetData);
  switch (section) {
    case undefined:
      return i18n._(msg`Cabinets`);
    case 'form':
      return [i18n._(msg`Cabinet Details`), ...tail.map((k) => label(CABINET_FORM_LABELS, k))].join(
        ' · ',
      );
    case 'stileRail':
      return [i18n._(msg`Stile & Rail Dimensions`), ...tail.map(stileRail)].join(' · ');
    case 'cabinets': {
      const position = tail[0] ? rows.findIndex((r) => r.id === tail[0]) : -1;
      if (!tail[0]) return i18n._(msg`Cabinet list`);
      const name = position >= 0 ? cabinetNo(position + 1) : i18n._(msg`A removed cabinet`);
      return tail[1] === 'order'
        ? `${name} · ${i18n._(msg`Position`)}`
        : tail[1] === 'type'
          ? `${name} · ${i18n._(msg`Type`)}`
          : name;
    }
    case 'cabinetRows':
      return i18n._(msg`Cabinet list`);
    case 'itemState':
      return tail[0]
        ? describeItem(tail[0], tail.slice(1), rows).join(' · ')
        : i18n._(msg`All cabinet sizes`);
    case 'notes':
      return i18n._(msg`Notes`);
    case 'showNotes':
      return i18n._(msg`Show notes`);
    default:
      return [i18n._(msg`Cabinets`), humanize(section), ...tail.map(humanize)].join(' · ');
  }
}

function yesNo(value: boolean): string {
  return value ? i18n._(msg`Yes`) : i18n._(msg`No`);
}

const MEASURED_FIELDS = new Set(['width', 'height']);

/**
 * Where a cabinet with order key `order` stands among the other cabinets of
 * `rows` (the list as it is now, in order): "Cabinet 3 of 12". A person never
 * reads the fractional-indexing key itself ("a0V").
 */
export function placeOfOrder(id: string, order: string, rows: readonly CabinetRow[]): string {
  const others = rows.filter((r) => r.id !== id);
  const place =
    others.filter((r) => r.order < order || (r.order === order && r.id < id)).length + 1;
  const count = others.length + 1;
  return i18n._(msg`Cabinet ${place} of ${count}`);
}

/**
 * A stored value of the builder's job (`path` inside `cabinetData`) in the
 * builder's words, given the cabinets as they are now: an order key is the
 * cabinet's place ("Cabinet 3 of 12"), a cabinet entry its type and place, a
 * measured size a tape-measure fraction (`22 1/8"`), a flag Yes/No; `undefined`
 * → "(removed)". The one describer for the sync log and the builder's notices.
 */
export function describeCabinetDataValue(
  path: readonly string[],
  value: unknown,
  rows: readonly CabinetRow[],
): string {
  if (value === undefined || value === null) return i18n._(msg`(removed)`);
  const [section, key, field] = path;
  if (section === 'cabinets' && key && field === 'order' && typeof value === 'string')
    return placeOfOrder(key, value, rows);
  if (section === 'cabinets' && key && path.length === 2 && typeof value === 'object') {
    const entry = value as { type?: unknown; order?: unknown };
    const type = typeof entry.type === 'string' && entry.type ? entry.type : i18n._(msg`Cabinet`);
    return typeof entry.order === 'string'
      ? `${type}, ${placeOfOrder(key, entry.order, rows)}`
      : type;
  }
  if (typeof value === 'boolean') return yesNo(value);
  const last = path[path.length - 1] ?? '';
  const isSize =
    (section === 'itemState' && MEASURED_FIELDS.has(last)) ||
    section === 'stileRail' ||
    path.includes('stileRailOverride');
  if (isSize && (typeof value === 'number' || typeof value === 'string')) {
    if (String(value).trim() === '') return i18n._(msg`(empty)`);
    const n = parseInches(value);
    return n === null ? String(value) : formatFraction(n);
  }
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value))
    return i18n._(msg`${plural(value.length, { one: '# cabinet', other: '# cabinets' })}`);
  return i18n._(msg`other values`);
}

/**
 * A JSON value in words for the conflicts log ("(empty)" for none). With the
 * value's `path` (as `describePath` takes it) and the project's current
 * `details`, a value of the builder's job reads as the builder shows it
 * (`describeCabinetDataValue`): a cabinet's place, never its order key.
 */
export function describeValue(
  value: unknown,
  path?: readonly string[],
  details?: { cabinetData?: unknown },
): string {
  if (value === null || value === undefined || value === '') return i18n._(msg`(empty)`);
  const p = path?.[0] === 'details' ? path.slice(1) : undefined;
  if (p && p[0] === 'cabinetData' && p.length > 1)
    return describeCabinetDataValue(p.slice(1), value, rowsOf(details?.cabinetData));
  if (typeof value === 'boolean') return yesNo(value);
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return JSON.stringify(value);
}
