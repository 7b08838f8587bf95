/**
 * Turns one fleet answer (JSON or XML, AEMP 1.2 or 2.0) into normalised data plus the
 * issues found. Never throws except FleetError 'bad-payload' when the document as a
 * whole is not a fleet document.
 */
import type { Equipment, HistoryMetric, HistoryPoint, ParseIssue } from '../../contract';
import { FleetError, redactRegisteredSecrets } from '../errors';
import { cutText } from '../service-text';
import { readLinks, type PageLinks } from './links';
import { readDistance, readFuelRemaining, readHours, readLocation, type IssueSink } from './normalize-elements';
import { normalizeEquipment } from './normalize-equipment';
import { parseAempDocument, type AempDocument } from './parse-document';
import { asArray, isNode, keyOf, pick, text, timestamp, type Node } from './tolerant';

export interface AempPage {
  version: string | null;
  snapshotTime: string | null;
  equipment: Equipment[];
  /** Equipment entries in the document, understood or not (an empty page has none). */
  entries: number;
  links: PageLinks;
  issues: ParseIssue[];
}

export interface HistoryPage {
  points: HistoryPoint[];
  entries: number;
  links: PageLinks;
  issues: ParseIssue[];
}

const FLEET_KEYS = ['Equipment', 'Links', 'Link', 'SnapshotTime', 'Version'];

/**
 * Issues quote service text (values, element names): each is cut to the field limit and
 * cleared of registered secrets before it can be shown or stored.
 */
function cleanIssues(issues: ParseIssue[]): ParseIssue[] {
  return issues.map((i) => ({ path: redactRegisteredSecrets(cutText(i.path)), message: redactRegisteredSecrets(cutText(i.message)) }));
}

function notA(what: string): FleetError {
  return new FleetError('bad-payload', `The fleet service's answer is not ${what}.`, { path: '$' });
}

/** The object that holds the fleet (JSON may wrap it in `{ "Fleet": … }`). */
function aempRoot(doc: AempDocument): Node | unknown[] {
  if (doc.format === 'xml') {
    if (!/fleet/i.test(doc.rootName ?? '')) throw notA(`a fleet snapshot (its root element is <${doc.rootName}>)`);
    return doc.root;
  }
  if (Array.isArray(doc.root)) return doc.root;
  const wrapped = pick(doc.root, 'Fleet');
  if (isNode(wrapped)) return wrapped;
  const keys = Object.keys(doc.root);
  if (keys.length > 0 && !keys.some((k) => FLEET_KEYS.some((f) => f.toLowerCase() === k.toLowerCase()))) throw notA('a fleet snapshot');
  return doc.root;
}

export function parseAempPage(body: string, contentType?: string): AempPage {
  const root = aempRoot(parseAempDocument(body, contentType));
  const sink: IssueSink = { issues: [] };
  const raw = Array.isArray(root) ? root : asArray(pick(root, 'Equipment'));
  const key = Array.isArray(root) ? '$' : keyOf(root, 'Equipment');
  const equipment: Equipment[] = [];
  raw.forEach((entry, i) => {
    const one = normalizeEquipment(entry, `${key}[${i}]`, sink);
    if (one) equipment.push(one);
  });
  return {
    version: Array.isArray(root) ? null : text(pick(root, 'Version')),
    snapshotTime: Array.isArray(root) ? null : timestamp(pick(root, 'SnapshotTime')),
    equipment,
    entries: raw.length,
    links: Array.isArray(root) ? readLinks({}, sink) : readLinks(root, sink),
    issues: cleanIssues(sink.issues),
  };
}

