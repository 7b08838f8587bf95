/**
 * Pinned credentials and bounded work for paged fleet feeds: a `next` link to another origin ends
 * the walk there (what was read is kept, and the reason names the host); a feed that
 * never ends fails at the page limit, and a listing or history past its unit or point
 * limit fails too, with the limit in the message. The fake feeds answer a bounded
 * number of pages and then throw, so a walk that ignores the limits fails instead of
 * running for ever.
 */
import { describe, expect, it } from 'vitest';
import { AempClient } from '../../../../src-main/core/aemp/aemp-client';
import { paginate } from '../../../../src-main/core/aemp/paginate';
import { parseAempPage } from '../../../../src-main/core/aemp/parse-aemp';
import type { HttpClient, HttpRequest, HttpResponse } from '../../../../src-main/core/ports';
import { failure } from '../../../fixtures/failure';

const ROOT = 'https://aemp.test/aemp';
const BASE = `${ROOT}/api/v2/Fleet`;

/** Serves `page(url, n)` for every request, the n-th (1-based); throws past `maxRequests`. */
function feed(page: (url: string, n: number) => { body: string; contentType?: string }, maxRequests = 50) {
  const urls: string[] = [];
  const http: HttpClient = {
    async get(req: HttpRequest): Promise<HttpResponse> {
      urls.push(req.url);
      if (urls.length > maxRequests) throw new Error(`asked for ${urls.length} pages: the walk did not stop`);
      const { body, contentType } = page(req.url, urls.length);
      return { status: 200, body, headers: { 'content-type': contentType ?? 'application/json' }, url: req.url };
    },
  };
  return { http, urls };
}

const unit = (id: string) => ({ EquipmentHeader: { EquipmentID: id } });
const parse = (r: HttpResponse) => parseAempPage(r.body, r.headers['content-type']);

describe('a next link to another origin', () => {
  const spellings: Array<[string, (next: string) => string, string?]> = [
    ['Links / rel / href', (next) => JSON.stringify({ Links: [{ rel: 'next', href: next }], Equipment: [unit('A')] })],
    ['links / Rel / Href', (next) => JSON.stringify({ links: [{ Rel: 'Next', Href: next }], Equipment: [unit('A')] })],
    ['LINKS / REL / HREF', (next) => JSON.stringify({ LINKS: [{ REL: 'NEXT', HREF: next }], Equipment: [unit('A')] })],
    ['an object keyed by rel', (next) => JSON.stringify({ Links: { next }, Equipment: [unit('A')] })],
    ['XML <Links rel href>', (next) => `<Fleet><Links rel="next" href="${next}"/><Equipment><EquipmentHeader><EquipmentID>A</EquipmentID></EquipmentHeader></Equipment></Fleet>`, 'application/xml'],
    ['XML <Links><Link Rel Href>', (next) => `<Fleet><Links><Link Rel="next" Href="${next}"/></Links><Equipment><EquipmentHeader><EquipmentID>A</EquipmentID></EquipmentHeader></Equipment></Fleet>`, 'application/xml'],
  ];

  it.each(spellings)('stops there, spelled %s, keeping the page read and naming the host', async (_what, body, contentType) => {
    const fake = feed(() => ({ body: body('https://collector.evil.example:8443/aemp/api/v2/Fleet/2'), contentType }));
    const kept: string[] = [];
    const result = await paginate({
      http: fake.http,
      pageUrl: (n) => `${BASE}/${n}`,
      parse,
      onPage: (p) => kept.push(...p.equipment.map((u) => u.equipmentId ?? '')),
    });
    expect(fake.urls).toEqual([`${BASE}/1`]);
    expect(kept).toEqual(['A']);
    expect(result.pages).toBe(1);
    expect(result.notice).toContain('collector.evil.example:8443');
    expect(result.notice).toMatch(/stopped/i);
  });

  it.each([
    ['http instead of https', 'http://aemp.test/aemp/api/v2/Fleet/2', 'aemp.test'],
    ['another port', 'https://aemp.test:444/aemp/api/v2/Fleet/2', 'aemp.test:444'],
    ['a relative link to another host', '//evil.example/aemp/api/v2/Fleet/2', 'evil.example'],
  ])('counts %s as another origin', async (_what, next, host) => {
    const fake = feed((_url, n) => ({ body: JSON.stringify({ Links: [{ rel: 'next', href: n === 1 ? '/aemp/api/v2/Fleet/2' : next }], Equipment: [unit(`U${n}`)] }) }));
    const result = await paginate({ http: fake.http, pageUrl: (n) => `${BASE}/${n}`, parse });
    expect(fake.urls).toEqual([`${BASE}/1`, `${BASE}/2`]);
    expect(result.pages).toBe(2);
    expect(result.notice).toContain(host);
  });

  it('shows up in the listing as an issue, with the units of the pages read', async () => {
    const fake = feed((_url, n) => ({
      body: JSON.stringify({ Links: [{ rel: 'next', href: n === 1 ? `${BASE}/2` : 'https://evil.example/x' }], Equipment: [unit(`U${n}`)] }),
    }));
    const listing = await new AempClient(fake.http, ROOT).listEquipment('2.0');
    expect(listing.equipment.map((u) => u.equipmentId)).toEqual(['U1', 'U2']);
    expect(listing.pages).toBe(2);
    expect(listing.issues.some((i) => i.message.includes('evil.example') && /stopped after page 2/i.test(i.message))).toBe(true);
  });
});

