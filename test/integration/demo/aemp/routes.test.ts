import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAempVariant } from '../../../../src-main/demo/aemp/variant';
import { startDemoService, type DemoService } from '../../../../src-main/demo/index';

let service: DemoService;

beforeAll(async () => {
  service = await startDemoService({ aempPageSize: 10, now: () => Date.UTC(2026, 2, 2, 15, 0, 0) });
});

afterAll(async () => {
  await service.close();
});

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${service.aempUrl}${path}`, { headers: { authorization: `Bearer ${service.demoToken}`, ...headers } });

describe('demo fleet endpoints over HTTP', () => {
  it('refuses requests without the bearer token', async () => {
    const res = await fetch(`${service.aempUrl}/api/v2/Fleet/1`);
    expect(res.status).toBe(401);
  });

  it('answers 2.0 as JSON by default and XML on request; 1.2 as XML', async () => {
    const json = await get('/api/v2/Fleet/1');
    expect(json.headers.get('content-type')).toContain('application/json');
    const body = (await json.json()) as { Equipment: unknown[]; Links: Array<{ rel: string; href: string }> };
    expect(body.Equipment).toHaveLength(10);
    expect(body.Links.find((l) => l.rel === 'next')?.href).toBe(`${service.aempUrl}/api/v2/Fleet/2`);
    const xml = await get('/api/v2/Fleet/1', { accept: 'application/xml' });
    expect(xml.headers.get('content-type')).toContain('application/xml');
    expect(await xml.text()).toMatch(/^<\?xml[^>]*\?>\s*<Fleet xmlns="http:\/\/standards\.iso\.org\/iso\/15143\/-3"/);
    const v1 = await get('/api/v1/Fleet/1');
    expect(await v1.text()).toContain('<Fleet xmlns="http://schemas.aemp.org/fleet" version="1.2"');
  });

  it('answers JSON errors naming what was not found', async () => {
    const past = await get('/api/v2/Fleet/500');
    expect(past.status).toBe(404);
    expect(((await past.json()) as { message: string }).message).toContain('Page 500');
    const unit = await get('/api/v2/Fleet/Equipment/NOPE-1');
    expect(unit.status).toBe(404);
    expect(((await unit.json()) as { message: string }).message).toContain('"NOPE-1"');
  });

  it('sends Retry-After with throttling answers', async () => {
    setAempVariant(service.sim, { throttleEvery: 1, throttleStatus: 429, retryAfterSec: 7 });
    try {
      const res = await get('/api/v2/Fleet/1');
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toBe('7');
    } finally {
      setAempVariant(service.sim, {});
    }
  });
});
