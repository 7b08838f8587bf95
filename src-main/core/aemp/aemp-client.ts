/**
 * Client for the fleet (AEMP) interface: paged listings (1.2 and 2.0), single machines and
 * the 2.0 per-metric histories. Answers may be JSON or XML whatever was asked for.
 */
import type { AempVersion, Equipment, AempProgress, HistoryMetric, HistoryPoint, ParseIssue } from '../../contract';
import { FleetError } from '../errors';
import { formatCount, MAX_AEMP_PAGE_BYTES, MAX_HISTORY_POINTS, MAX_PAGES_PER_LISTING, MAX_EQUIPMENT_PER_LISTING } from '../limits';
import type { HttpClient, HttpResponse } from '../ports';
import { paginate } from './paginate';
import { AEMP_THROTTLE_STATUSES } from '../http/retry-policy';
import { parseAempPage, parseHistoryPage, parseEquipment } from './parse-aemp';

export interface AempFetch {
  snapshotTime: string | null;
  equipment: Equipment[];
  issues: ParseIssue[];
  pages: number;
}

export interface HistoryFetch {
  points: HistoryPoint[];
  issues: ParseIssue[];
  pages: number;
}

export interface AempCallOptions {
  signal?: AbortSignal;
  onProgress?: (progress: AempProgress) => void;
}

const ACCEPT: Record<AempVersion, string> = {
  '1.2': 'application/xml, text/xml;q=0.9, application/json;q=0.8',
  '2.0': 'application/json, application/xml;q=0.9, text/xml;q=0.8',
};
const PREFIX: Record<AempVersion, string> = { '1.2': '/api/v1', '2.0': '/api/v2' };

