/** Opening embed maps: the branch, a selection or one asset, the messages a dispatcher reads, and the sites a map may come from. */
import { describe, expect, it } from 'vitest';
import { MAX_ASSETS_QUERY_CHARS, MIN_REMAINING_VALIDITY_MS, openEmbed, subsetQuery } from '../../../../src-main/core/embed/embed-service';
import { FleetError } from '../../../../src-main/core/errors';
import type { Connection, HttpClient, HttpRequest, HttpResponse } from '../../../../src-main/core/ports';
import type { Asset, AssetSnapshot, EmbedRequest } from '../../../../src-main/contract';
import { failure } from '../../../fixtures/failure';

// maps.example stands for a separate map host the user added to the profile.
const connection: Connection = {
  profileId: 'p1',
  baseUrl: 'http://127.0.0.1:4000/v1',
  aempUrl: 'http://127.0.0.1:4000/aemp',
  demo: true,
  embedOrigins: ['https://maps.example'],
};
const NOW = new Date('2026-03-01T10:00:00Z');
const MAP = 'http://127.0.0.1:4000/embed/map';

/** A signed-looking embed URL expiring at `exp` (an ISO time or milliseconds); its signature is never checked. */
function jwsUrl(exp: string | number, fragment = 'focus=thing:7'): string {
  const part = (v: unknown): string => Buffer.from(JSON.stringify(v)).toString('base64url');
  const expMs = typeof exp === 'number' ? exp : Date.parse(exp);
  const token = `${part({ alg: 'HS256' })}.${part({ sub: 's', exp: expMs / 1000 })}.sig`;
  return `http://127.0.0.1:4000/embed/auth?req=${encodeURIComponent(`/map#${fragment}`)}&jws=${token}`;
}

const ok = (body: unknown): HttpResponse => ({ status: 200, headers: {}, body: JSON.stringify(body), url: 'http://127.0.0.1:4000/v1/x' });

/** A service that records each URL asked for and answers with `answer` (by default, the map at MAP). */
function fakeHttp(answer: (req: HttpRequest) => HttpResponse | FleetError = () => ok({ mapEmbed: MAP })) {
  const requests: string[] = [];
  const http: HttpClient = {
    async get(req) {
      requests.push(req.url);
      const out = answer(req);
      if (out instanceof FleetError) throw out;
      return out;
    },
  };
  return { http, requests };
}

let counter = 0;
const newId = (): string => `s${++counter}`;
const asset = (id: string, embedUrl: string | null): Asset => ({ assetId: id, type: 'thing', name: id, embedUrl, metrics: null, lastUpdate: null, issues: [] });
const snapshot = (assets: Asset[], fetchedAt = NOW.toISOString()): AssetSnapshot => ({ profileId: 'p1', assets, skipped: [], fetchedAt, source: 'cache' });

/** The most ids of `length` characters that fit into one `assets=` query. */
function mostThatFit(length: number): number {
  let m = 1;
  while (`assets=${Array.from({ length: m + 1 }, () => 'x'.repeat(length)).join(',')}`.length <= MAX_ASSETS_QUERY_CHARS) m++;
  return m;
}