describe('limits of one walk', () => {
  const endless = () =>
    feed((url, n) => ({ body: JSON.stringify({ Links: [{ rel: 'next', href: `${BASE}/more/${n}-${url.length}` }], Equipment: [unit(`U${n}`), unit(`V${n}`)] }) }), 200);

  it('fails at the page limit, naming it, when next links never end', async () => {
    const fake = endless();
    const err = await failure(paginate({ http: fake.http, pageUrl: (n) => `${BASE}/${n}`, parse, maxPages: 25, what: 'the AEMP 2.0 fleet listing' }));
    expect(err.kind).toBe('bad-payload');
    expect(err.message).toContain('25 pages');
    expect(err.message).toContain('AEMP 2.0 fleet listing');
    expect(fake.urls.length).toBeLessThanOrEqual(26);
  });

  it('reads a feed of exactly the page limit without complaint', async () => {
    const fake = feed((_url, n) => ({ body: JSON.stringify({ Links: n < 5 ? [{ rel: 'next', href: `${BASE}/x${n}` }] : [{ rel: 'self', href: `${BASE}/x${n - 1}` }], Equipment: [unit(`U${n}`)] }) }));
    const result = await paginate({ http: fake.http, pageUrl: (n) => `${BASE}/${n}`, parse, maxPages: 5 });
    expect(result.pages).toBe(5);
  });

  it('fails at the page limit when numbered pages never end', async () => {
    const fake = feed((_url, n) => ({ body: JSON.stringify({ Equipment: [unit(`U${n}`)] }) }), 200);
    const err = await failure(paginate({ http: fake.http, pageUrl: (n) => `${BASE}/${n}`, parse, maxPages: 25 }));
    expect(err.message).toContain('25 pages');
    expect(fake.urls.length).toBeLessThanOrEqual(27);
  });

  it('fails a listing past its unit limit, naming the limit', async () => {
    const fake = endless();
    const client = new AempClient(fake.http, ROOT, { maxEquipment: 30 });
    const err = await failure(client.listEquipment('2.0'));
    expect(err.message).toContain('30 machines');
    expect(fake.urls.length).toBeLessThanOrEqual(16);
  });

  it('fails a history past its point limit, naming the limit', async () => {
    const fake = feed((_url, n) => ({
      body: JSON.stringify({
        Links: [{ rel: 'next', href: `${ROOT}/h/${n}` }],
        Location: [1, 2, 3].map((k) => ({ datetime: `2026-01-01T00:0${k}:00Z`, Latitude: 1, Longitude: 2 })),
      }),
    }), 200);
    const client = new AempClient(fake.http, ROOT, { maxHistoryPoints: 20 });
    const err = await failure(client.getHistory('EQ-1', 'Location', '2026-01-01T00:00:00Z', '2026-01-02T00:00:00Z'));
    expect(err.message).toContain('20 points');
    expect(fake.urls.length).toBeLessThanOrEqual(8);
  });
});
