import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startDemoService } from '../../../src-main/demo/index';
import type { DemoService } from '../../../src-main/demo/index';
import { createHttpClient } from '../../../src-main/core/http/http-client';
import { pinTokenSource } from '../../fixtures/http/pinned-token-source';
import { parseJsonBody } from '../../../src-main/core/http/http-client';
import { normalizeAssetList } from '../../../src-main/core/assets/asset-schema';
import { embedExpiry } from '../../../src-main/core/embed/embed-url';
import { openEmbed } from '../../../src-main/core/embed/embed-service';
import type { Connection, HttpClient } from '../../../src-main/core/ports';

let demo: DemoService;
let http: HttpClient;
let connection: Connection;

beforeAll(async () => {
  demo = await startDemoService({ seed: 7, assetCount: 40 });
  http = createHttpClient(pinTokenSource({ getToken: async () => demo.demoToken, handleUnauthorized: async () => false }, [demo.baseUrl]), { sleep: async () => undefined });
  connection = { profileId: 'demo', baseUrl: demo.baseUrl, aempUrl: demo.aempUrl, demo: true };
});

afterAll(async () => {
  await demo.close();
});

beforeEach(() => {
  demo.controls.clearFaults();
});

async function assets() {
  const res = await http.get({ url: `${demo.baseUrl}/branch/current/assets` });
  return normalizeAssetList(parseJsonBody(res), new Date());
}

describe('core against the demo service', () => {
  it('fetches and normalizes the asset list without skips', async () => {
    const { assets: list, skipped } = await assets();
    expect(skipped).toEqual([]);
    expect(list.length).toBeGreaterThan(0);
    for (const a of list) expect(a.assetId).toMatch(/^(thing|area):\d+$/);
    expect(list.some((a) => a.embedUrl !== null)).toBe(true);
  });

  it('keeps and flags the malformed fields the demo injects', async () => {
    demo.controls.setFaults({ malformedRate: 1 });
    const { assets: list, skipped } = await assets();
    expect(list.length + skipped.length).toBe(40);
    const flagged = list.filter((a) => a.issues.length > 0);
    expect(flagged.length).toBeGreaterThan(list.length / 2);
    for (const issue of flagged.flatMap((a) => a.issues)) expect(issue.path).toMatch(/^\$\[\d+\]\./);
  });

  it('rides out a burst of 429s', async () => {
    demo.controls.setFaults({ burst429: { remaining: 2, retryAfterSec: 1 } });
    const { assets: list } = await assets();
    expect(list.length).toBeGreaterThan(0);
  });

  it('opens branch, subset and asset maps with a readable expiry', async () => {
    const now = new Date();
    const { assets: list } = await assets();
    const branch = await openEmbed(http, connection, { kind: 'branch' }, now);
    expect(branch.url.startsWith(demo.origin)).toBe(true);
    expect(Date.parse(branch.expiresAt)).toBeGreaterThan(now.getTime());

    const ids = list.slice(0, 3).map((a) => a.assetId);
    const subset = await openEmbed(http, connection, { kind: 'subset', assetIds: ids }, now);
    expect(subset.assetIds).toEqual(ids);
    expect(embedExpiry(subset.url, new Date(0)).getTime()).toBe(Date.parse(subset.expiresAt));

    const one = await openEmbed(http, connection, { kind: 'asset', assetId: ids[0] }, now);
    expect(one.assetIds).toEqual([ids[0]]);
    const page = await fetch(one.url, { redirect: 'manual' });
    expect(page.status).toBeLessThan(500);
  });

  it('explains that a huge selection does not fit one map', async () => {
    const ids = Array.from({ length: 300 }, (_, i) => `thing:${1_000_000 + i}`);
    await expect(openEmbed(http, connection, { kind: 'subset', assetIds: ids }, new Date())).rejects.toMatchObject({
      kind: 'bad-request',
      message: expect.stringMatching(/Too many assets for one map \(300 selected\); select at most \d+/),
    });
  });

  it('asks the token source once on 401 and retries with the fresh token', async () => {
    let current = 'revoked-or-unknown-token-000';
    let asked = 0;
    const refreshing = createHttpClient(
      pinTokenSource(
        {
          getToken: async () => current,
          handleUnauthorized: async () => {
            asked += 1;
            current = demo.demoToken;
            return true;
          },
        },
        [demo.baseUrl],
      ),
      { sleep: async () => undefined },
    );
    const res = await refreshing.get({ url: `${demo.baseUrl}/branch/current/assets` });
    expect(res.status).toBe(200);
    expect(asked).toBe(1);

    const signedOut = createHttpClient(pinTokenSource({ getToken: async () => 'revoked-or-unknown-token-000', handleUnauthorized: async () => false }, [demo.baseUrl]));
    await expect(signedOut.get({ url: `${demo.baseUrl}/branch/current/assets` })).rejects.toMatchObject({ kind: 'unauthorized', status: 401 });
  });
});
