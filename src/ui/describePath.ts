/**
 * Plain words for a changed path of a project, for the conflicts log:
 * ['details','cabinetData','itemState','3_0','width'] → "Cabinet 3 · Door · Width".
 * Cabinet numbers are positions in the builder's list (1-based); parts are
 * named from the cabinet type (product rules "Records and their fields" "Cabinet types and parts").
 */
import { STILE_RAIL_LABELS, type StileRailKey } from '../domain/cabinetData';
import { orderedCabinets, readCabinets, type CabinetRow } from '../domain/cabinetRows';
import { partsOf } from '../domain/cabinetTypes';
import { formatFraction, parseInches } from '../domain/fractions';

const COLUMN_LABELS: Record<string, string> = {
  name: 'Name',
  status: 'Status',
  first_name: 'First name',
  last_name: 'Last name',
  email: 'Email',
  phone: 'Phone',
  address: 'Address',
  file_name: 'File name',
};

const DETAIL_LABELS: Record<string, string> = {
  description: 'Description',
  projectType: 'Project type',
  email: 'Email',
  phone: 'Phone',
  address: 'Address',
  projectScopes: 'Project scopes',
  budget: 'Budget',
  customBudget: 'Custom budget',
};

const FORM_LABELS: Record<string, string> = {
  nrs: 'NRS',
  door: 'Door',
  drawerFront: 'Drawer Front',
  color: 'Color',
  overlaySelect: 'Overlay',
  stdOption: 'Standard option',
  olSize: 'Overlay size',
  sideReveal: 'Side reveal',
  verticalReveal: 'Vertical reveal',
  vertRevealOverride: 'Vertical reveal override',
};

const ITEM_LABELS: Record<string, string> = {
  width: 'Width',
  height: 'Height',
  nextToWall: 'Next to wall',
  splitDoor: 'Split door',
  type: 'Type',
  stileRailOverride: 'Stile & rail override',
};

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
      ? `Cabinet ${position + 1}`
      : /^\d+$/.test(rowIdText)
        ? `Cabinet ${rowIdText}`
        : 'A removed cabinet',
  ];
  const row = position >= 0 ? rows[position] : undefined;
  const part = row ? partsOf(row.type)?.[index] : undefined;
  if (indexText !== undefined)
    out.push(part ?? `Part ${Number.isFinite(index) ? index + 1 : indexText}`);
  const [field, ...deeper] = rest;
  if (field === 'stileRailOverride' && deeper[0])
    out.push(
      'Stile & rail override',
      STILE_RAIL_LABELS[deeper[0] as StileRailKey] ?? humanize(deeper[0]),
    );
  else if (field) out.push(ITEM_LABELS[field] ?? humanize(field), ...deeper.map(humanize));
  return out;
}

/**
 * The path in words. `details` is the project's current details (for cabinet
 * numbers and part names); without it, raw cabinet ids are shown.
 */
export function describePath(path: readonly string[], details?: { cabinetData?: unknown }): string {
  const p = path[0] === 'details' ? path.slice(1) : [...path];
  if (path[0] !== 'details' && p.length === 1)
    return COLUMN_LABELS[p[0] as string] ?? humanize(p[0] as string);
  if (p.length === 0) return 'Project details';
  const [head, ...rest] = p as [string, ...string[]];
  if (head !== 'cabinetData')
    return [DETAIL_LABELS[head] ?? humanize(head), ...rest.map(humanize)].join(' · ');
  const [section, ...tail] = rest;
  const rows = rowsOf(details?.cabinetData);
  switch (section) {
    case undefined:
      return 'Cabinets';
    case 'form':
      return ['Cabinet Details', ...tail.map((k) => FORM_LABELS[k] ?? humanize(k))].join(' · ');
    case 'stileRail':
      return [
        'Stile & Rail Dimensions',
        ...tail.map((k) => STILE_RAIL_LABELS[k as StileRailKey] ?? humanize(k)),
      ].join(' · ');
    case 'cabinets': {
      const position = tail[0] ? rows.findIndex((r) => r.id === tail[0]) : -1;
      if (!tail[0]) return 'Cabinet list';
      const name = position >= 0 ? `Cabinet ${position + 1}` : 'A removed cabinet';
      return tail[1] === 'order'
        ? `${name} · Position`
        : tail[1] === 'type'
          ? `${name} · Type`
          : name;
    }
    case 'cabinetRows':
      return 'Cabinet list';
    case 'itemState':
      return tail[0] ? describeItem(tail[0], tail.slice(1), rows).join(' · ') : 'All cabinet sizes';
    case 'notes':
      return 'Notes';
    case 'showNotes':
      return 'Show notes';
    default:
      return ['Cabinets', humanize(section), ...tail.map(humanize)].join(' · ');
  }
}

const MEASURED_FIELDS = new Set(['width', 'height']);

/**
 * Where a cabinet with order key `order` stands among the other cabinets of
 * `rows` (the list as it is now, in order): "Cabinet 3 of 12". A person never
 * reads the fractional-indexing key itself ("a0V").
 */
export function placeOfOrder(id: string, order: string, rows: readonly CabinetRow[]): string {
  const others = rows.filter((r) => r.id !== id);
  const before = others.filter((r) => r.order < order || (r.order === order && r.id < id)).length;
  return `Cabinet ${before + 1} of ${others.length + 1}`;
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
  if (value === undefined || value === null) return '(removed)';
  const [section, key, field] = path;
  if (section === 'cabinets' && key && field === 'order' && typeof value === 'string')
    return placeOfOrder(key, value, rows);
  if (section === 'cabinets' && key && path.length === 2 && typeof value === 'object') {
    const entry = value as { type?: unknown; order?: unknown };
    const type = typeof entry.type === 'string' && entry.type ? entry.type : 'Cabinet';
    return typeof entry.order === 'string'
      ? `${type}, ${placeOfOrder(key, entry.order, rows)}`
      : type;
  }
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  const last = path[path.length - 1] ?? '';
  const isSize =
    (section === 'itemState' && MEASURED_FIELDS.has(last)) ||
    section === 'stileRail' ||
    path.includes('stileRailOverride');
  if (isSize && (typeof value === 'number' || typeof value === 'string')) {
    if (String(value).trim() === '') return '(empty)';
    const n = parseInches(value);
    return n === null ? String(value) : formatFraction(n);
  }
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value)) return `${value.length} cabinet${value.length === 1 ? '' : 's'}`;
  return 'other values';
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
  if (value === null || value === undefined || value === '') return '(empty)';
  const p = path?.[0] === 'details' ? path.slice(1) : undefined;
  if (p && p[0] === 'cabinetData' && p.length > 1)
    return describeCabinetDataValue(p.slice(1), value, rowsOf(details?.cabinetData));
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return JSON.stringify(value);
}
