/**
 * The demo's fleet (AEMP 1.2 / 2.0) endpoints under `/aemp`, computed from the same
 * simulated fleet as the asset list. Only the requested page's units are computed.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DemoContext } from '../context';
import {
  equipmentRecord,
  findByIdentifier,
  findByVin,
  aempEquipment,
  hasMetric,
  historyRecords,
  historySlots,
  type HistoryMetric,
  type Rec,
  type Version,
} from './records';
import { AEMP12_NS, AEMP20_NS, renderJson, renderXml, type Link } from './render';
import { aempVariantOf, countAndCheckThrottle, type AempVariant } from './variant';

const METRICS: readonly HistoryMetric[] = ['Location', 'CumulativeOperatingHours', 'Distance', 'FuelRemaining'];
const AEMP_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
const JSON_TYPE = 'application/json; charset=utf-8';
const XML_TYPE = 'application/xml; charset=utf-8';
const DEFAULT_HISTORY_PAGE = 500;

class AempError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

interface Request {
  demo: DemoContext;
  res: ServerResponse;
  url: URL;
  variant: AempVariant;
  xml: boolean;
  /** the path after `/aemp`, split and decoded */
  segments: string[];
}

function iso(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** XML when asked by `?format=xml` or an Accept header preferring XML; 1.2 answers XML unless `?format=json`. */
function wantsXml(req: IncomingMessage, url: URL, version: Version): boolean {
  const format = url.searchParams.get('format')?.toLowerCase();
  if (format === 'xml') return true;
  if (format === 'json') return false;
  if (version === '1.2') return true;
  const accept = (req.headers.accept ?? '').toLowerCase();
  const xmlAt = accept.search(/[a-z]+\/xml/);
  const jsonAt = accept.indexOf('json');
  return xmlAt >= 0 && (jsonAt < 0 || xmlAt < jsonAt);
}

function decodeSegments(path: string): string[] {
  return path
    .split('/')
    .filter((s) => s !== '')
    .map((s) => {
      try {
        return decodeURIComponent(s);
      } catch {
        throw new AempError(400, 'invalid_request', `The path segment "${s}" is not valid URL encoding.`);
      }
    });
}

/** A URL of this service for `path` (under /aemp), keeping `format` so links stay in one format. */
function selfUrl(r: Request, path: string, page?: number): string {
  const target = new URL(`/aemp${path}`, r.demo.origin);
  const format = r.url.searchParams.get('format');
  if (format) target.searchParams.set('format', format);
  if (page !== undefined) target.searchParams.set('page', String(page));
  return target.href;
}

function send(r: Request, rootName: string, version: Version, doc: Rec): void {
  if (!r.xml) {
    r.demo.sendBody(r.res, 200, JSON_TYPE, renderJson(doc, r.variant));
    return;
  }
  const attributes: Record<string, string> = { xmlns: version === '1.2' ? AEMP12_NS : AEMP20_NS };
  const content: Rec = { ...doc };
  for (const key of ['Version', 'SnapshotTime']) {
    if (key in content) {
      attributes[key[0].toLowerCase() + key.slice(1)] = String(content[key]);
      delete content[key];
    }
  }
  r.demo.sendBody(r.res, 200, XML_TYPE, renderXml(rootName, attributes, content, r.variant));
}

function parsePage(raw: string): number {
  if (!/^\d{1,9}$/.test(raw)) throw new AempError(400, 'invalid_request', `"${raw}" is not a page number. Pages are numbered from 1.`);
  return Number(raw);
}

function aempPage(r: Request, version: Version, pageRaw: string): void {
  const page = parsePage(pageRaw);
  const units = aempEquipment(r.demo.sim);
  const size = Math.max(1, r.demo.options.aempPageSize);
  const lastPage = Math.max(1, Math.ceil(units.length / size));
  const prefix = version === '1.2' ? '/api/v1/Fleet' : '/api/v2/Fleet';
  if (page < 1 || page > lastPage) {
    const pastEnd = r.variant.pastEnd ?? 404;
    if (pastEnd === 'empty' && page > lastPage) {
      send(r, 'Fleet', version, { Version: version === '1.2' ? '1.2' : '2', SnapshotTime: iso(r.demo.now()), Links: [{ rel: 'self', href: selfUrl(r, `${prefix}/${page}`) }], Equipment: [] });
      return;
    }
    const status = pastEnd === 400 ? 400 : 404;
    throw new AempError(status, status === 404 ? 'not_found' : 'invalid_request', `Page ${page} does not exist: the fleet has ${lastPage} page(s), numbered from 1.`);
  }
  const now = r.demo.now();
  const equipment = units.slice((page - 1) * size, page * size).map((unit) => equipmentRecord(r.demo.sim, unit, version, now));
  const doc: Rec = { Version: version === '1.2' ? '1.2' : '2', SnapshotTime: iso(now) };
  if (!r.variant.noLinks) {
    const self = selfUrl(r, `${prefix}/${page}`);
    const links: Link[] = [{ rel: 'self', href: self }];
    if (r.variant.nextEqualsSelf) links.push({ rel: 'next', href: self });
    else if (page < lastPage) links.push({ rel: 'next', href: selfUrl(r, `${prefix}/${page + 1}`) });
    if (page > 1) links.push({ rel: 'prev', href: selfUrl(r, `${prefix}/${page - 1}`) });
    links.push({ rel: 'last', href: selfUrl(r, `${prefix}/${lastPage}`) });
    doc.Links = links;
  }
  doc.Equipment = equipment;
  send(r, 'Fleet', version, doc);
}

function findUnit(r: Request, version: Version, identifier: string) {
  const unit = version === '1.2' ? findByVin(r.demo.sim, identifier) : findByIdentifier(r.demo.sim, identifier);
  if (!unit || unit.type !== 'thing') {
    const what = version === '1.2' ? 'VIN' : 'equipment id, serial number or VIN';
    throw new AempError(404, 'not_found', `No unit with ${what} "${identifier}" in this fleet.`);
  }
  return unit;
}

function parseRange(startRaw: string, endRaw: string): { start: number; end: number } {
  const read = (raw: string, name: string) => {
    const ms = AEMP_DATE.test(raw) ? Date.parse(raw) : Number.NaN;
    if (!Number.isFinite(ms) || iso(ms) !== raw) throw new AempError(400, 'invalid_request', `The ${name} date "${raw}" is not a UTC timestamp of the form YYYY-MM-DDTHH:MM:SSZ.`);
    return ms;
  };
  const start = read(startRaw, 'start');
  const end = read(endRaw, 'end');
  if (end < start) throw new AempError(400, 'invalid_request', `The end date ${endRaw} is before the start date ${startRaw}.`);
  return { start, end };
}

function unitAnswer(r: Request, version: Version, identifier: string, atMs: number): void {
  const unit = findUnit(r, version, identifier);
  send(r, 'Equipment', version, equipmentRecord(r.demo.sim, unit, version, atMs));
}

function history(r: Request, identifier: string, metric: HistoryMetric, startRaw: string, endRaw: string): void {
  const unit = findUnit(r, '2.0', identifier);
  const { start, end } = parseRange(startRaw, endRaw);
  const pageRaw = r.url.searchParams.get('page') ?? '1';
  const page = parsePage(pageRaw);
  const size = Math.max(1, r.variant.historyPageSize ?? DEFAULT_HISTORY_PAGE);
  const slots = hasMetric(unit, metric) ? historySlots(start, end, r.demo.now()) : { first: 0, count: 0 };
  const lastPage = Math.max(1, Math.ceil(slots.count / size));
  if (page < 1 || page > lastPage) throw new AempError(404, 'not_found', `Page ${page} does not exist: this history has ${lastPage} page(s), numbered from 1.`);
  const from = (page - 1) * size;
  const records = historyRecords(r.demo.sim, unit, metric, slots.first, from, Math.min(from + size, slots.count));
  const path = `/api/v2/Fleet/Equipment/${encodeURIComponent(identifier)}/${metric}/${startRaw}/${endRaw}`;
  const links: Link[] = [{ rel: 'self', href: selfUrl(r, path, page) }];
  if (page < lastPage) links.push({ rel: 'next', href: selfUrl(r, path, page + 1) });
  if (page > 1) links.push({ rel: 'prev', href: selfUrl(r, path, page - 1) });
  links.push({ rel: 'last', href: selfUrl(r, path, lastPage) });
  send(r, `${metric}Messages`, '2.0', { [metric]: records, Links: links });
}

function route(r: Request, version: Version, rest: string[]): boolean {
  // rest: segments after Fleet
  if (rest.length === 1 && rest[0] !== 'Equipment') {
    aempPage(r, version, rest[0]);
    return true;
  }
  if (rest[0] !== 'Equipment' || rest.length < 2) return false;
  const identifier = rest[1];
  if (version === '1.2') {
    if (rest.length !== 2) return false;
    unitAnswer(r, version, identifier, r.demo.now());
    return true;
  }
  if (rest.length === 2) {
    unitAnswer(r, version, identifier, r.demo.now());
    return true;
  }
  if (rest.length === 4) {
    findUnit(r, version, identifier);
    const { end } = parseRange(rest[2], rest[3]);
    unitAnswer(r, version, identifier, Math.min(end, r.demo.now()));
    return true;
  }
  if (rest.length === 5) {
    const metric = METRICS.find((m) => m === rest[2]);
    if (!metric) throw new AempError(404, 'not_found', `"${rest[2]}" is not a history of this interface; use ${METRICS.join(', ')}.`);
    history(r, identifier, metric, rest[3], rest[4]);
    return true;
  }
  return false;
}

/**
 * Fleet (AEMP 1.2 / 2.0) endpoints under `/aemp/*`; the bearer token is already checked.
 * Returns true when handled.
 */
export function handleAempRequest(req: IncomingMessage, res: ServerResponse, url: URL, demo: DemoContext): boolean {
  const variant = aempVariantOf(demo.sim);
  try {
    const segments = decodeSegments(url.pathname.replace(/^\/aemp/, ''));
    if (segments[0] !== 'api' || (segments[1] !== 'v1' && segments[1] !== 'v2') || segments[2] !== 'Fleet') return false;
    const version: Version = segments[1] === 'v1' ? '1.2' : '2.0';
    if (countAndCheckThrottle(demo.sim)) {
      const status = variant.throttleStatus ?? 429;
      const seconds = variant.retryAfterSec ?? 1;
      demo.sendError(res, status, 'rate_limited', `The fleet feed allows fewer requests; retry after ${seconds} s.`, { 'retry-after': String(seconds) });
      return true;
    }
    const r: Request = { demo, res, url, variant, xml: wantsXml(req, url, version), segments };
    return route(r, version, segments.slice(3));
  } catch (err) {
    if (!(err instanceof AempError)) throw err;
    demo.sendError(res, err.status, err.code, err.message);
    return true;
  }
}
