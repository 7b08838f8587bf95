import { describe, expect, it } from 'vitest';
import { MAX_ASSETS_QUERY_CHARS, openEmbed } from '../../../../src-main/core/embed/embed-service';
import { FleetError } from '../../../../src-main/core/errors';
import type { Connection, HttpClient, HttpRequest, HttpResponse } from '../../../../src-main/core/ports';
import type { Asset, AssetSnapshot, EmbedRequest } from '../../../../src-main/contract';

// maps.example stands for a separate map host the user added to the profile.
const connection: Connection = {
  profileId: 'p1',
  baseUrl: 'http://127.0.0.1:4000/v1',
  aempUrl: 'http://127.0.0.1:4000/aemp',
  demo: true,
  embedOrigins: ['https://maps.example'],
};
const NOW = new Date('2026-03-01T10:00:00Z');

function jwsUrl(expIso: string, fragment = 'focus=thing:7'): string {
  const part = (v: unknown): string => Buffer.from(JSON.stringify(v)).toString('base64url');
  const token = `${part({ alg: 'HS256' })}.${part({ sub: 's', exp: Date.parse(expIso) / 1000 })}.sig`;
  return `http://127.0.0.1:4000/embed/auth?req=${encodeURIComponent(`/map#${fragment}`)}&jws=${token}`;
}

function fakeHttp(answer: (req: HttpRequest) => HttpResponse | FleetError) {
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

const ok = (body: unknown): HttpResponse => ({ status: 200, headers: {}, body: JSON.stringify(body), url: 'http://127.0.0.1:4000/v1/x' });
let counter = 0;
const newId = (): string => `s${++counter}`;

function asset(id: string, embedUrl: string | null): Asset {
  return { assetId: id, type: 'thing', name: id, embedUrl, metrics: null, lastUpdate: null, issues: [] };
}
function snapshot(assets: Asset[], fetchedAt = NOW.toISOString()): AssetSnapshot {
  return { profileId: 'p1', assets, skipped: [], fetchedAt, source: 'cache' };
}

describe('openEmbed', () => {
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

  it('reports an answer without a URL as a bad payload', async () => {
    const { http } = fakeHttp(() => ok({ mapEmbed: 42 }));
    await expect(openEmbed(http, connection, { kind: 'branch' }, NOW)).rejects.toMatchObject({ kind: 'bad-payload' });
  });

  it('requests a subset with the comma-joined, de-duplicated ids', async () => {
    const { http, requests } = fakeHttp(() => ok({ mapEmbed: 'https://maps.example/e' }));
    const s = await openEmbed(http, connection, { kind: 'subset', assetIds: ['thing:1', 'area:2', 'thing:1'] }, NOW, { newId });
    expect(requests).toEqual(['http://127.0.0.1:4000/v1/branch/current/batch/assetUrls?assets=thing:1,area:2']);
    expect(s.assetIds).toEqual(['thing:1', 'area:2']);
  });

  it('refuses malformed ids and an empty selection', async () => {
    const { http, requests } = fakeHttp(() => ok({ mapEmbed: 'https://maps.example/e' }));
    await expect(openEmbed(http, connection, { kind: 'subset', assetIds: ['thing:1', 'thing:1&x=2'] }, NOW)).rejects.toMatchObject({ kind: 'invalid-argument' });
    await expect(openEmbed(http, connection, { kind: 'subset', assetIds: [] }, NOW)).rejects.toMatchObject({ kind: 'invalid-argument' });
    await expect(openEmbed(http, connection, { kind: 'asset', assetId: 'truck:1' }, NOW)).rejects.toMatchObject({ kind: 'invalid-argument' });
    expect(requests).toEqual([]);
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

  it.each([400, 414])('turns a %i from the service into "too many assets"', async (status) => {
    const { http } = fakeHttp(() => new FleetError('bad-request', 'refused', { status }));
    const err = await openEmbed(http, connection, { kind: 'subset', assetIds: ['thing:1', 'thing:2'] }, NOW).catch((e: FleetError) => e);
    expect((err as FleetError).kind).toBe('bad-request');
    expect((err as FleetError).message).toMatch(/Too many assets for one map \(2 selected\); select at most \d+/);
  });

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

  it('accepts the service’s own host (the demo runs on 127.0.0.1 with its embed pages there)', async () => {
    const url = jwsUrl('2026-03-01T10:59:00Z', 'all');
    const { http } = fakeHttp(() => ok({ mapEmbed: url }));
    const s = await openEmbed(http, { ...connection, embedOrigins: [] }, { kind: 'branch' }, NOW, { newId });
    expect(s.url).toBe(url);
  });
});
