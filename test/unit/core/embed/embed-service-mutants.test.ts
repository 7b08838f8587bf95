/** Opening embed maps: messages a dispatcher reads and the session's kind (mutation survivors of embed-service.ts). */
import { describe, expect, it } from 'vitest';
import { MAX_ASSETS_QUERY_CHARS, openEmbed } from '../../../../src-main/core/embed/embed-service';
import { FleetError } from '../../../../src-main/core/errors';
import type { Connection, HttpClient, HttpResponse } from '../../../../src-main/core/ports';
import { failure } from '../../../fixtures/failure';

const connection: Connection = { profileId: 'p1', baseUrl: 'http://127.0.0.1:4000/v1', aempUrl: 'http://127.0.0.1:4000/aemp', demo: true, embedOrigins: [] };
const NOW = new Date('2026-03-01T10:00:00Z');
const MAP = 'http://127.0.0.1:4000/embed/map';
const ok: HttpResponse = { status: 200, headers: {}, body: JSON.stringify({ mapEmbed: MAP }), url: 'http://127.0.0.1:4000/v1/x' };

function fakeHttp(answer: () => HttpResponse | FleetError = () => ok) {
  const requests: string[] = [];
  const http: HttpClient = {
    async get(req) {
      requests.push(req.url);
      const out = answer();
      if (out instanceof FleetError) throw out;
      return out;
    },
  };
  return { http, requests };
}

/** The most ids of `length` characters that fit into one `assets=` query. */
function mostThatFit(length: number): number {
  let m = 1;
  while (`assets=${Array.from({ length: m + 1 }, () => 'x'.repeat(length)).join(',')}`.length <= MAX_ASSETS_QUERY_CHARS) m++;
  return m;
}

describe('openEmbed messages', () => {
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

  it('ends the too-many message with the number that fits, when the query itself is too long', async () => {
    const { http } = fakeHttp();
    const ids = Array.from({ length: 400 }, (_, i) => `thing:${100000 + i}`);
    const err = await failure(openEmbed(http, connection, { kind: 'subset', assetIds: ids }, NOW));
    expect(err.message).toBe(`Too many assets for one map (400 selected); select at most ${mostThatFit(12)}`);
  });

  it('opens a subset session of the selected ids', async () => {
    const { http } = fakeHttp();
    const s = await openEmbed(http, connection, { kind: 'subset', assetIds: ['thing:1', 'thing:2', 'thing:1'] }, NOW, { newId: () => 'id1' });
    expect(s).toMatchObject({ id: 'id1', kind: 'subset', assetIds: ['thing:1', 'thing:2'], url: MAP });
  });
});
