/** Opening embed maps, at the edges (mutation survivors of embed-service.ts). */
import { describe, expect, it } from 'vitest';
import { MAX_ASSETS_QUERY_CHARS, MIN_REMAINING_VALIDITY_MS, openEmbed, subsetQuery } from '../../../../src-main/core/embed/embed-service';
import { FleetError } from '../../../../src-main/core/errors';
import type { Connection, HttpClient, HttpRequest, HttpResponse } from '../../../../src-main/core/ports';
import type { Asset, AssetSnapshot, EmbedRequest } from '../../../../src-main/contract';
import { failure } from '../../../fixtures/failure';

const connection: Connection = { profileId: 'p1', baseUrl: 'http://127.0.0.1:4000/v1', aempUrl: 'http://127.0.0.1:4000/aemp', demo: true, embedOrigins: [] };
const NOW = new Date('2026-03-01T10:00:00Z');
const MAP = 'http://127.0.0.1:4000/embed/map';

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
const ok = (body: unknown): HttpResponse => ({ status: 200, headers: {}, body: JSON.stringify(body), url: 'http://127.0.0.1:4000/v1/x' });
const asset = (id: string, embedUrl: string | null): Asset => ({ assetId: id, type: 'thing', name: id, embedUrl, metrics: null, lastUpdate: null, issues: [] });
const snapshot = (assets: Asset[], fetchedAt = NOW.toISOString()): AssetSnapshot => ({ profileId: 'p1', assets, skipped: [], fetchedAt, source: 'cache' });

describe('asset ids', () => {
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

  it('refuses a map kind it does not know', async () => {
    const { http } = fakeHttp();
    const err = await failure(openEmbed(http, connection, { kind: 'planet' } as unknown as EmbedRequest, NOW));
    expect(err).toMatchObject({ kind: 'invalid-argument', message: 'Unknown kind of map' });
  });
});

describe('subsetQuery', () => {
  it('builds assets=… and allows exactly the longest query', () => {
    expect(subsetQuery(['thing:1', 'area:2'])).toBe('assets=thing:1,area:2');
    const fill = MAX_ASSETS_QUERY_CHARS - 'assets='.length;
    const exact = [`thing:${'1'.repeat(fill - 6)}`];
    expect(subsetQuery(exact)).toHaveLength(MAX_ASSETS_QUERY_CHARS);
    expect(() => subsetQuery([`${exact[0]}1`])).toThrow(FleetError);
  });
});

describe('service refusals', () => {
  it('turns a 400 into "too many" only for several assets, and says which status', async () => {
    const refused400 = () => new FleetError('bad-request', 'refused', { status: 400 });
    const one = fakeHttp(refused400);
    expect((await failure(openEmbed(one.http, connection, { kind: 'subset', assetIds: ['thing:1'] }, NOW))).message).toBe('refused');
    const two = fakeHttp(refused400);
    expect((await failure(openEmbed(two.http, connection, { kind: 'subset', assetIds: ['thing:1', 'thing:2'] }, NOW))).message).toMatch(
      / \(the service refused the request: 400\)$/,
    );
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

  it('reports an answer without a map URL at $.mapEmbed', async () => {
    const { http } = fakeHttp(() => ok({ other: 'not a url' }));
    const err = await failure(openEmbed(http, connection, { kind: 'branch' }, NOW));
    expect(err).toMatchObject({ kind: 'bad-payload', message: 'The service answered without a map URL', path: '$.mapEmbed' });
  });
});

describe('one asset’s own URL from the list', () => {
  const url = (exp: number) => {
    const part = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    return `${MAP}?jws=${part({ alg: 'HS256' })}.${part({ exp: exp / 1000 })}.sig`;
  };

  it('is reused only for the asset asked for, and only while valid for more than 5 minutes', async () => {
    const exactly = url(NOW.getTime() + MIN_REMAINING_VALIDITY_MS);
    const longer = url(NOW.getTime() + MIN_REMAINING_VALIDITY_MS + 1000);
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
