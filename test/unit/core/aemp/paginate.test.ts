import { describe, expect, it } from 'vitest';
import { FleetError } from '../../../../src-main/core/errors';
import { paginate as walk, type PaginateOptions, type PaginateProgress } from '../../../../src-main/core/aemp/paginate';
import { parseAempPage } from '../../../../src-main/core/aemp/parse-aemp';
import type { HttpClient, HttpRequest, HttpResponse } from '../../../../src-main/core/ports';
import { AEMP_THROTTLE_STATUSES } from '../../../../src-main/core/http/retry-policy';

const BASE = 'https://aemp.test/api/v2/Fleet';
type Answer = { status?: number; body: string } | ((req: HttpRequest) => Promise<{ status?: number; body: string }>);

/** A fake HttpClient serving canned answers; unknown URLs get 404. Records concurrency. */
function fakeHttp(answers: Record<string, Answer>) {
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

/** paginate, collecting the pages it hands to onPage (it keeps none itself). */
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

describe('paginate', () => {
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

  it('stops when a feed ignores the page number and repeats the same page', async () => {
    const same = unitsPage(['a', 'b']);
    const fake = fakeHttp(Object.fromEntries([1, 2, 3, 4, 5].map((n) => [pageUrl(n), { body: same }])));
    const result = await paginate({ http: fake.http, pageUrl, parse });
    expect(ids(result.pages)).toEqual(['a', 'b']);
    expect(fake.requests.length).toBeLessThanOrEqual(3);
  });

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

  it('passes other failures through with their kind', async () => {
    const fake = fakeHttp({ [`${BASE}/1`]: { body: unitsPage(['a']) }, [`${BASE}/2`]: { status: 500, body: 'boom' } });
    await expect(paginate({ http: fake.http, pageUrl, parse })).rejects.toMatchObject({ kind: 'server' });
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
});
