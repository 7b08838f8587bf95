/** Walking a paged fleet feed: next links, numbered pages, where a walk ends, its limit, cancelling and progress. */
import { describe, expect, it } from 'vitest';
import { FleetError } from '../../../../src-main/core/errors';
import { paginate as walk, type PaginateOptions, type PaginateProgress } from '../../../../src-main/core/aemp/paginate';
import { parseAempPage } from '../../../../src-main/core/aemp/parse-aemp';
import type { HttpClient, HttpRequest, HttpResponse } from '../../../../src-main/core/ports';
import { AEMP_THROTTLE_STATUSES } from '../../../../src-main/core/http/retry-policy';
import { failure } from '../../../fixtures/failure';

const BASE = 'https://aemp.test/api/v2/Fleet';
type CannedAnswer = { status?: number; body: string } | ((req: HttpRequest) => Promise<{ status?: number; body: string }>);

/** A fake HttpClient serving canned answers; unknown URLs get 404. Records concurrency. */
function fakeHttp(answers: Record<string, CannedAnswer>) {
  const requests: Array<Parameters<HttpClient['get']>[0]> = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const http: HttpClient = {
    async get(req) {
      requests.push(req);
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      try {
        await new Promise((r) => setTimeout(r, 1));
        const answer = answers[req.url];
        const result = answer === undefined ? { status: 404, body: '{"error":"not-found"}' } : typeof answer === 'function' ? await answer(req) : answer;
        const status = result.status ?? 200;
        if (status >= 400 && !(req.acceptStatuses ?? []).includes(status)) throw new FleetError(status >= 500 ? 'server' : 'bad-request', `HTTP ${status}`, { status });
        return { status, body: result.body, headers: { 'content-type': 'application/json' }, url: req.url } satisfies HttpResponse;
      } finally {
        inFlight -= 1;
      }
    },
  };
  return { http, requests, urls: () => requests.map((r) => r.url), maxInFlight: () => maxInFlight };
}

function unitsPage(ids: string[], links: Record<string, string> = {}): string {
  return JSON.stringify({
    Links: Object.entries(links).map(([rel, href]) => ({ rel, href })),
    Equipment: ids.map((id) => ({ EquipmentHeader: { EquipmentID: id } })),
  });
}

const parse = (r: HttpResponse) => parseAempPage(r.body, r.headers['content-type']);
type Page = ReturnType<typeof parse>;

/** paginate, collecting the pages it hands to onPage (it keeps none itself); `walk` is paginate itself. */
async function paginate(options: PaginateOptions<Page>) {
  const kept: Page[] = [];
  const result = await walk({
    ...options,
    onPage: (page, count) => {
      kept.push(page);
      options.onPage?.(page, count);
    },
  });
  return { ...result, pages: kept };
}
const pageUrl = (n: number) => `${BASE}/${n}`;
const ids = (pages: ReturnType<typeof parse>[]) => pages.flatMap((p) => p.equipment.map((e) => e.equipmentId));

type Answer = { status?: number; body: string; url?: string };

/** Answers by URL (unknown URLs: 404); throws past `maxRequests` so a walk that never stops fails. */
function feed(answer: (url: string, req: HttpRequest) => Answer | undefined, maxRequests = 40) {
  const requests: HttpRequest[] = [];
  const http: HttpClient = {
    async get(req) {
      requests.push(req);
      if (requests.length > maxRequests) throw new Error('the walk did not stop');
      const a = answer(req.url, req) ?? { status: 404, body: '{}' };
      return { status: a.status ?? 200, body: a.body, headers: { 'content-type': 'application/json' }, url: a.url ?? req.url };
    },
  };
  return { http, requests, urls: () => requests.map((r) => r.url) };
}

const units = (id: string, links: Record<string, string> = {}) => unitsPage([id], links);