/** One machine: a bare Equipment (JSON object or XML root) or a fleet holding it. */
export function parseEquipment(body: string, contentType?: string): { equipment: Equipment | null; issues: ParseIssue[] } {
  const doc = parseAempDocument(body, contentType);
  const sink: IssueSink = { issues: [] };
  let raw: unknown;
  let path = 'Equipment';
  const isBare = doc.format === 'xml' ? /^equipment$/i.test(doc.rootName ?? '') : isNode(doc.root) && pick(doc.root, 'EquipmentHeader') !== undefined;
  if (isBare) raw = doc.root;
  else {
    const root = aempRoot(doc);
    const all = Array.isArray(root) ? root : asArray(pick(root, 'Equipment'));
    raw = all[0];
    path = 'Equipment[0]';
    if (raw === undefined) return { equipment: null, issues: [] };
  }
  const equipment = normalizeEquipment(raw, path, sink);
  return { equipment, issues: cleanIssues(sink.issues) };
}

const READERS: Record<HistoryMetric, (el: unknown, path: string, sink: IssueSink) => HistoryPoint | null> = {
  Location: (el, path, sink) => {
    const v = readLocation(el, path, sink);
    // The contract's Location point is a position: lat/lng, no value.
    return v && stamped(v.at, path, sink, { value: null, lat: v.lat, lng: v.lng });
  },
  CumulativeOperatingHours: (el, path, sink) => {
    const v = readHours(el, path, sink);
    if (!v) return null;
    const identity = recordIdentity(el);
    return stamped(v.at, path, sink, identity.length > 0 ? { value: v.hours, identity } : { value: v.hours });
  },
  Distance: (el, path, sink) => {
    const v = readDistance(el, path, sink);
    return v && stamped(v.at, path, sink, { value: v.metres });
  },
  FuelRemaining: (el, path, sink) => {
    const v = readFuelRemaining(el, path, sink);
    return v && stamped(v.at, path, sink, { value: v.percent });
  },
};

/**
 * The identifiers a history record names itself by, on the record or in an EquipmentHeader
 * of its own (some feeds mix several machines' records into one history).
 */
function recordIdentity(el: unknown): string[] {
  const header = pick(el, 'EquipmentHeader');
  const out: string[] = [];
  for (const node of [el, header]) {
    for (const name of ['EquipmentID', 'SerialNumber', 'PIN', 'VIN']) {
      const value = text(pick(node, name));
      if (value !== null) out.push(cutText(value));
    }
  }
  return out;
}

function stamped(at: string | null, path: string, sink: IssueSink, point: Omit<HistoryPoint, 'at'>): HistoryPoint | null {
  if (at === null) {
    sink.issues.push({ path, message: 'History record has no readable datetime; skipped.' });
    return null;
  }
  return { at, ...point };
}

/**
 * A page of one metric's history: JSON `{ "Location": [...], "Links": [...] }` (or a bare
 * list), XML `<LocationMessages>` holding repeated `<Location>` elements.
 */
export function parseHistoryPage(body: string, metric: HistoryMetric, contentType?: string): HistoryPage {
  const doc = parseAempDocument(body, contentType);
  const sink: IssueSink = { issues: [] };
  let records: unknown[];
  let key = metric;
  if (Array.isArray(doc.root)) {
    records = doc.root;
    key = '$' as HistoryMetric;
  } else {
    const name = doc.rootName ?? '';
    if (doc.format === 'xml' && name.toLowerCase() === metric.toLowerCase()) records = [doc.root];
    else {
      if (doc.format === 'xml' && !name.toLowerCase().startsWith(metric.toLowerCase()) && pick(doc.root, metric) === undefined) {
        throw notA(`a ${metric} history (its root element is <${name}>)`);
      }
      const found = pick(doc.root, metric, `${metric}Messages`);
      if (found === undefined && doc.format === 'json' && Object.keys(doc.root).length > 0 && pick(doc.root, 'Links') === undefined) throw notA(`a ${metric} history`);
      records = asArray(found);
      key = keyOf(doc.root, metric) as HistoryMetric;
    }
  }
  const points: HistoryPoint[] = [];
  records.forEach((record, i) => {
    const point = READERS[metric](record, `${key}[${i}]`, sink);
    if (point) points.push(point);
  });
  const links = Array.isArray(doc.root) ? readLinks({}, sink) : readLinks(doc.root, sink);
  return { points, entries: records.length, links, issues: cleanIssues(sink.issues) };
}
