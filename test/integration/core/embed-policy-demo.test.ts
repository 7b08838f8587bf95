/**
 * The embed rule against the real demo service over HTTP: its embed pages live on its
 * own host (127.0.0.1), so a profile that names it by another host gets a refusal that
 * names the host, until that origin is added to the profile.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoService, type DemoService } from '../../../src-main/demo/index';
import { createHttpClient } from '../../../src-main/core/http/http-client';
import { pinTokenSource } from '../../fixtures/http/pinned-token-source';
import { openEmbed } from '../../../src-main/core/embed/embed-service';
import type { Connection, HttpClient } from '../../../src-main/core/ports';

let demo: DemoService;

function clientFor(baseUrl: string): HttpClient {
  return createHttpClient(pinTokenSource({ getToken: async () => demo.demoToken, handleUnauthorized: async () => false }, [baseUrl]), { sleep: async () => undefined });
}

beforeAll(async () => {
  demo = await startDemoService({ seed: 3, assetCount: 5 });
});
afterAll(async () => {
  await demo.close();
});

describe('embed maps from the demo service', () => {
  it('opens the map when the profile names the demo by its own host', async () => {
    const connection: Connection = { profileId: 'demo', baseUrl: demo.baseUrl, aempUrl: demo.aempUrl, demo: true };
    const session = await openEmbed(clientFor(demo.baseUrl), connection, { kind: 'branch' }, new Date());
    expect(new URL(session.url).origin).toBe(demo.origin);
  });

  it('refuses it, naming the host, when the profile names the service by another host; an added origin lets it in', async () => {
    const port = new URL(demo.origin).port;
    const baseUrl = `http://localhost:${port}/v1`;
    const connection: Connection = { profileId: 'p', baseUrl, aempUrl: '', demo: false };
    const http = clientFor(baseUrl);
    await expect(openEmbed(http, connection, { kind: 'branch' }, new Date())).rejects.toMatchObject({
      kind: 'bad-payload',
      message: expect.stringContaining(`127.0.0.1:${port}`),
    });
    const session = await openEmbed(http, { ...connection, embedOrigins: [demo.origin] }, { kind: 'branch' }, new Date());
    expect(new URL(session.url).origin).toBe(demo.origin);
  });
});