describe('openEmbed opens the branch map, a selection or one asset', () => {
  it('opens the branch map with the expiry from the JWS', async () => {
    const url = jwsUrl('2026-03-01T10:59:00Z', 'all');
    const { http, requests } = fakeHttp(() => ok({ mapEmbed: url }));
    const s = await openEmbed(http, connection, { kind: 'branch' }, NOW, { newId });
    expect(requests).toEqual(['http://127.0.0.1:4000/v1/branch/current/urls']);
    expect(s).toMatchObject({ kind: 'branch', assetIds: [], url, expiresAt: '2026-03-01T10:59:00.000Z', requestedAt: NOW.toISOString() });
  });

  it('accepts a differently named URL entry', async () => {
    const { http } = fakeHttp(() => ok({ embed: 'https://maps.example/e' }));
    const s = await openEmbed(http, connection, { kind: 'branch' }, NOW, { newId });
    expect(s.url).toBe('https://maps.example/e');
    expect(s.expiresAt).toBe('2026-03-01T11:00:00.000Z');
  });

  it('requests a subset with the comma-joined, de-duplicated ids', async () => {
    const { http, requests } = fakeHttp(() => ok({ mapEmbed: 'https://maps.example/e' }));
    const s = await openEmbed(http, connection, { kind: 'subset', assetIds: ['thing:1', 'area:2', 'thing:1'] }, NOW, { newId });
    expect(requests).toEqual(['http://127.0.0.1:4000/v1/branch/current/batch/assetUrls?assets=thing:1,area:2']);
    expect(s.assetIds).toEqual(['thing:1', 'area:2']);
  });

  it('opens a subset session of the selected ids', async () => {
    const { http } = fakeHttp();
    const s = await openEmbed(http, connection, { kind: 'subset', assetIds: ['thing:1', 'thing:2', 'thing:1'] }, NOW, { newId: () => 'id1' });
    expect(s).toMatchObject({ id: 'id1', kind: 'subset', assetIds: ['thing:1', 'thing:2'], url: MAP });
  });

  it('accepts the service’s own host (the demo runs on 127.0.0.1 with its embed pages there)', async () => {
    const url = jwsUrl('2026-03-01T10:59:00Z', 'all');
    const { http } = fakeHttp(() => ok({ mapEmbed: url }));
    const s = await openEmbed(http, { ...connection, embedOrigins: [] }, { kind: 'branch' }, NOW, { newId });
    expect(s.url).toBe(url);
  });
});

describe('openEmbed refuses ids and selections it cannot send, naming them', () => {
  it('refuses malformed ids and an empty selection', async () => {
    const { http, requests } = fakeHttp(() => ok({ mapEmbed: 'https://maps.example/e' }));
    await expect(openEmbed(http, connection, { kind: 'subset', assetIds: ['thing:1', 'thing:1&x=2'] }, NOW)).rejects.toMatchObject({ kind: 'invalid-argument' });
    await expect(openEmbed(http, connection, { kind: 'subset', assetIds: [] }, NOW)).rejects.toMatchObject({ kind: 'invalid-argument' });
    await expect(openEmbed(http, connection, { kind: 'asset', assetId: 'truck:1' }, NOW)).rejects.toMatchObject({ kind: 'invalid-argument' });
    expect(requests).toEqual([]);
  });

  it('refuses an empty selection and non-text ids with messages naming them, cut at 40 characters', async () => {
    const { http, requests } = fakeHttp();
    expect((await failure(openEmbed(http, connection, { kind: 'subset', assetIds: [] }, NOW))).message).toBe('Select at least one asset to show on the map');
    const err = await failure(openEmbed(http, connection, { kind: 'subset', assetIds: [7 as unknown as string] }, NOW));
    expect(err).toMatchObject({ kind: 'invalid-argument', message: '"7" is not an asset id (expected thing:<number> or area:<number>)' });
    const long = `thing:${'x'.repeat(100)}`;
    expect((await failure(openEmbed(http, connection, { kind: 'subset', assetIds: [long] }, NOW))).message).toBe(
      `"${long.slice(0, 40)}" is not an asset id (expected thing:<number> or area:<number>)`,
    );
    expect((await failure(openEmbed(http, connection, { kind: 'subset', assetIds: 'thing:1' as unknown as string[] }, NOW))).message).toBe('No assets selected for the map');
    expect(requests).toEqual([]);
  });

  it('refuses an id given as a list that reads like an id, as an invalid argument', async () => {
    const { http, requests } = fakeHttp();
    const err = await failure(openEmbed(http, connection, { kind: 'subset', assetIds: [['thing:1'] as unknown as string] }, NOW));
    expect(err).toMatchObject({ kind: 'invalid-argument', message: '"thing:1" is not an asset id (expected thing:<number> or area:<number>)' });
    expect(requests).toEqual([]);
  });

  it('refuses a selection that is not a list as an invalid argument', async () => {
    const { http } = fakeHttp();
    const err = await failure(openEmbed(http, connection, { kind: 'subset', assetIds: 'thing:1' as unknown as string[] }, NOW));
    expect(err).toMatchObject({ kind: 'invalid-argument', message: 'No assets selected for the map' });
  });

  it('refuses a map kind it does not know', async () => {
    const { http } = fakeHttp();
    const err = await failure(openEmbed(http, connection, { kind: 'planet' } as unknown as EmbedRequest, NOW));
    expect(err).toMatchObject({ kind: 'invalid-argument', message: 'Unknown kind of map' });
  });

  it('refuses a selection too long for one URL, naming the count and the limit', async () => {
    const { http, requests } = fakeHttp(() => ok({ mapEmbed: 'https://maps.example/e' }));
    const ids = Array.from({ length: 400 }, (_, i) => `thing:${100000 + i}`);
    const err = await openEmbed(http, connection, { kind: 'subset', assetIds: ids }, NOW).catch((e: FleetError) => e);
    expect(err).toBeInstanceOf(FleetError);
    expect((err as FleetError).kind).toBe('bad-request');
    const m = Number(/select at most (\d+)/.exec((err as FleetError).message)?.[1]);
    expect((err as FleetError).message).toContain('400 selected');
    // M ids of this length must fit, M + 1 must not
    expect(`assets=${ids.slice(0, m).join(',')}`.length).toBeLessThanOrEqual(MAX_ASSETS_QUERY_CHARS);
    expect(`assets=${ids.slice(0, m + 1).join(',')}`.length).toBeGreaterThan(MAX_ASSETS_QUERY_CHARS);
    expect(requests).toEqual([]);
  });

  it('ends the too-many message with the number that fits, when the query itself is too long', async () => {
    const { http } = fakeHttp();
    const ids = Array.from({ length: 400 }, (_, i) => `thing:${100000 + i}`);
    const err = await failure(openEmbed(http, connection, { kind: 'subset', assetIds: ids }, NOW));
    expect(err.message).toBe(`Too many assets for one map (400 selected); select at most ${mostThatFit(12)}`);
  });
});

