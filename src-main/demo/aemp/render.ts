/** Turns AEMP records into JSON or XML answers, applying the feed variant. */
import { XMLBuilder } from 'fast-xml-parser';
import type { Rec } from './records';
import type { AempVariant } from './variant';

export const AEMP12_NS = 'http://schemas.aemp.org/fleet';
export const AEMP20_NS = 'http://standards.iso.org/iso/15143/-3';

export interface Link {
  rel: string;
  href: string;
}

const xmlBuilder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', suppressEmptyNode: true, format: false });

function hoursAsDuration(hours: number): string {
  const totalSeconds = Math.round(hours * 3600);
  const h = Math.floor(totalSeconds / 3600);
  const m = Math.floor((totalSeconds % 3600) / 60);
  const s = totalSeconds % 60;
  return `PT${h}H${m}M${s}S`;
}

const FEET_PER_METRE = 1 / 0.3048;
const MILES_PER_KM = 1 / 1.609344;

/** Applies the value-level switches (duration hours, imperial units, strings) to a record tree. */
function applyValues(value: unknown, variant: AempVariant): unknown {
  if (Array.isArray(value)) return value.map((v) => applyValues(v, variant));
  if (typeof value === 'number') return variant.numbersAsStrings ? String(value) : value;
  if (typeof value !== 'object' || value === null) return value;
  const rec = { ...(value as Rec) };
  if (variant.hourAsDuration && typeof rec.Hour === 'number') rec.Hour = hoursAsDuration(rec.Hour);
  if (variant.imperialUnits) {
    if (typeof rec.Odometer === 'number' && rec.OdometerUnits === 'kilometre') {
      rec.Odometer = Math.round(rec.Odometer * MILES_PER_KM * 1000) / 1000;
      rec.OdometerUnits = 'miles';
    }
    if (typeof rec.Altitude === 'number' && rec.AltitudeUnits === 'metres') {
      rec.Altitude = Math.round(rec.Altitude * FEET_PER_METRE * 10) / 10;
      rec.AltitudeUnits = 'ft';
    }
  }
  return Object.fromEntries(Object.entries(rec).map(([k, v]) => [k, applyValues(v, variant)]));
}

function camel(key: string): string {
  if (key.startsWith('@_')) return key;
  const m = /^([A-Z]+)(?=[A-Z][a-z]|$)/.exec(key);
  return m ? m[1].toLowerCase() + key.slice(m[1].length) : key[0].toLowerCase() + key.slice(1);
}

function renameKeys(value: unknown, rename: (key: string) => string): unknown {
  if (Array.isArray(value)) return value.map((v) => renameKeys(v, rename));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value as Rec).map(([k, v]) => [rename(k), renameKeys(v, rename)]));
}

/** JSON body of a document (`{Version, SnapshotTime, Links, Equipment}` or `{Location, Links}`). */
export function renderJson(doc: Rec, variant: AempVariant): string {
  let tree = applyValues(doc, variant);
  if (variant.datetimeAsAttribute) tree = renameKeys(tree, (k) => (k === 'datetime' ? 'dateTime' : k));
  if (variant.lowercaseKeys) tree = renameKeys(tree, camel);
  return JSON.stringify(tree);
}

/** Moves `datetime` of every data element into an attribute. */
function datetimeToAttribute(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(datetimeToAttribute);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value as Rec).map(([k, v]) => [k === 'datetime' ? '@_datetime' : k, datetimeToAttribute(v)]));
}

/**
 * XML body: `rootName` holds `content`; `attributes` go on the root (with the namespace).
 * Links become repeated `<Links><rel/><href/></Links>` elements.
 */
export function renderXml(rootName: string, attributes: Record<string, string>, content: Rec, variant: AempVariant): string {
  let tree = applyValues(content, variant) as Rec;
  if (variant.datetimeAsAttribute) tree = datetimeToAttribute(tree) as Rec;
  if (variant.lowercaseKeys) tree = renameKeys(tree, camel) as Rec;
  const root: Rec = {};
  for (const [k, v] of Object.entries(attributes)) root[`@_${k}`] = v;
  Object.assign(root, tree);
  return `<?xml version="1.0" encoding="UTF-8"?>\n${xmlBuilder.build({ [variant.lowercaseKeys ? camel(rootName) : rootName]: root })}`;
}
