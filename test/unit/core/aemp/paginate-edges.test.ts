/** Walking a paged feed, at its edges (mutation survivors of paginate.ts). */
import { describe, expect, it } from 'vitest';
import { paginate, type PaginateProgress } from '../../../../src-main/core/aemp/paginate';
import { parseAempPage } from '../../../../src-main/core/aemp/parse-aemp';
import type { HttpClient, HttpRequest, HttpResponse } from '../../../../src-main/core/ports';
import { failure } from '../../../fixtures/failure';

const BASE = 'https://aemp.test/api/v2/Fleet';
const pageUrl = (n: number) => `${BASE}/${n}`;
const parse = (r: HttpResponse) => parseAempPage(r.body, r.headers['content-type']);

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

const units = (id: string, links: Record<string, string> = {}) =>
  JSON.stringify({ Links: Object.entries(links).map(([rel, href]) => ({ rel, href })), Equipment: [{ EquipmentHeader: { EquipmentID: id } }] });

describe('the page limit', () => {
  it('reads exactly maxPages pages of a feed that links on for ever, then fails naming what and how many', async () => {
    const f = feed((url) => ({ body: units(url, { next: `${url}x` }) }));
    const err = await failure(paginate({ http: f.http, firstUrl: `${BASE}/a`, parse, maxPages: 3, what: 'AEMP 2.0 fleet listing' }));
    expect(f.requests).toHaveLength(3);
    expect(err.kind).toBe('bad-payload');
    expect(err.message).toBe("The fleet service's AEMP 2.0 fleet listing did not end after 3 pages, the most Fleet Desk reads; nothing was replaced");
  });

  it('calls an unnamed walk a feed', async () => {
    const f = feed((url) => ({ body: units(url, { next: `${url}x` }) }));
    const err = await failure(paginate({ http: f.http, firstUrl: `${BASE}/a`, parse, maxPages: 2 }));
    expect(err.message).toBe("The fleet service's feed did not end after 2 pages, the most Fleet Desk reads; nothing was replaced");
  });

  it('asks for no more than maxPages numbered pages of a feed without links', async () => {
    const f = feed((url) => ({ body: units(url) }));
    await failure(paginate({ http: f.http, pageUrl, parse, maxPages: 4 }));
    expect(f.urls()).toEqual([1, 2, 3, 4].map(pageUrl));
  });
});

describe('cancelling', () => {
  it('asks nothing once cancelled, and stops after an answer that arrives cancelled', async () => {
    const before = feed(() => ({ body: units('a') }));
    const err = await failure(paginate({ http: before.http, pageUrl, parse, signal: AbortSignal.abort() }));
    expect(err).toMatchObject({ kind: 'cancelled', message: 'Loading the fleet was cancelled.' });
    expect(before.requests).toHaveLength(0);

    const controller = new AbortController();
    const during = feed(() => {
      controller.abort();
      return { body: units('a', { next: `${BASE}/2` }) };
    });
    const kept: unknown[] = [];
    expect((await failure(paginate({ http: during.http, pageUrl, parse, signal: controller.signal, onPage: (p) => kept.push(p) }))).kind).toBe('cancelled');
    expect(kept).toEqual([]);
  });
});

describe('requests and progress', () => {
  it('asks for JSON first and XML second unless told otherwise', async () => {
    const f = feed(() => ({ body: units('a') }));
    await paginate({ http: f.http, firstUrl: `${BASE}/a`, parse });
    expect(f.requests[0].accept).toBe('application/json, application/xml;q=0.9');
    const g = feed(() => ({ body: units('a') }));
    await paginate({ http: g.http, firstUrl: `${BASE}/a`, parse, accept: 'application/xml' });
    expect(g.requests[0].accept).toBe('application/xml');
  });

  it('reports a wait only while throttled', async () => {
    const progress: PaginateProgress[] = [];
    const f = feed((_url, req) => {
      req.onWait?.({ until: new Date('2026-01-01T00:01:00Z'), reason: 'retry', status: 503 });
      req.onWait?.({ until: new Date('2026-01-01T00:02:00Z'), reason: 'throttled', status: 429 });
      return { body: units('a') };
    });
    await paginate({ http: f.http, firstUrl: `${BASE}/a`, parse, onProgress: (p) => progress.push(p) });
    expect(progress.map((p) => p.waitingUntil)).toEqual(['2026-01-01T00:02:00.000Z', null]);
  });

  it('reports the number of the last page from a numbered last link', async () => {
    const progress: PaginateProgress[] = [];
    const f = feed((url) => {
      const n = Number(url.slice(BASE.length + 1));
      return n <= 12 ? { body: units(url, { self: url, last: pageUrl(12), ...(n < 12 ? { next: pageUrl(n + 1) } : {}) }) } : undefined;
    });
    await paginate({ http: f.http, pageUrl, parse, onProgress: (p) => progress.push(p) });
    expect(progress[1].lastPage).toBe(12);
    expect(progress.at(-1)).toMatchObject({ pages: 12, lastPage: 12 });
  });

  it('needs a first page', async () => {
    const f = feed(() => ({ body: units('a') }));
    const err = await failure(paginate({ http: f.http, parse }));
    expect(err).toMatchObject({ kind: 'internal', message: 'Pagination needs a first page URL.' });
  });
});