describe('subsetQuery builds the assets query up to its limit', () => {
  it('builds assets=… and allows exactly the longest query', () => {
    expect(subsetQuery(['thing:1', 'area:2'])).toBe('assets=thing:1,area:2');
    const fill = MAX_ASSETS_QUERY_CHARS - 'assets='.length;
    const exact = [`thing:${'1'.repeat(fill - 6)}`];
    expect(subsetQuery(exact)).toHaveLength(MAX_ASSETS_QUERY_CHARS);
    expect(() => subsetQuery([`${exact[0]}1`])).toThrow(FleetError);
  });
});

describe('openEmbed names the service’s refusals and unusable answers', () => {
  it.each([400, 414])('turns a %i from the service into "too many assets"', async (status) => {
    const { http } = fakeHttp(() => new FleetError('bad-request', 'refused', { status }));
    const err = await openEmbed(http, connection, { kind: 'subset', assetIds: ['thing:1', 'thing:2'] }, NOW).catch((e: FleetError) => e);
    expect((err as FleetError).kind).toBe('bad-request');
    expect((err as FleetError).message).toMatch(/Too many assets for one map \(2 selected\); select at most \d+/);
  });

  it('turns a 400 into "too many" only for several assets, and says which status', async () => {
    const refused400 = () => new FleetError('bad-request', 'refused', { status: 400 });
    const one = fakeHttp(refused400);
    expect((await failure(openEmbed(one.http, connection, { kind: 'subset', assetIds: ['thing:1'] }, NOW))).message).toBe('refused');
    const two = fakeHttp(refused400);
    expect((await failure(openEmbed(two.http, connection, { kind: 'subset', assetIds: ['thing:1', 'thing:2'] }, NOW))).message).toMatch(
      / \(the service refused the request: 400\)$/,
    );
  });

  it('says how many assets of this id length fit when the service refuses the URL', async () => {
    const { http } = fakeHttp(() => new FleetError('bad-request', 'refused', { status: 414 }));
    const err = await failure(openEmbed(http, connection, { kind: 'subset', assetIds: ['thing:1', 'thing:2'] }, NOW));
    expect(err.message).toBe(`Too many assets for one map (2 selected); select at most ${mostThatFit(7)} (the service refused the request: 414)`);
  });

  it('names the one asset when the service refuses the URL of a single asset', async () => {
    const { http } = fakeHttp(() => new FleetError('bad-request', 'refused', { status: 414 }));
    const err = await failure(openEmbed(http, connection, { kind: 'asset', assetId: 'thing:12' }, NOW));
    expect(err.message).toBe(`Too many assets for one map (1 selected); select at most ${mostThatFit(8)} (the service refused the request: 414)`);
  });

  it('passes other failures through, and never turns a branch map failure into "too many"', async () => {
    const server = fakeHttp(() => new FleetError('server', 'down', { status: 500 }));
    expect((await failure(openEmbed(server.http, connection, { kind: 'subset', assetIds: ['thing:1', 'thing:2'] }, NOW))).message).toBe('down');
    const branch = fakeHttp(() => new FleetError('bad-request', 'too long', { status: 414 }));
    expect((await failure(openEmbed(branch.http, connection, { kind: 'branch' }, NOW))).message).toBe('too long');
    const plain = fakeHttp(() => {
      throw new TypeError('not a FleetError');
    });
    await expect(openEmbed(plain.http, connection, { kind: 'subset', assetIds: ['thing:1', 'thing:2'] }, NOW)).rejects.toThrow('not a FleetError');
  });

  it('reports an answer without a URL as a bad payload', async () => {
    const { http } = fakeHttp(() => ok({ mapEmbed: 42 }));
    await expect(openEmbed(http, connection, { kind: 'branch' }, NOW)).rejects.toMatchObject({ kind: 'bad-payload' });
  });

  it('reports an answer without a map URL at $.mapEmbed', async () => {
    const { http } = fakeHttp(() => ok({ other: 'not a url' }));
    const err = await failure(openEmbed(http, connection, { kind: 'branch' }, NOW));
    expect(err).toMatchObject({ kind: 'bad-payload', message: 'The service answered without a map URL', path: '$.mapEmbed' });
  });
});

