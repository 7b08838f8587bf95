import { request } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startDemoService, type DemoService } from '../../../src-main/demo';

let demo: DemoService;
beforeAll(async () => {
  demo = await startDemoService({ assetCount: 20 });
});
afterEach(() => {
  demo.controls.clearFaults();
});
afterAll(async () => {
  await demo.close();
});

const ASSETS = '/v1/branch/current/assets';

interface RawAnswer {
  status: number | null;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** how the exchange ended */
  outcome: 'complete' | 'aborted' | 'error' | 'stalled';
}

/** One GET with node:http, so cut-off bodies and dropped sockets are visible as such. */
function rawGet(path: string, stallWaitMs = 0): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const answer: RawAnswer = { status: null, headers: {}, body: '', outcome: 'error' };
    const req = request(`${demo.origin}${path}`, { headers: { authorization: `Bearer ${demo.demoToken}` } }, (res) => {
      answer.status = res.statusCode ?? null;
      answer.headers = res.headers;
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (answer.body += chunk));
      res.on('end', () => resolve({ ...answer, outcome: 'complete' }));
      res.on('aborted', () => resolve({ ...answer, outcome: 'aborted' }));
      res.on('error', () => resolve({ ...answer, outcome: 'aborted' }));
      if (stallWaitMs > 0) {
        setTimeout(() => {
          resolve({ ...answer, outcome: 'stalled' });
          req.destroy();
        }, stallWaitMs);
      }
    });
    req.on('error', () => resolve({ ...answer, outcome: answer.status === null ? 'error' : 'aborted' }));
    req.end();
  });
}

describe('demo fault switches', () => {
  it('sends a burst of 429 with Retry-After, then recovers', async () => {
    demo.controls.setFaults({ burst429: { remaining: 2, retryAfterSec: 7 } });
    const first = await rawGet(ASSETS);
    const second = await rawGet(ASSETS);
    const third = await rawGet(ASSETS);
    expect([first.status, second.status, third.status]).toEqual([429, 429, 200]);
    expect(first.headers['retry-after']).toBe('7');
    expect(JSON.parse(first.body)).toMatchObject({ error: 'rate_limited' });
  });

  it('answers random 5xx at the error rate', async () => {
    demo.controls.setFaults({ errorRate: 1 });
    const answer = await rawGet(ASSETS);
    expect([500, 502, 503]).toContain(answer.status);
    expect(JSON.parse(answer.body)).toMatchObject({ error: 'server_error' });
    demo.controls.setFaults({ errorRate: 0 });
    expect((await rawGet(ASSETS)).status).toBe(200);
  });

  it('drops the connection at the reset rate', async () => {
    demo.controls.setFaults({ resetRate: 1 });
    const answer = await rawGet(ASSETS);
    expect(answer.outcome).toBe('error');
    expect(answer.status).toBeNull();
    expect(demo.controls.requests.at(-1)).toMatchObject({ path: ASSETS, status: 0 });
  });

  it('cuts the body off at the truncate rate', async () => {
    demo.controls.setFaults({ truncateRate: 1 });
    const answer = await rawGet(ASSETS);
    expect(answer.status).toBe(200);
    expect(answer.outcome).toBe('aborted');
    expect(answer.body.length).toBeGreaterThan(0);
    expect(answer.body.length).toBeLessThan(Number(answer.headers['content-length']));
    expect(() => JSON.parse(answer.body)).toThrow();
  });

  it('answers HTML with the wrong content type', async () => {
    demo.controls.setFaults({ wrongContentType: true });
    const answer = await rawGet(ASSETS);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    expect(answer.body).toMatch(/^<!doctype html>/);
  });

  it('sends headers and then nothing when stalling', async () => {
    demo.controls.setFaults({ stallAfterHeaders: true });
    const answer = await rawGet(ASSETS, 300);
    expect(answer.status).toBe(200);
    expect(answer.outcome).toBe('stalled');
    expect(answer.body).toBe('');
  });

  it('adds latency and says so in a header', async () => {
    demo.controls.setFaults({ latencyMs: 30, jitterMs: 20 });
    const answer = await rawGet(ASSETS);
    expect(answer.status).toBe(200);
    const delay = Number(answer.headers['x-demo-delay-ms']);
    expect(delay).toBeGreaterThanOrEqual(30);
    expect(delay).toBeLessThan(50);
  });

  it('pads the asset list to a huge payload', async () => {
    demo.controls.setFaults({ hugePayload: true, hugePayloadBytes: 3_000_000 });
    const answer = await rawGet(ASSETS);
    expect(answer.status).toBe(200);
    expect(answer.body.length).toBeGreaterThan(3_000_000);
    expect((JSON.parse(answer.body) as unknown[]).length).toBeGreaterThan(20);
  });

  it('corrupts fields at the malformed rate while the list stays JSON', async () => {
    demo.controls.setFaults({ malformedRate: 1 });
    const answer = await rawGet(ASSETS);
    const assets = JSON.parse(answer.body) as { metrics: Record<string, { value: unknown; meta: { collectedOn: string } }> | null }[];
    const odd = assets.filter((a) => {
      const m = a.metrics;
      const gps = m?.gps?.value as { lat?: unknown; lng?: unknown } | undefined;
      return !!m && ((m.fuel && (m.fuel.value as number) > 100) || (gps && (gps.lng === undefined || typeof gps.lat !== 'number' || (gps.lat as number) > 90)) || (m.ignition && typeof m.ignition.value !== 'boolean') || Object.values(m).some((x) => Number.isNaN(Date.parse(x.meta.collectedOn))));
    });
    expect(odd.length).toBeGreaterThan(5);
  });

  it('keeps faults away from tiles and embeds, and can be cleared', async () => {
    demo.controls.setFaults({ errorRate: 1 });
    expect((await fetch(`${demo.origin}/tiles/1/0/0.png`)).status).toBe(200);
    demo.controls.clearFaults();
    expect(demo.controls.faults.errorRate).toBe(0);
    expect((await rawGet(ASSETS)).status).toBe(200);
  });

  it('takes fault settings at start', async () => {
    const faulty = await startDemoService({ assetCount: 2, faults: { burst429: { remaining: 1, retryAfterSec: 3 } } });
    try {
      const res = await fetch(`${faulty.baseUrl}/branch/current/urls`, { headers: { authorization: `Bearer ${faulty.demoToken}` } });
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toBe('3');
    } finally {
      await faulty.close();
    }
  });
});
