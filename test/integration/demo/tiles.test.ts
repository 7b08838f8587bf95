import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoService, type DemoService } from '../../../src-main/demo';

let demo: DemoService;
beforeAll(async () => {
  demo = await startDemoService({ assetCount: 3 });
});
afterAll(async () => {
  await demo.close();
});

describe('demo tiles', () => {
  it('serves PNG tiles without a token', async () => {
    const res = await fetch(demo.tileUrl.replace('{z}', '10').replace('{x}', '194').replace('{y}', '387'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(bytes.readUInt32BE(16)).toBe(256);
  });

  it('answers 404 for coordinates outside the zoom level and for other paths', async () => {
    expect((await fetch(`${demo.origin}/tiles/2/4/0.png`)).status).toBe(404);
    expect((await fetch(`${demo.origin}/tiles/25/0/0.png`)).status).toBe(404);
    expect((await fetch(`${demo.origin}/tiles/a/b/c.png`)).status).toBe(404);
  });
});
