import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AempProgress } from '../../../../src-main/contract';
import { AempClient, formatAempDate } from '../../../../src-main/core/aemp/aemp-client';
import type { HttpClient } from '../../../../src-main/core/ports';
import { AEMP_THROTTLE_STATUSES } from '../../../../src-main/core/http/retry-policy';

const fixture = (name: string) => readFileSync(resolve(__dirname, '../../../fixtures/aemp', name), 'utf8');

function fakeHttp(answers: Record<string, { status?: number; body: string; type?: string }>) {
  const requests: Array<Parameters<HttpClient['get']>[0]> = [];
  const http: HttpClient = {
    async get(req) {
      requests.push(req);
      const a = answers[req.url] ?? { status: 404, body: '{"error":"not-found","message":"nothing here"}' };
      return { status: a.status ?? 200, body: a.body, headers: { 'content-type': a.type ?? 'application/json' }, url: req.url };
    },
  };
  return { http, requests };
}

describe('formatAempDate', () => {
  it('formats UTC without milliseconds', () => {
    expect(formatAempDate(new Date(Date.UTC(2026, 2, 1, 4, 5, 6, 789)))).toBe('2026-03-01T04:05:06Z');
    expect(formatAempDate('2026-03-01T06:05:06+02:00')).toBe('2026-03-01T04:05:06Z');
    expect(() => formatAempDate('not a date')).toThrow(/not a date/);
  });
});

describe('AempClient', () => {
  const root = 'https://aemp.test/base/';

  it('builds every endpoint URL, encoding identifiers', () => {
    const client = new AempClient(fakeHttp({}).http, root);
    expect(client.aempPageUrl('1.2', 3)).toBe('https://aemp.test/base/api/v1/Fleet/3');
    expect(client.aempPageUrl('2.0', 1)).toBe('https://aemp.test/base/api/v2/Fleet/1');
    expect(client.equipmentUrl('1.2', 'VIN 1/2')).toBe('https://aemp.test/base/api/v1/Fleet/Equipment/VIN%201%2F2');
    expect(client.equipmentRangeUrl('E#1', '2026-03-01T00:00:00Z', new Date('2026-03-02T00:00:00Z'))).toBe(
      'https://aemp.test/base/api/v2/Fleet/Equipment/E%231/2026-03-01T00:00:00Z/2026-03-02T00:00:00Z',
    );
    expect(client.historyUrl('E1', 'FuelRemaining', '2026-03-01T00:00:00.000Z', '2026-03-02T00:00:00Z')).toBe(
      'https://aemp.test/base/api/v2/Fleet/Equipment/E1/FuelRemaining/2026-03-01T00:00:00Z/2026-03-02T00:00:00Z',
    );
  });

  it("reads the retry policy's fleet throttle statuses for every request: listings and single machines", async () => {
    const fake = fakeHttp({ 'https://aemp.test/base/api/v1/Fleet/1': { body: fixture('v1-fleet.xml'), type: 'application/json' } });
    const client = new AempClient(fake.http, root);
    await client.listEquipment('1.2');
    await expect(client.getEquipment('2.0', 'E1')).rejects.toThrow(/no machine "E1"/);
    expect(fake.requests.length).toBeGreaterThanOrEqual(2);
    for (const request of fake.requests) expect(request.throttleStatuses).toBe(AEMP_THROTTLE_STATUSES);
  });

  it('lists a 1.2 fleet answered in XML under a JSON content type, reporting progress to done', async () => {
    const fake = fakeHttp({ 'https://aemp.test/base/api/v1/Fleet/1': { body: fixture('v1-fleet.xml'), type: 'application/json' } });
    const progress: AempProgress[] = [];
    const result = await new AempClient(fake.http, root).listEquipment('1.2', { onProgress: (p) => progress.push(p) });
    expect(result.equipment.map((e) => e.equipmentId)).toEqual(['BH-0010']);
    expect(result.snapshotTime).toBe('2026-03-02T10:15:00.000Z');
    expect(result.pages).toBe(1);
    expect(fake.requests[0].accept).toMatch(/^application\/xml/);
    expect(progress.at(-1)).toEqual({ version: '1.2', page: 1, lastPage: 1, equipment: 1, waitingUntil: null, done: true });
  });

  it('marks issues of later pages with their page and de-duplicates units', async () => {
    const page = (ids: string[], next?: string) =>
      JSON.stringify({ Links: next ? [{ rel: 'next', href: next }] : [], Equipment: [...ids.map((id) => ({ EquipmentHeader: { EquipmentID: id } })), 'junk'] });
    const fake = fakeHttp({
      'https://aemp.test/base/api/v2/Fleet/1': { body: page(['a', 'b'], '/base/api/v2/Fleet/2') },
      'https://aemp.test/base/api/v2/Fleet/2': { body: page(['b', 'c']) },
    });
    const result = await new AempClient(fake.http, root).listEquipment('2.0');
    expect(result.equipment.map((e) => e.equipmentId)).toEqual(['a', 'b', 'c']);
    expect(result.issues.map((i) => i.message)).toEqual([expect.not.stringContaining('page'), expect.stringContaining('(page 2)')]);
  });

  it('gets a unit and turns a 404 into not-found naming the identifier', async () => {
    const fake = fakeHttp({ 'https://aemp.test/base/api/v2/Fleet/Equipment/CP-0005': { body: fixture('v2-unit.json') } });
    const client = new AempClient(fake.http, root);
    expect((await client.getEquipment('2.0', 'CP-0005')).equipment.model).toBe('BW 120');
    await expect(client.getEquipment('2.0', 'nope')).rejects.toMatchObject({ kind: 'not-found', message: expect.stringContaining('"nope"') });
    expect(fake.requests[1].acceptStatuses).toEqual([404]);
  });

  it('reads a history across pages, oldest first', async () => {
    const first = 'https://aemp.test/base/api/v2/Fleet/Equipment/EX-1/Location/2026-03-01T00:00:00Z/2026-03-02T00:00:00Z';
    const fake = fakeHttp({
      [first]: { body: fixture('v2-location-history.json').replace('https://aemp.example.com', 'https://aemp.test/base').replace('https://aemp.example.com', 'https://aemp.test/base') },
      [`${first}?page=2`]: { body: JSON.stringify({ Location: [{ datetime: '2026-03-01T00:45:00Z', Latitude: 40, Longitude: -111 }], Links: [{ rel: 'self', href: `${first}?page=2` }] }) },
    });
    const result = await new AempClient(fake.http, root).getHistory('EX-1', 'Location', '2026-03-01T00:00:00Z', '2026-03-02T00:00:00Z');
    expect(result.pages).toBe(2);
    expect(result.points.map((p) => p.at)).toEqual(['2026-03-01T00:00:00.000Z', '2026-03-01T00:15:00.000Z', '2026-03-01T00:45:00.000Z']);
    expect(result.issues).toHaveLength(3);
  });
});

