/**
 * Walks a paged fleet feed to its end. Follows `next` links (resolved against the page's
 * URL) or, when a feed sends no links, page numbers. Ends on an empty page or a 404/400
 * past the end, and never loops: a `next` equal to `self` or to a page already requested,
 * or a page identical to the one before, ends the walk. When the page count is known (a
 * numbered `last` link) or pages are numbered, the next page is fetched while the
 * current one is read (at most two requests in flight).
 *
 * Bounded, against hostile feeds: a `next` link to another origin than the first page's ends the
 * walk with a notice naming the host (nothing is asked there); a feed still going after
 * `maxPages` pages fails naming the limit. Pages are handed to `onPage` and not kept.
 */
import type { HttpClient, HttpResponse } from '../ports';
import { FleetError, scrubSecrets } from '../errors';
import { formatCount, MAX_AEMP_PAGE_BYTES, MAX_PAGES_PER_LISTING } from '../limits';
import { parseUrl } from '../http/parse-url';
import { AEMP_THROTTLE_STATUSES } from '../http/retry-policy';
import { hasLinks, type PageLinks } from './links';

export interface PageLike {
  /** Entries in the page; 0 means the feed has ended. */
  entries: number;
  links: PageLinks;
}

export interface PaginateProgress {
  /** Pages read so far. */
  pages: number;
  /** Total pages when known. */
  lastPage: number | null;
  /** Entries read so far. */
  entries: number;
  /** While throttled: when the service said we may ask again (ISO). */
  waitingUntil: string | null;
}

export interface PaginateOptions<P extends PageLike> {
  http: HttpClient;
  /**
   * URL of a numbered page (pages start at 1; page 0 is tried once when 1 is empty).
   * Without it only links are followed, from `firstUrl`.
   */
  pageUrl?: (page: number) => string;
  /** First page when it is not `pageUrl(1)`. */
  firstUrl?: string;
  /** Reads a page; keep it free of side effects (a look-ahead page may be dropped). */
  parse: (response: HttpResponse) => P;
  /** Told of each page kept, in order (1-based count). */
  onPage?: (page: P, count: number) => void;
  accept?: string;
  signal?: AbortSignal;
  onProgress?: (progress: PaginateProgress) => void;
  /** Pages read before a feed that goes on fails; default MAX_PAGES_PER_LISTING. */
  maxPages?: number;
  /** What is walked, for messages ("the AEMP 2.0 fleet listing"). */
  what?: string;
}

export interface PaginateResult {
  /** Pages read and handed to onPage. */
  pages: number;
  /** Every URL requested, in order. */
  requested: string[];
  /** Why the walk stopped before the feed's end (a link to another site), for the dispatcher. */
  notice: string | null;
}

type Fetched<P> = { end: true } | { end: false; page: P; url: string; body: string };

const END_STATUSES = [400, 404];

function resolve(href: string | null, base: string): string | null {
  return parseUrl(href, base)?.href ?? null;
}

function cancelled(): FleetError {
  return new FleetError('cancelled', 'Loading the fleet was cancelled.');
}