describe('openEmbed refuses a map on another site', () => {
  it.each<[string, EmbedRequest]>([
    ['the branch map', { kind: 'branch' }],
    ['a selection', { kind: 'subset', assetIds: ['thing:1', 'thing:2'] }],
    ['one asset', { kind: 'asset', assetId: 'thing:7' }],
  ])('refuses a map URL for %s on another site, naming its host', async (_what, request) => {
    const { http } = fakeHttp(() => ok({ mapEmbed: 'https://collector.evil.example/embed?jws=x' }));
    const err = await openEmbed(http, connection, request, NOW, { newId }).catch((e: FleetError) => e);
    expect(err).toBeInstanceOf(FleetError);
    expect(err).toMatchObject({ kind: 'bad-payload', message: expect.stringContaining('collector.evil.example') });
  });

  it('refuses a javascript: or data: map URL however the entry is named', async () => {
    const { http } = fakeHttp(() => ok({ mapEmbed: 'javascript:alert(1)', other: 'data:text/html,x' }));
    await expect(openEmbed(http, connection, { kind: 'branch' }, NOW)).rejects.toMatchObject({ kind: 'bad-payload' });
  });

  it('does not reuse a listed asset URL on another site: it asks the service again', async () => {
    const foreign = 'https://collector.evil.example/embed?jws=x';
    const { http, requests } = fakeHttp(() => ok({ mapEmbed: 'http://127.0.0.1:4000/embed/auth?jws=fresh' }));
    const poisoned = snapshot([asset('thing:7', foreign)]);
    const s = await openEmbed(http, connection, { kind: 'asset', assetId: 'thing:7' }, NOW, { snapshot: poisoned, newId });
    expect(s.url).toBe('http://127.0.0.1:4000/embed/auth?jws=fresh');
    expect(requests).toHaveLength(1);
  });
});