describe('a next link to another site', () => {
  it.each([
    [1, 'Stopped after page 1: the next page is on another site (evil.example), not on this fleet service, so Fleet Desk did not ask it; only the 1 page read is shown'],
    [2, 'Stopped after page 2: the next page is on another site (evil.example), not on this fleet service, so Fleet Desk did not ask it; only the 2 pages read are shown'],
  ])('after %i page(s) says how many pages are shown', async (pages, notice) => {
    const f = feed((url) => {
      const n = Number(url.slice(BASE.length + 2));
      return { body: units(url, { next: n < pages ? `${BASE}/p${n + 1}` : 'https://evil.example/next' }) };
    });
    const result = await paginate({ http: f.http, firstUrl: `${BASE}/p1`, parse });
    expect(result.notice).toBe(notice);
    expect(result.pages).toBe(pages);
  });
});

describe('where a walk ends', () => {
  it('ends when next names the page just read, even without a self link', async () => {
    const f = feed((url) => ({ body: units(url, { next: url }) }));
    const result = await paginate({ http: f.http, firstUrl: `${BASE}/a`, parse });
    expect(result.pages).toBe(1);
    expect(f.requests).toHaveLength(1);
  });

  it('ends when next equals self, resolved against the address the page came from', async () => {
    const f = feed((url) => (url === `${BASE}/a` ? { body: units('a', { self: 'moved', next: 'moved' }), url: `${BASE}/sub/page` } : { body: units(url) }));
    const result = await paginate({ http: f.http, firstUrl: `${BASE}/a`, parse });
    expect(result.pages).toBe(1);
    expect(f.requests).toHaveLength(1);
  });

  it('follows next links from the address a redirected page came from', async () => {
    const f = feed((url) => {
      if (url === `${BASE}/a`) return { body: units('a', { next: 'b' }), url: `${BASE}/sub/a` };
      if (url === `${BASE}/sub/b`) return { body: units('b') };
      return undefined;
    });
    const result = await paginate({ http: f.http, firstUrl: `${BASE}/a`, parse });
    expect(f.urls()).toEqual([`${BASE}/a`, `${BASE}/sub/b`]);
    expect(result.pages).toBe(2);
  });

  it('does not try page 0 for a first page given by address', async () => {
    const f = feed((url) => (url === `${BASE}/start` ? { body: '{"Equipment":[]}' } : { body: units(url) }));
    const result = await paginate({ http: f.http, pageUrl, firstUrl: `${BASE}/start`, parse });
    expect(result.pages).toBe(0);
    expect(f.urls()).toEqual([`${BASE}/start`]);
  });

  it('stops a numbered walk at a page that links next to itself', async () => {
    const f = feed((url) => {
      const n = Number(url.slice(BASE.length + 1));
      return { body: units(url, n === 3 ? { self: url, next: url } : {}) };
    });
    const result = await paginate({ http: f.http, pageUrl, parse });
    expect(result.pages).toBe(3);
    expect(f.urls().slice(0, 3)).toEqual([1, 2, 3].map(pageUrl));
  });

  it('follows numbered next links one by one when no last page is known', async () => {
    const f = feed((url) => {
      const n = Number(url.slice(BASE.length + 1));
      return n <= 3 ? { body: units(url, n < 3 ? { self: url, next: pageUrl(n + 1) } : { self: url }) } : undefined;
    });
    const result = await paginate({ http: f.http, pageUrl, parse });
    expect(result.pages).toBe(3);
    expect(f.urls()).toEqual([1, 2, 3].map(pageUrl));
  });
});