describe('AempClient look-ahead', () => {
  it('keeps no units from a fetched-ahead page beyond the end of the feed', async () => {
    const page = (id: string, next: string | null) =>
      JSON.stringify({ Links: [{ rel: 'self', href: 'x' }, ...(next ? [{ rel: 'next', href: next }] : [])], Equipment: [{ EquipmentHeader: { EquipmentID: id } }] });
    const last = 'https://aemp.test/base/api/v2/Fleet/2';
    const answers: Record<string, { body: string }> = {
      'https://aemp.test/base/api/v2/Fleet/1': { body: page('a', last).replace('"rel":"self","href":"x"', `"rel":"last","href":"${last.replace('/2', '/3')}"`) },
      // Page 2 says it is the end; page 3 exists but is not part of the feed's walk.
      [last]: { body: page('b', null) },
      'https://aemp.test/base/api/v2/Fleet/3': { body: page('stray', null) },
    };
    const requests: string[] = [];
    const http: HttpClient = {
      async get(req) {
        requests.push(req.url);
        const a = answers[req.url] ?? { body: '[]' };
        return { status: 200, body: a.body, headers: {}, url: req.url };
      },
    };
    const result = await new AempClient(http, 'https://aemp.test/base').listEquipment('2.0');
    expect(requests).toContain('https://aemp.test/base/api/v2/Fleet/3');
    expect(result.equipment.map((e) => e.equipmentId)).toEqual(['a', 'b']);
    expect(result.pages).toBe(2);
  });
});