describe('openEmbed reuses one asset’s own URL from the list only while it stays valid', () => {
  it('reuses the asset URL from the list while it is valid for more than 5 minutes', async () => {
    const own = jwsUrl('2026-03-01T10:30:00Z');
    const { http, requests } = fakeHttp(() => ok({ mapEmbed: 'https://maps.example/fresh' }));
    const s = await openEmbed(http, connection, { kind: 'asset', assetId: 'thing:7' }, NOW, { snapshot: snapshot([asset('thing:7', own)]), newId });
    expect(requests).toEqual([]);
    expect(s).toMatchObject({ kind: 'asset', assetIds: ['thing:7'], url: own, expiresAt: '2026-03-01T10:30:00.000Z' });
  });

  it('requests a fresh URL when the listed one expires within 5 minutes or is missing', async () => {
    const { http, requests } = fakeHttp(() => ok({ mapEmbed: 'https://maps.example/fresh' }));
    const nearlyExpired = snapshot([asset('thing:7', jwsUrl('2026-03-01T10:04:00Z'))]);
    const s = await openEmbed(http, connection, { kind: 'asset', assetId: 'thing:7' }, NOW, { snapshot: nearlyExpired, newId });
    expect(s.url).toBe('https://maps.example/fresh');
    await openEmbed(http, connection, { kind: 'asset', assetId: 'thing:8' }, NOW, { snapshot: nearlyExpired, newId });
    expect(requests).toEqual([
      'http://127.0.0.1:4000/v1/branch/current/batch/assetUrls?assets=thing:7',
      'http://127.0.0.1:4000/v1/branch/current/batch/assetUrls?assets=thing:8',
    ]);
  });

  it('counts a listed URL without exp from when the list was fetched', async () => {
    const { http, requests } = fakeHttp(() => ok({ mapEmbed: 'https://maps.example/fresh' }));
    const old = snapshot([asset('thing:7', 'https://maps.example/own')], '2026-03-01T08:00:00Z');
    const s = await openEmbed(http, connection, { kind: 'asset', assetId: 'thing:7' }, NOW, { snapshot: old, newId });
    expect(s.url).toBe('https://maps.example/fresh');
    expect(requests).toHaveLength(1);
  });

  it('is reused only for the asset asked for, and only while valid for more than 5 minutes', async () => {
    const exactly = jwsUrl(NOW.getTime() + MIN_REMAINING_VALIDITY_MS);
    const longer = jwsUrl(NOW.getTime() + MIN_REMAINING_VALIDITY_MS + 1000);
    const { http, requests } = fakeHttp();
    const reused = await openEmbed(http, connection, { kind: 'asset', assetId: 'thing:7' }, NOW, { snapshot: snapshot([asset('thing:8', exactly), asset('thing:7', longer)]) });
    expect(reused).toMatchObject({ kind: 'asset', assetIds: ['thing:7'], url: longer });
    expect(requests).toEqual([]);
    const fresh = await openEmbed(http, connection, { kind: 'asset', assetId: 'thing:8' }, NOW, { snapshot: snapshot([asset('thing:8', exactly)]) });
    expect(fresh).toMatchObject({ kind: 'asset', assetIds: ['thing:8'], url: MAP });
    expect(requests).toEqual(['http://127.0.0.1:4000/v1/branch/current/batch/assetUrls?assets=thing:8']);
  });

  it('is not looked for without a list', async () => {
    const { http, requests } = fakeHttp();
    const s = await openEmbed(http, connection, { kind: 'asset', assetId: 'thing:7' }, NOW, { snapshot: null });
    expect(s).toMatchObject({ kind: 'asset', assetIds: ['thing:7'], url: MAP });
    expect(requests).toHaveLength(1);
  });
});