describe('more walk edges', () => {
  it('fails a numbered walk that reaches the limit with nothing in flight', async () => {
    const f = feed((url) => ({ body: units(url) }));
    await failure(paginate({ http: f.http, pageUrl, parse, maxPages: 1 }));
    expect(f.urls()).toEqual([pageUrl(1)]);
  });

  it('does not ask page 1 again when counting on from page 0', async () => {
    const f = feed((url) => (url === pageUrl(1) ? { body: '{"Equipment":[]}' } : url === pageUrl(0) ? { body: units('zero') } : undefined));
    const result = await paginate({ http: f.http, pageUrl, parse });
    expect(result.pages).toBe(1);
    expect(f.urls()).toEqual([pageUrl(1), pageUrl(0)]);
    expect(result.requested).toEqual([pageUrl(1), pageUrl(0)]);
  });

  it('ends at a next link that is no address', async () => {
    const f = feed(() => ({ body: units('a', { next: 'http://[bad' }) }));
    const result = await paginate({ http: f.http, firstUrl: `${BASE}/a`, parse });
    expect(result).toEqual({ pages: 1, requested: [`${BASE}/a`], notice: null });
  });

  it('reports no last page when the links name none', async () => {
    const progress: PaginateProgress[] = [];
    const f = feed((url) => (url === `${BASE}/a` ? { body: units('a', { next: `${BASE}/b` }) } : url === `${BASE}/b` ? { body: units('b') } : undefined));
    await paginate({ http: f.http, pageUrl, firstUrl: `${BASE}/a`, parse, onProgress: (p) => progress.push(p) });
    expect(progress.map((p) => p.lastPage)).toEqual([null, null]);
  });

  it('follows a next link that is not the next number even when the last page is numbered', async () => {
    const f = feed((url) => {
      if (url === pageUrl(1)) return { body: units('1', { self: url, next: `${BASE}/cursor-x`, last: pageUrl(3) }) };
      if (url === `${BASE}/cursor-x`) return { body: units('2') };
      return undefined;
    });
    await paginate({ http: f.http, pageUrl, parse });
    expect(f.urls()[1]).toBe(`${BASE}/cursor-x`);
  });

  it('counts on by number after numbered next links stop, and not after a cursor link', async () => {
    const numbered = feed((url) => {
      if (url === pageUrl(1)) return { body: units('1', { next: pageUrl(2) }) };
      if (url === pageUrl(2)) return { body: units('2') };
      if (url === pageUrl(3)) return { body: units('3') };
      return { body: '{"Equipment":[]}' };
    });
    expect((await paginate({ http: numbered.http, pageUrl, parse })).pages).toBe(3);
    const cursor = feed((url) => {
      if (url === pageUrl(1)) return { body: units('1', { next: `${BASE}/cursor-x` }) };
      if (url === `${BASE}/cursor-x`) return { body: units('2') };
      return { body: units(url) };
    });
    expect((await paginate({ http: cursor.http, pageUrl, parse })).pages).toBe(2);
    expect(cursor.urls()).toEqual([pageUrl(1), `${BASE}/cursor-x`]);
  });

  it('stops when next names the address the page came from after a redirect', async () => {
    const f = feed((url) => (url === `${BASE}/a` ? { body: units('a', { self: `${BASE}/c`, next: `${BASE}/b` }), url: `${BASE}/b` } : { body: units(url) }));
    await paginate({ http: f.http, firstUrl: `${BASE}/a`, parse });
    expect(f.urls()).toEqual([`${BASE}/a`]);
  });

  it('stops a numbered walk at a page whose next link names itself, without a self link', async () => {
    const f = feed((url) => {
      const n = Number(url.slice(BASE.length + 1));
      return { body: units(url, n === 3 ? { next: url } : {}) };
    });
    expect((await paginate({ http: f.http, pageUrl, parse })).pages).toBe(3);
  });

  it('takes a last link for a page number only when it is built like the numbered pages', async () => {
    for (const last of [`${BASE}/last`, 'https://aemp.test/api/v2/Other/12']) {
      const progress: PaginateProgress[] = [];
      const f = feed((url) => (url === pageUrl(1) ? { body: units('1', { self: url, next: pageUrl(2), last }) } : url === pageUrl(2) ? { body: units('2') } : undefined));
      const result = await paginate({ http: f.http, pageUrl, parse, onProgress: (p) => progress.push(p) });
      expect(result.pages, last).toBe(2);
      expect(progress.every((p) => p.lastPage === null), last).toBe(true);
    }
  });
});