describe('paginate follows next links to the end of the feed', () => {
  it('follows relative next links to the end and asks for throttling statuses to be handled', async () => {
    const fake = fakeHttp({
      [`${BASE}/1`]: { body: unitsPage(['a'], { self: '/api/v2/Fleet/1', next: '/api/v2/Fleet/2?cursor=x' }) },
      [`${BASE}/2?cursor=x`]: { body: unitsPage(['b'], { self: '/api/v2/Fleet/2?cursor=x', next: 'https://aemp.test/api/v2/Fleet/3?cursor=y' }) },
      [`${BASE}/3?cursor=y`]: { body: unitsPage(['c'], { self: '/api/v2/Fleet/3?cursor=y' }) },
    });
    const result = await paginate({ http: fake.http, pageUrl, parse });
    expect(ids(result.pages)).toEqual(['a', 'b', 'c']);
    expect(fake.urls()).toEqual([`${BASE}/1`, `${BASE}/2?cursor=x`, `${BASE}/3?cursor=y`]);
    // The retry policy's own list, not a copy of it.
    expect(fake.requests[0].throttleStatuses).toBe(AEMP_THROTTLE_STATUSES);
    expect(fake.requests[0].acceptStatuses).toEqual([400, 404]);
  });

  it('follows links from a first URL without page numbers (histories)', async () => {
    const first = 'https://aemp.test/h/Location/a/b';
    const fake = fakeHttp({
      [first]: { body: unitsPage(['a'], { self: first, next: `${first}?page=2` }) },
      [`${first}?page=2`]: { body: unitsPage(['b'], { self: `${first}?page=2`, prev: first }) },
    });
    const result = await paginate({ http: fake.http, firstUrl: first, parse });
    expect(ids(result.pages)).toEqual(['a', 'b']);
    expect(fake.requests).toHaveLength(2);
  });

  it('follows next links from the address a redirected page came from', async () => {
    const f = feed((url) => {
      if (url === `${BASE}/a`) return { body: units('a', { next: 'b' }), url: `${BASE}/sub/a` };
      if (url === `${BASE}/sub/b`) return { body: units('b') };
      return undefined;
    });
    const result = await walk({ http: f.http, firstUrl: `${BASE}/a`, parse });
    expect(f.urls()).toEqual([`${BASE}/a`, `${BASE}/sub/b`]);
    expect(result.pages).toBe(2);
  });

  it('follows a next link that is not the next number even when the last page is numbered', async () => {
    const f = feed((url) => {
      if (url === pageUrl(1)) return { body: units('1', { self: url, next: `${BASE}/cursor-x`, last: pageUrl(3) }) };
      if (url === `${BASE}/cursor-x`) return { body: units('2') };
      return undefined;
    });
    await walk({ http: f.http, pageUrl, parse });
    expect(f.urls()[1]).toBe(`${BASE}/cursor-x`);
  });
});