/** `YYYY-MM-DDTHH:MM:SSZ` in UTC, the form the fleet interface wants in paths. */
export function formatAempDate(value: Date | string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (!Number.isFinite(date.getTime())) throw new FleetError('invalid-argument', `"${String(value)}" is not a date.`);
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function contentType(response: HttpResponse): string | undefined {
  return response.headers['content-type'];
}

function onPage(issues: ParseIssue[], page: number): ParseIssue[] {
  return page === 1 ? issues : issues.map((i) => ({ path: i.path, message: `${i.message} (page ${page})` }));
}

function identityOf(e: Equipment): string {
  return `${e.equipmentId ?? ''}|${e.serialNumber ?? ''}|${e.vin ?? ''}`;
}

/** How much one call reads before it fails (defaults: the named limits; tests lower them). */
export interface AempLimits {
  maxPages: number;
  maxEquipment: number;
  maxHistoryPoints: number;
}

const DEFAULT_LIMITS: AempLimits = { maxPages: MAX_PAGES_PER_LISTING, maxEquipment: MAX_EQUIPMENT_PER_LISTING, maxHistoryPoints: MAX_HISTORY_POINTS };

/** Why a walk stopped early, as a listing issue. */
function stopIssue(notice: string | null): ParseIssue[] {
  return notice ? [{ path: 'Links', message: notice }] : [];
}

export class AempClient {
  private readonly root: string;
  private readonly limits: AempLimits;

  constructor(
    private readonly http: HttpClient,
    aempUrl: string,
    limits: Partial<AempLimits> = {},
  ) {
    this.root = aempUrl.replace(/\/+$/, '');
    this.limits = { ...DEFAULT_LIMITS, ...limits };
  }

  aempPageUrl(version: AempVersion, page: number): string {
    return `${this.root}${PREFIX[version]}/Fleet/${page}`;
  }

  equipmentUrl(version: AempVersion, identifier: string): string {
    return `${this.root}${PREFIX[version]}/Fleet/Equipment/${encodeURIComponent(identifier)}`;
  }

  equipmentRangeUrl(identifier: string, start: Date | string, end: Date | string): string {
    return `${this.equipmentUrl('2.0', identifier)}/${formatAempDate(start)}/${formatAempDate(end)}`;
  }

  historyUrl(identifier: string, metric: HistoryMetric, start: Date | string, end: Date | string): string {
    return `${this.equipmentUrl('2.0', identifier)}/${metric}/${formatAempDate(start)}/${formatAempDate(end)}`;
  }

  /** Every page of the fleet listing, machines de-duplicated (a later page wins). */
  async listEquipment(version: AempVersion, options: AempCallOptions = {}): Promise<AempFetch> {
    let snapshotTime: string | null = null;
    const byIdentity = new Map<string, Equipment>();
    const issues: ParseIssue[] = [];
    // Entries read, repeats included: a feed repeating the same machines costs the same work.
    let read = 0;
    const what = `AEMP ${version} fleet listing`;
    const progress = (p: { pages: number; lastPage: number | null; waitingUntil: string | null }, done: boolean) =>
      options.onProgress?.({ version, page: p.pages, lastPage: p.lastPage, equipment: byIdentity.size, waitingUntil: p.waitingUntil, done });
    const result = await paginate({
      http: this.http,
      pageUrl: (n) => this.aempPageUrl(version, n),
      accept: ACCEPT[version],
      signal: options.signal,
      maxPages: this.limits.maxPages,
      what,
      parse: (response) => parseAempPage(response.body, contentType(response)),
      onPage: (page, count) => {
        read += page.entries;
        if (read > this.limits.maxEquipment) {
          throw new FleetError('bad-payload', `The fleet service's ${what} has more than ${formatCount(this.limits.maxEquipment)} machines, the most Fleet Desk reads; nothing was replaced`);
        }
        snapshotTime ??= page.snapshotTime;
        for (const e of page.equipment) byIdentity.set(identityOf(e), e);
        issues.push(...onPage(page.issues, count));
      },
      onProgress: (p) => progress(p, false),
    });
    const pages = result.pages;
    issues.push(...stopIssue(result.notice));
    options.onProgress?.({ version, page: pages, lastPage: pages, equipment: byIdentity.size, waitingUntil: null, done: true });
    return { snapshotTime, equipment: [...byIdentity.values()], issues, pages };
  }

  /** One machine by VIN (1.2) or equipment id, serial number or PIN (2.0). */
  async getEquipment(version: AempVersion, identifier: string, options: { signal?: AbortSignal } = {}): Promise<{ equipment: Equipment; issues: ParseIssue[] }> {
    return this.fetchEquipment(this.equipmentUrl(version, identifier), ACCEPT[version], identifier, options.signal);
  }

  /** One machine (2.0) over a date range. */
  async getEquipmentRange(identifier: string, start: Date | string, end: Date | string, options: { signal?: AbortSignal } = {}): Promise<{ equipment: Equipment; issues: ParseIssue[] }> {
    return this.fetchEquipment(this.equipmentRangeUrl(identifier, start, end), ACCEPT['2.0'], identifier, options.signal);
  }

  /**
   * All pages of one metric's updates (2.0) over a date range, oldest first; with `feedOrder`,
   * in the order the feed sent them (so a caller can tell a feed that sends them out of order).
   */
  async getHistory(
    identifier: string,
    metric: HistoryMetric,
    start: Date | string,
    end: Date | string,
    options: { signal?: AbortSignal; feedOrder?: boolean } = {},
  ): Promise<HistoryFetch> {
    const issues: ParseIssue[] = [];
    const points: HistoryPoint[] = [];
    const result = await paginate({
      http: this.http,
      firstUrl: this.historyUrl(identifier, metric, start, end),
      accept: ACCEPT['2.0'],
      signal: options.signal,
      maxPages: this.limits.maxPages,
      what: `${metric} history`,
      parse: (response) => parseHistoryPage(response.body, metric, contentType(response)),
      onPage: (page, count) => {
        if (points.length + page.points.length > this.limits.maxHistoryPoints) {
          throw new FleetError('bad-payload', `The fleet service's ${metric} history has more than ${formatCount(this.limits.maxHistoryPoints)} points, the most Fleet Desk reads; choose a shorter range`);
        }
        for (const point of page.points) points.push(point);
        issues.push(...onPage(page.issues, count));
      },
    });
    if (!options.feedOrder) points.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
    issues.push(...stopIssue(result.notice));
    return { points, issues, pages: result.pages };
  }

  private async fetchEquipment(url: string, accept: string, identifier: string, signal?: AbortSignal): Promise<{ equipment: Equipment; issues: ParseIssue[] }> {
    const response = await this.http.get({ url, accept, signal, throttleStatuses: AEMP_THROTTLE_STATUSES, acceptStatuses: [404], maxBytes: MAX_AEMP_PAGE_BYTES });
    const notFound = () => new FleetError('not-found', `The fleet service has no machine "${identifier}".`, { status: 404 });
    if (response.status === 404) throw notFound();
    const { equipment, issues } = parseEquipment(response.body, contentType(response));
    if (!equipment) {
      if (issues.length > 0) throw new FleetError('bad-payload', `The fleet service's answer for machine "${identifier}" could not be understood: ${issues[0].message}`, { path: issues[0].path });
      throw notFound();
    }
    return { equipment, issues };
  }
}