export async function paginate<P extends PageLike>(options: PaginateOptions<P>): Promise<PaginateResult> {
  const { http, parse, signal } = options;
  const maxPages = options.maxPages ?? MAX_PAGES_PER_LISTING;
  const requested: string[] = [];
  const requestedSet = new Set<string>();
  let pageCount = 0;
  let entries = 0;
  let lastPage: number | null = null;
  let lastBody: string | null = null;
  let notice: string | null = null;
  const done = (): PaginateResult => ({ pages: pageCount, requested, notice });
  const tooManyPages = () =>
    new FleetError(
      'bad-payload',
      `The fleet service's ${options.what ?? 'feed'} did not end after ${formatCount(maxPages)} pages, the most Fleet Desk reads; nothing was replaced`,
    );

  const report = (waitingUntil: string | null) => options.onProgress?.({ pages: pageCount, lastPage, entries, waitingUntil });
  const pageUrl = options.pageUrl;
  const pageHref = (n: number) => (pageUrl ? new URL(pageUrl(n)).href : '');

  const fetchPage = async (rawUrl: string): Promise<Fetched<P>> => {
    if (signal?.aborted) throw cancelled();
    const url = new URL(rawUrl).href;
    requested.push(url);
    requestedSet.add(url);
    const response = await http.get({
      url,
      accept: options.accept ?? 'application/json, application/xml;q=0.9',
      signal,
      throttleStatuses: AEMP_THROTTLE_STATUSES,
      acceptStatuses: END_STATUSES,
      maxBytes: MAX_AEMP_PAGE_BYTES,
      onWait: (info) => {
        if (info.reason === 'throttled') report(info.until.toISOString());
      },
    });
    if (signal?.aborted) throw cancelled();
    if (END_STATUSES.includes(response.status)) return { end: true };
    const page = parse(response);
    if (page.entries === 0) return { end: true };
    return { end: false, page, url: response.url ? resolve(response.url, url) ?? url : url, body: response.body };
  };

  /** Accepts a page; false when it repeats the previous page (a feed ignoring the page number). */
  const accept = (fetched: Extract<Fetched<P>, { end: false }>): boolean => {
    if (fetched.body === lastBody) return false;
    lastBody = fetched.body;
    pageCount += 1;
    entries += fetched.page.entries;
    options.onPage?.(fetched.page, pageCount);
    report(null);
    return true;
  };

  // ---- first page: 1, or 0 once when 1 is missing or empty
  const firstUrl = options.firstUrl ?? pageUrl?.(1);
  if (firstUrl === undefined) throw new FleetError('internal', 'Pagination needs a first page URL.');
  const home = new URL(firstUrl).origin;
  let current = await fetchPage(firstUrl);
  let currentNumber: number | null = pageUrl && new URL(firstUrl).href === pageHref(1) ? 1 : null;
  let firstNumber = 1;
  if (current.end) {
    if (!pageUrl || currentNumber === null || requestedSet.has(pageHref(0))) return done();
    current = await fetchPage(pageUrl(0));
    currentNumber = firstNumber = 0;
    if (current.end) return done();
  }
  accept(current);

  // ---- follow links while the feed sends them
  while (hasLinks(current.page.links)) {
    const self = resolve(current.page.links.self, current.url) ?? current.url;
    const next = resolve(current.page.links.next, current.url);
    if (next === null || next === self || next === current.url || requestedSet.has(next)) return done();
    const nextUrl = new URL(next);
    if (nextUrl.origin !== home) {
      // The token must not follow it; the pages read so far are what the service gave us.
      const host = nextUrl.host || nextUrl.protocol;
      notice = scrubSecrets(
        `Stopped after page ${pageCount}: the next page is on another site (${host}), not on this fleet service, so Fleet Desk did not ask it; only the ${pageCount} page${pageCount === 1 ? '' : 's'} read ${pageCount === 1 ? 'is' : 'are'} shown`,
      );
      return done();
    }
    if (pageCount >= maxPages) throw tooManyPages();
    const last = resolve(current.page.links.last, current.url);
    const lastNumber = last === null || !pageUrl ? null : numberedPage(last, pageHref);
    if (lastNumber !== null) lastPage = lastNumber - firstNumber + 1;
    if (currentNumber !== null && lastNumber !== null && next === pageHref(currentNumber + 1)) {
      return numbered(currentNumber + 1, lastNumber);
    }
    const fetched = await fetchPage(next);
    if (fetched.end || !accept(fetched)) return done();
    currentNumber = currentNumber !== null && pageUrl && next === pageHref(currentNumber + 1) ? currentNumber + 1 : null;
    current = fetched;
  }
  // ---- no links: page numbers
  if (currentNumber === null) return done();
  return numbered(currentNumber + 1, null);

  async function numbered(from: number, to: number | null): Promise<PaginateResult> {
    const inFlight = new Map<number, Promise<Fetched<P>>>();
    let nextNumber = from;
    let stop = false;
    const launch = () => {
      while (!stop && inFlight.size < 2 && (to === null || nextNumber <= to)) {
        if (pageCount + inFlight.size >= maxPages) {
          // Pages remain and the limit is reached: wait for those in flight, then fail.
          if (inFlight.size === 0) throw tooManyPages();
          break;
        }
        const url = pageHref(nextNumber);
        if (requestedSet.has(url)) {
          stop = true;
          break;
        }
        const promise = fetchPage(url);
        promise.catch(() => undefined); // awaited below; this keeps an abandoned look-ahead quiet
        inFlight.set(nextNumber, promise);
        nextNumber += 1;
      }
    };
    launch();
    while (inFlight.size > 0) {
      const number = Math.min(...inFlight.keys());
      const promise = inFlight.get(number)!;
      inFlight.delete(number);
      let fetched: Fetched<P>;
      try {
        fetched = await promise;
      } catch (err) {
        await Promise.allSettled(inFlight.values());
        throw err;
      }
      if (fetched.end || !accept(fetched)) {
        stop = true;
        await Promise.allSettled(inFlight.values());
        break;
      }
      // A numbered page that links on tells us whether the feed ends here.
      const links = fetched.page.links;
      if (hasLinks(links)) {
        const next = resolve(links.next, fetched.url);
        const self = resolve(links.self, fetched.url) ?? fetched.url;
        if (next === null || next === self) {
          stop = true;
          await Promise.allSettled(inFlight.values());
          break;
        }
      }
      launch();
    }
    return done();
  }
}

/** The page number of a URL built like `pageUrl(n)`, or null. */
function numberedPage(url: string, pageHref: (n: number) => string): number | null {
  const match = /(\d+)\/?$/.exec(new URL(url).pathname);
  if (!match) return null;
  const n = Number(match[1]);
  return Number.isSafeInteger(n) && pageHref(n) === url ? n : null;
}