describe('paginate walks numbered pages when the feed has no links', () => {
  it('uses page numbers when there are no links, stopping at an empty page, with two requests in flight', async () => {
    const answers: Record<string, Answer> = {};
    for (let n = 1; n <= 6; n++) answers[`${BASE}/${n}`] = { body: unitsPage([`u${n}`]) };
    answers[`${BASE}/7`] = { body: '{"Equipment":[]}' };
    const fake = fakeHttp(answers);
    const progress: PaginateProgress[] = [];
    const result = await paginate({ http: fake.http, pageUrl, parse, onProgress: (p) => progress.push(p) });
    expect(ids(result.pages)).toEqual(['u1', 'u2', 'u3', 'u4', 'u5', 'u6']);
    expect(fake.maxInFlight()).toBe(2);
    expect(fake.urls().slice(0, 7)).toEqual([1, 2, 3, 4, 5, 6, 7].map(pageUrl));
    expect(progress.map((p) => p.pages)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(progress.at(-1)).toEqual({ pages: 6, lastPage: null, entries: 6, waitingUntil: null });
  });

  it.each([404, 400])('ends at a %i past the last numbered page', async (status) => {
    const fake = fakeHttp({
      [`${BASE}/1`]: { body: unitsPage(['a']) },
      [`${BASE}/2`]: { body: unitsPage(['b']) },
      [`${BASE}/3`]: { status, body: '{"error":"past the end"}' },
      [`${BASE}/4`]: { body: unitsPage(['never']) },
    });
    const result = await paginate({ http: fake.http, pageUrl, parse });
    expect(ids(result.pages)).toEqual(['a', 'b']);
  });

  it('tries page 0 once when page 1 is missing, for feeds counting from 0', async () => {
    const fake = fakeHttp({
      [`${BASE}/0`]: { body: unitsPage(['zero'], { self: `${BASE}/0`, next: `${BASE}/1` }) },
    });
    const result = await paginate({ http: fake.http, pageUrl, parse });
    expect(ids(result.pages)).toEqual(['zero']);
    expect(fake.urls()).toEqual([`${BASE}/1`, `${BASE}/0`]);
  });

  it('ends with no pages when both page 1 and page 0 are empty', async () => {
    const fake = fakeHttp({ [`${BASE}/1`]: { body: '[]' }, [`${BASE}/0`]: { status: 400, body: '{}' } });
    const result = await paginate({ http: fake.http, pageUrl, parse });
    expect(result.pages).toEqual([]);
    expect(fake.requests).toHaveLength(2);
  });

  it('fetches ahead up to a known last page and reports page n of m', async () => {
    const answers: Record<string, Answer> = {};
    for (let n = 1; n <= 5; n++) {
      const links: Record<string, string> = { self: pageUrl(n), last: pageUrl(5) };
      if (n < 5) links.next = pageUrl(n + 1);
      answers[pageUrl(n)] = { body: unitsPage([`u${n}`], links) };
    }
    const fake = fakeHttp(answers);
    const progress: PaginateProgress[] = [];
    const result = await paginate({ http: fake.http, pageUrl, parse, onProgress: (p) => progress.push(p) });
    expect(ids(result.pages)).toEqual(['u1', 'u2', 'u3', 'u4', 'u5']);
    expect(fake.requests).toHaveLength(5);
    expect(fake.maxInFlight()).toBe(2);
    expect(progress.at(-1)).toMatchObject({ pages: 5, lastPage: 5 });
  });

  it('does not try page 0 for a first page given by address', async () => {
    const f = feed((url) => (url === `${BASE}/start` ? { body: '{"Equipment":[]}' } : { body: units(url) }));
    const result = await walk({ http: f.http, pageUrl, firstUrl: `${BASE}/start`, parse });
    expect(result.pages).toBe(0);
    expect(f.urls()).toEqual([`${BASE}/start`]);
  });

  it('does not ask page 1 again when counting on from page 0', async () => {
    const f = feed((url) => (url === pageUrl(1) ? { body: '{"Equipment":[]}' } : url === pageUrl(0) ? { body: units('zero') } : undefined));
    const result = await walk({ http: f.http, pageUrl, parse });
    expect(result.pages).toBe(1);
    expect(f.urls()).toEqual([pageUrl(1), pageUrl(0)]);
    expect(result.requested).toEqual([pageUrl(1), pageUrl(0)]);
  });

  it('follows numbered next links one by one when no last page is known', async () => {
    const f = feed((url) => {
      const n = Number(url.slice(BASE.length + 1));
      return n <= 3 ? { body: units(url, n < 3 ? { self: url, next: pageUrl(n + 1) } : { self: url }) } : undefined;
    });
    const result = await walk({ http: f.http, pageUrl, parse });
    expect(result.pages).toBe(3);
    expect(f.urls()).toEqual([1, 2, 3].map(pageUrl));
  });

  it('counts on by number after numbered next links stop, and not after a cursor link', async () => {
    const numbered = feed((url) => {
      if (url === pageUrl(1)) return { body: units('1', { next: pageUrl(2) }) };
      if (url === pageUrl(2)) return { body: units('2') };
      if (url === pageUrl(3)) return { body: units('3') };
      return { body: '{"Equipment":[]}' };
    });
    expect((await walk({ http: numbered.http, pageUrl, parse })).pages).toBe(3);
    const cursor = feed((url) => {
      if (url === pageUrl(1)) return { body: units('1', { next: `${BASE}/cursor-x` }) };
      if (url === `${BASE}/cursor-x`) return { body: units('2') };
      return { body: units(url) };
    });
    expect((await walk({ http: cursor.http, pageUrl, parse })).pages).toBe(2);
    expect(cursor.urls()).toEqual([pageUrl(1), `${BASE}/cursor-x`]);
  });

  it('takes a last link for a page number only when it is built like the numbered pages', async () => {
    for (const last of [`${BASE}/last`, 'https://aemp.test/api/v2/Other/12']) {
      const progress: PaginateProgress[] = [];
      const f = feed((url) => (url === pageUrl(1) ? { body: units('1', { self: url, next: pageUrl(2), last }) } : url === pageUrl(2) ? { body: units('2') } : undefined));
      const result = await walk({ http: f.http, pageUrl, parse, onProgress: (p) => progress.push(p) });
      expect(result.pages, last).toBe(2);
      expect(progress.every((p) => p.lastPage === null), last).toBe(true);
    }
  });
});

describe('paginate ends a walk at a page it has already read', () => {
  it('stops when next equals self', async () => {
    const fake = fakeHttp({
      [`${BASE}/1`]: { body: unitsPage(['a'], { self: `${BASE}/1`, next: `${BASE}/2` }) },
      [`${BASE}/2`]: { body: unitsPage(['b'], { self: `${BASE}/2`, next: `${BASE}/2` }) },
    });
    const result = await paginate({ http: fake.http, pageUrl, parse });
    expect(ids(result.pages)).toEqual(['a', 'b']);
    expect(fake.urls()).toEqual([`${BASE}/1`, `${BASE}/2`]);
  });

  it('stops when next points back at a page already requested', async () => {
    const fake = fakeHttp({
      [`${BASE}/1`]: { body: unitsPage(['a'], { next: `${BASE}/x2` }) },
      [`${BASE}/x2`]: { body: unitsPage(['b'], { next: `${BASE}/x3` }) },
      [`${BASE}/x3`]: { body: unitsPage(['c'], { next: `${BASE}/1` }) },
    });
    const result = await paginate({ http: fake.http, pageUrl, parse });
    expect(ids(result.pages)).toEqual(['a', 'b', 'c']);
    expect(fake.requests).toHaveLength(3);
  });

  it('stops when a feed ignores the page number and repeats the same page', async () => {
    const same = unitsPage(['a', 'b']);
    const fake = fakeHttp(Object.fromEntries([1, 2, 3, 4, 5].map((n) => [pageUrl(n), { body: same }])));
    const result = await paginate({ http: fake.http, pageUrl, parse });
    expect(ids(result.pages)).toEqual(['a', 'b']);
    expect(fake.requests.length).toBeLessThanOrEqual(3);
  });

  it('ends when next names the page just read, even without a self link', async () => {
    const f = feed((url) => ({ body: units(url, { next: url }) }));
    const result = await walk({ http: f.http, firstUrl: `${BASE}/a`, parse });
    expect(result.pages).toBe(1);
    expect(f.requests).toHaveLength(1);
  });

  it('ends when next equals self, resolved against the address the page came from', async () => {
    const f = feed((url) => (url === `${BASE}/a` ? { body: units('a', { self: 'moved', next: 'moved' }), url: `${BASE}/sub/page` } : { body: units(url) }));
    const result = await walk({ http: f.http, firstUrl: `${BASE}/a`, parse });
    expect(result.pages).toBe(1);
    expect(f.requests).toHaveLength(1);
  });

  it('stops a numbered walk at a page that links next to itself', async () => {
    const f = feed((url) => {
      const n = Number(url.slice(BASE.length + 1));
      return { body: units(url, n === 3 ? { self: url, next: url } : {}) };
    });
    const result = await walk({ http: f.http, pageUrl, parse });
    expect(result.pages).toBe(3);
    expect(f.urls().slice(0, 3)).toEqual([1, 2, 3].map(pageUrl));
  });

  it('ends at a next link that is no address', async () => {
    const f = feed(() => ({ body: units('a', { next: 'http://[bad' }) }));
    const result = await walk({ http: f.http, firstUrl: `${BASE}/a`, parse });
    expect(result).toEqual({ pages: 1, requested: [`${BASE}/a`], notice: null });
  });

  it('stops when next names the address the page came from after a redirect', async () => {
    const f = feed((url) => (url === `${BASE}/a` ? { body: units('a', { self: `${BASE}/c`, next: `${BASE}/b` }), url: `${BASE}/b` } : { body: units(url) }));
    await walk({ http: f.http, firstUrl: `${BASE}/a`, parse });
    expect(f.urls()).toEqual([`${BASE}/a`]);
  });

  it('stops a numbered walk at a page whose next link names itself, without a self link', async () => {
    const f = feed((url) => {
      const n = Number(url.slice(BASE.length + 1));
      return { body: units(url, n === 3 ? { next: url } : {}) };
    });
    expect((await walk({ http: f.http, pageUrl, parse })).pages).toBe(3);
  });
});

describe('paginate refuses a next link to another site, saying how many pages are shown', () => {
  it.each([
    [1, 'Stopped after page 1: the next page is on another site (evil.example), not on this fleet service, so Fleet Desk did not ask it; only the 1 page read is shown'],
    [2, 'Stopped after page 2: the next page is on another site (evil.example), not on this fleet service, so Fleet Desk did not ask it; only the 2 pages read are shown'],
  ])('after %i page(s) says how many pages are shown', async (pages, notice) => {
    const f = feed((url) => {
      const n = Number(url.slice(BASE.length + 2));
      return { body: units(url, { next: n < pages ? `${BASE}/p${n + 1}` : 'https://evil.example/next' }) };
    });
    const result = await walk({ http: f.http, firstUrl: `${BASE}/p1`, parse });
    expect(result.notice).toBe(notice);
    expect(result.pages).toBe(pages);
  });
});

describe('paginate refuses a feed that does not end within its page limit', () => {
  it('reads exactly maxPages pages of a feed that links on for ever, then fails naming what and how many', async () => {
    const f = feed((url) => ({ body: units(url, { next: `${url}x` }) }));
    const err = await failure(walk({ http: f.http, firstUrl: `${BASE}/a`, parse, maxPages: 3, what: 'AEMP 2.0 fleet listing' }));
    expect(f.requests).toHaveLength(3);
    expect(err.kind).toBe('bad-payload');
    expect(err.message).toBe("The fleet service's AEMP 2.0 fleet listing did not end after 3 pages, the most Fleet Desk reads; nothing was replaced");
  });

  it('calls an unnamed walk a feed', async () => {
    const f = feed((url) => ({ body: units(url, { next: `${url}x` }) }));
    const err = await failure(walk({ http: f.http, firstUrl: `${BASE}/a`, parse, maxPages: 2 }));
    expect(err.message).toBe("The fleet service's feed did not end after 2 pages, the most Fleet Desk reads; nothing was replaced");
  });

  it('asks for no more than maxPages numbered pages of a feed without links', async () => {
    const f = feed((url) => ({ body: units(url) }));
    await failure(walk({ http: f.http, pageUrl, parse, maxPages: 4 }));
    expect(f.urls()).toEqual([1, 2, 3, 4].map(pageUrl));
  });

  it('fails a numbered walk that reaches the limit with nothing in flight', async () => {
    const f = feed((url) => ({ body: units(url) }));
    await failure(walk({ http: f.http, pageUrl, parse, maxPages: 1 }));
    expect(f.urls()).toEqual([pageUrl(1)]);
  });
});

describe('paginate stops when cancelled', () => {
  it('stops cleanly when aborted between pages', async () => {
    const controller = new AbortController();
    const fake = fakeHttp({
      [`${BASE}/1`]: async () => {
        controller.abort();
        return { body: unitsPage(['a']) };
      },
      [`${BASE}/2`]: { body: unitsPage(['b']) },
    });
    await expect(paginate({ http: fake.http, pageUrl, parse, signal: controller.signal })).rejects.toMatchObject({ kind: 'cancelled' });
  });

  it('asks nothing once cancelled, and stops after an answer that arrives cancelled', async () => {
    const before = feed(() => ({ body: units('a') }));
    const err = await failure(walk({ http: before.http, pageUrl, parse, signal: AbortSignal.abort() }));
    expect(err).toMatchObject({ kind: 'cancelled', message: 'Loading the fleet was cancelled.' });
    expect(before.requests).toHaveLength(0);

    const controller = new AbortController();
    const during = feed(() => {
      controller.abort();
      return { body: units('a', { next: `${BASE}/2` }) };
    });
    const kept: unknown[] = [];
    expect((await failure(walk({ http: during.http, pageUrl, parse, signal: controller.signal, onPage: (p) => kept.push(p) }))).kind).toBe('cancelled');
    expect(kept).toEqual([]);
  });
});

describe('paginate reports progress and passes failures through', () => {
  it('reports throttling waits as progress, not errors', async () => {
    const until = new Date('2026-03-02T10:00:30Z');
    const fake = fakeHttp({
      [`${BASE}/1`]: async (req) => {
        req.onWait?.({ until, reason: 'throttled', status: 429 });
        return { body: unitsPage(['a'], { self: `${BASE}/1` }) };
      },
    });
    const progress: PaginateProgress[] = [];
    const result = await paginate({ http: fake.http, pageUrl, parse, onProgress: (p) => progress.push(p) });
    expect(ids(result.pages)).toEqual(['a']);
    expect(progress[0]).toEqual({ pages: 0, lastPage: null, entries: 0, waitingUntil: '2026-03-02T10:00:30.000Z' });
    expect(progress.at(-1)?.waitingUntil).toBeNull();
  });

  it('reports a wait only while throttled', async () => {
    const progress: PaginateProgress[] = [];
    const f = feed((_url, req) => {
      req.onWait?.({ until: new Date('2026-01-01T00:01:00Z'), reason: 'retry', status: 503 });
      req.onWait?.({ until: new Date('2026-01-01T00:02:00Z'), reason: 'throttled', status: 429 });
      return { body: units('a') };
    });
    await walk({ http: f.http, firstUrl: `${BASE}/a`, parse, onProgress: (p) => progress.push(p) });
    expect(progress.map((p) => p.waitingUntil)).toEqual(['2026-01-01T00:02:00.000Z', null]);
  });

  it('reports the number of the last page from a numbered last link', async () => {
    const progress: PaginateProgress[] = [];
    const f = feed((url) => {
      const n = Number(url.slice(BASE.length + 1));
      return n <= 12 ? { body: units(url, { self: url, last: pageUrl(12), ...(n < 12 ? { next: pageUrl(n + 1) } : {}) }) } : undefined;
    });
    await walk({ http: f.http, pageUrl, parse, onProgress: (p) => progress.push(p) });
    expect(progress[1].lastPage).toBe(12);
    expect(progress.at(-1)).toMatchObject({ pages: 12, lastPage: 12 });
  });

  it('reports no last page when the links name none', async () => {
    const progress: PaginateProgress[] = [];
    const f = feed((url) => (url === `${BASE}/a` ? { body: units('a', { next: `${BASE}/b` }) } : url === `${BASE}/b` ? { body: units('b') } : undefined));
    await walk({ http: f.http, pageUrl, firstUrl: `${BASE}/a`, parse, onProgress: (p) => progress.push(p) });
    expect(progress.map((p) => p.lastPage)).toEqual([null, null]);
  });

  it('asks for JSON first and XML second unless told otherwise', async () => {
    const f = feed(() => ({ body: units('a') }));
    await walk({ http: f.http, firstUrl: `${BASE}/a`, parse });
    expect(f.requests[0].accept).toBe('application/json, application/xml;q=0.9');
    const g = feed(() => ({ body: units('a') }));
    await walk({ http: g.http, firstUrl: `${BASE}/a`, parse, accept: 'application/xml' });
    expect(g.requests[0].accept).toBe('application/xml');
  });

  it('needs a first page', async () => {
    const f = feed(() => ({ body: units('a') }));
    const err = await failure(walk({ http: f.http, parse }));
    expect(err).toMatchObject({ kind: 'internal', message: 'Pagination needs a first page URL.' });
  });

  it('passes other failures through with their kind', async () => {
    const fake = fakeHttp({ [`${BASE}/1`]: { body: unitsPage(['a']) }, [`${BASE}/2`]: { status: 500, body: 'boom' } });
    await expect(paginate({ http: fake.http, pageUrl, parse })).rejects.toMatchObject({ kind: 'server' });
  });
});
