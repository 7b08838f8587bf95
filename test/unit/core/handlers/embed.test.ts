import { describe, expect, it, vi } from 'vitest';
import type { AssetSnapshot, EmbedSession } from '../../../../src-main/contract';
import { createEmbedHandlers } from '../../../../src-main/core/handlers/embed';
import { EmbedSessions } from '../../../../src-main/core/embed/embed-sessions';
import type { Connection, HttpClient, HttpResponse, PlatformHooks } from '../../../../src-main/core/ports';

const NOW = new Date('2026-03-01T10:00:00Z');
const BOUNDS = { x: 1, y: 2, width: 300, height: 200 };
const connection: Connection = { profileId: 'demo', baseUrl: 'http://127.0.0.1:4000/v1', aempUrl: 'http://127.0.0.1:4000/aemp', demo: true };
const part = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
const body = (json: unknown): HttpResponse => ({ status: 200, headers: {}, body: JSON.stringify(json), url: 'http://127.0.0.1:4000/v1/branch/current/urls' });

function setup(answers: HttpResponse[], options: { snapshot?: AssetSnapshot | null; platform?: Partial<PlatformHooks>; sessions?: EmbedSessions } = {}) {
  const urls: string[] = [];
  const http: HttpClient = {
    async get(req) {
      urls.push(req.url);
      const answer = answers.shift();
      if (!answer) throw new Error('no more answers');
      return answer;
    },
  };
  const platform: PlatformHooks = { shell: 'electron', version: '0', openExternal: async () => undefined, ...options.platform };
  const handlers = createEmbedHandlers({
    ctx: { http: () => http, connection: () => connection, platform },
    snapshot: () => options.snapshot ?? null,
    sessions: options.sessions,
    now: () => NOW,
  });
  return { handlers, urls };
}

describe('embed handlers', () => {
  it('embed:open uses the asset URL from the last snapshot, or asks the service', async () => {
    const exp = Math.floor(Date.parse('2026-03-01T10:50:00Z') / 1000);
    const own = `http://127.0.0.1:4000/embed/auth?req=x&jws=${part({ alg: 'HS256' })}.${part({ exp })}.sig`;
    const snapshot: AssetSnapshot = {
      profileId: 'demo',
      assets: [{ assetId: 'thing:1', type: 'thing', name: 'Loader', embedUrl: own, metrics: null, lastUpdate: null, issues: [] }],
      skipped: [],
      fetchedAt: NOW.toISOString(),
      source: 'network',
    } as AssetSnapshot;
    const { handlers, urls } = setup([body({ mapEmbed: 'http://127.0.0.1:4000/branch' })], { snapshot });
    const asset = await handlers['embed:open']({ kind: 'asset', assetId: 'thing:1' });
    expect(asset).toMatchObject({ url: own, expiresAt: '2026-03-01T10:50:00.000Z', assetIds: ['thing:1'] });
    const branch = await handlers['embed:open']({ kind: 'branch' });
    expect(branch.url).toBe('http://127.0.0.1:4000/branch');
    expect(urls).toEqual(['http://127.0.0.1:4000/v1/branch/current/urls']);
    await expect(handlers['embed:open']({ kind: 'everything' } as never)).rejects.toMatchObject({ kind: 'invalid-argument' });
  });

  it('embed:show draws a session it opened, by id, with that session’s own URL', async () => {
    const showEmbed = vi.fn(async () => undefined);
    const { handlers } = setup([body({ mapEmbed: 'http://127.0.0.1:4000/branch' })], { platform: { showEmbed } });
    const session = await handlers['embed:open']({ kind: 'branch' });
    await handlers['embed:show'](session.id, BOUNDS);
    expect(showEmbed.mock.calls).toEqual([['http://127.0.0.1:4000/branch', session.id, BOUNDS]]);
  });

  it('embed:show refuses an id it never opened (the renderer cannot name a URL of its own)', async () => {
    const showEmbed = vi.fn(async () => undefined);
    const { handlers } = setup([], { platform: { showEmbed } });
    await expect(handlers['embed:show']('made-up', BOUNDS)).rejects.toMatchObject({ kind: 'invalid-argument', message: expect.stringContaining('open the map again') });
    expect(showEmbed).not.toHaveBeenCalled();
  });

  it('embed:show does nothing in the web shell, which frames embeds itself; embed:hide asks the shell to hide', async () => {
    const hideEmbed = vi.fn(async () => undefined);
    const { handlers } = setup([], { platform: { shell: 'web', hideEmbed } });
    await expect(handlers['embed:show']('anything', BOUNDS)).resolves.toBeUndefined();
    await handlers['embed:hide']();
    expect(hideEmbed).toHaveBeenCalledTimes(1);
  });
});

describe('embed sessions', () => {
  const session = (id: string): EmbedSession => ({ id, kind: 'branch', assetIds: [], url: `https://maps.example/${id}`, expiresAt: NOW.toISOString(), requestedAt: NOW.toISOString() });

  it('keeps the most recent sessions only, forgetting the oldest first', () => {
    const sessions = new EmbedSessions(3);
    for (const id of ['a', 'b', 'c', 'd']) sessions.remember(session(id));
    expect(sessions.size).toBe(3);
    expect(sessions.get('a')).toBeNull();
    expect(sessions.get('d')?.url).toBe('https://maps.example/d');
  });

  it('counts a session opened again as recent', () => {
    const sessions = new EmbedSessions(2);
    sessions.remember(session('a'));
    sessions.remember(session('b'));
    sessions.remember(session('a'));
    sessions.remember(session('c'));
    expect([sessions.get('a')?.id, sessions.get('b'), sessions.get('c')?.id]).toEqual(['a', null, 'c']);
  });
});
