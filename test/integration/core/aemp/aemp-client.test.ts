import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AempProgress } from '../../../../src-main/contract';
import { AempClient } from '../../../../src-main/core/aemp/aemp-client';
import { parseAempPage, parseHistoryPage, parseEquipment } from '../../../../src-main/core/aemp/parse-aemp';
import { MIN_RETRY_WAIT_MS } from '../../../../src-main/core/http/retry-policy';
import { createHttpClient } from '../../../../src-main/core/http/http-client';
import { pinTokenSource } from '../../../fixtures/http/pinned-token-source';
import type { HttpClient } from '../../../../src-main/core/ports';
import { setAempVariant } from '../../../../src-main/demo/aemp/variant';
import { startDemoService, type DemoService } from '../../../../src-main/demo/index';

// A fixed simulation clock: the fleet does not move between requests of one test.
const NOW = Date.UTC(2026, 2, 2, 15, 0, 0);

let service: DemoService;
let http: HttpClient;
let client: AempClient;
const sleeps: number[] = [];

beforeAll(async () => {
  service = await startDemoService({ aempPageSize: 10, assetCount: 60, now: () => NOW });
  http = createHttpClient(
    pinTokenSource({ getToken: async () => service.demoToken, handleUnauthorized: async () => false }, [service.aempUrl]),
    {
      // Waits are recorded, not waited out: the tests stay fast and never time anything.
      sleep: async (ms) => {
        sleeps.push(ms);
      },
      random: () => 0.5,
    },
  );
  client = new AempClient(http, service.aempUrl);
});

afterAll(async () => {
  await service.close();
});

beforeEach(() => {
  setAempVariant(service.sim, {});
  service.controls.clearFaults();
  service.controls.clearRequests();
  sleeps.length = 0;
});

const things = () => service.sim.equipment.filter((u) => u.type === 'thing');
const aempRequests = () => service.controls.requests.filter((r) => r.path.startsWith('/aemp/'));

describe('fleet client against the demo service', () => {
  it('lists the whole AEMP 2.0 fleet over every page, reporting page n of m', async () => {
    const progress: AempProgress[] = [];
    const result = await client.listEquipment('2.0', { onProgress: (p) => progress.push(p) });
    const expected = things();
    const pages = Math.ceil(expected.length / 10);
    expect(result.pages).toBe(pages);
    expect(result.issues).toEqual([]);
    expect(result.equipment.map((e) => e.equipmentId)).toEqual(expected.map((u) => u.equipmentId));
    expect(progress.some((p) => !p.done && p.lastPage === pages)).toBe(true);
    expect(progress.at(-1)).toMatchObject({ done: true, page: pages, equipment: expected.length });
    expect(aempRequests()).toHaveLength(pages);
  });

  it('lists the AEMP 1.2 fleet (XML) with the same machines and values', async () => {
    const v1 = await client.listEquipment('1.2');
    const v2 = await client.listEquipment('2.0');
    expect(v1.issues).toEqual([]);
    expect(v1.equipment.map((e) => e.equipmentId)).toEqual(v2.equipment.map((e) => e.equipmentId));
    expect(v1.equipment.map((e) => e.location)).toEqual(v2.equipment.map((e) => e.location));
    expect(v1.equipment.map((e) => e.operatingHours)).toEqual(v2.equipment.map((e) => e.operatingHours));
    expect(aempRequests().every((r) => r.status === 200)).toBe(true);
  });

  it('agrees with the simulation behind the asset list', async () => {
    const { equipment } = await client.listEquipment('2.0');
    const units = things();
    for (const [i, unit] of units.entries()) {
      if (!unit.hasMetrics) continue;
      const state = service.sim.stateAt(unit, NOW);
      if (unit.hasGps) expect(equipment[i].location?.lat).toBeCloseTo(state.lat, 5);
      if (unit.hasOdometer) expect(equipment[i].distance?.metres).toBeCloseTo(state.odometerCm / 100, 0);
      if (unit.hasEngine) expect(equipment[i].fuelRemaining?.percent).toBe(state.fuelPct);
    }
  });

  it('gets one unit by equipment id, serial number and VIN (2.0), by VIN (1.2), and over a date range', async () => {
    const unit = things().find((u) => u.serialNumber)!;
    for (const id of [unit.equipmentId!, unit.serialNumber!, unit.vin!]) {
      expect((await client.getEquipment('2.0', id)).equipment.equipmentId).toBe(unit.equipmentId);
    }
    expect((await client.getEquipment('1.2', unit.vin!)).equipment.serialNumber).toBe(unit.serialNumber);
    const ranged = await client.getEquipmentRange(unit.equipmentId!, '2026-03-01T00:00:00Z', '2026-03-02T00:00:00Z');
    expect(ranged.equipment.equipmentId).toBe(unit.equipmentId);
    await expect(client.getEquipment('2.0', 'no such unit/ü')).rejects.toMatchObject({ kind: 'not-found', message: expect.stringContaining('no such unit/ü') });
  });

  it('reads every history metric across pages', async () => {
    setAempVariant(service.sim, { historyPageSize: 40 });
    const unit = things().find((u) => u.hasGps && u.hasEngine && u.hasOdometer && u.hasMetrics && u.silentDaysPerMonth === 0)!;
    for (const metric of ['Location', 'CumulativeOperatingHours', 'Distance', 'FuelRemaining'] as const) {
      const history = await client.getHistory(unit.equipmentId!, metric, '2026-03-01T00:00:00Z', '2026-03-02T00:00:00Z');
      expect(history.issues, metric).toEqual([]);
      expect(history.pages, metric).toBe(3);
      expect(history.points, metric).toHaveLength(97);
    }
  });

  it('answers a history range with a malformed date or the end first as bad-request', async () => {
    const id = things()[0].equipmentId!;
    const base = `${service.aempUrl}/api/v2/Fleet/Equipment/${id}/Location`;
    await expect(http.get({ url: `${base}/2026-03-01/2026-03-02T00:00:00Z` })).rejects.toMatchObject({ kind: 'bad-request', status: 400 });
    await expect(http.get({ url: `${base}/2026-03-02T00:00:00Z/2026-03-01T00:00:00Z` })).rejects.toMatchObject({ kind: 'bad-request' });
  });

  it('stops at the first page when the feed links next to self', async () => {
    setAempVariant(service.sim, { nextEqualsSelf: true });
    const result = await client.listEquipment('2.0');
    expect(result.pages).toBe(1);
    expect(result.equipment).toHaveLength(10);
    expect(aempRequests()).toHaveLength(1);
  });

  it.each([404, 400, 'empty'] as const)('counts pages when the feed sends no links, ending at %s', async (pastEnd) => {
    setAempVariant(service.sim, { noLinks: true, pastEnd });
    const result = await client.listEquipment('2.0');
    expect(result.equipment).toHaveLength(things().length);
    expect(result.pages).toBe(Math.ceil(things().length / 10));
  });

  it('reads every feed variant with no issues and the same values', async () => {
    const plain = await client.listEquipment('2.0');
    setAempVariant(service.sim, { hourAsDuration: true, numbersAsStrings: true, lowercaseKeys: true, datetimeAsAttribute: true, imperialUnits: true });
    for (const version of ['2.0', '1.2'] as const) {
      const varied = await client.listEquipment(version);
      expect(varied.issues).toEqual([]);
      expect(varied.equipment).toHaveLength(plain.equipment.length);
      varied.equipment.forEach((unit, i) => {
        const base = plain.equipment[i];
        if (base.operatingHours) expect(unit.operatingHours?.hours).toBeCloseTo(base.operatingHours.hours, 3);
        if (base.distance) expect(unit.distance!.metres / base.distance.metres).toBeCloseTo(1, 5);
        expect(unit.location?.lat).toBe(base.location?.lat);
      });
    }
  });

  it.each([429, 405, 503] as const)('waits out %i throttling with Retry-After and reports it as waiting', async (status) => {
    setAempVariant(service.sim, { throttleEvery: 3, throttleStatus: status, retryAfterSec: 2 });
    const progress: AempProgress[] = [];
    const result = await client.listEquipment('2.0', { onProgress: (p) => progress.push(p) });
    expect(result.equipment).toHaveLength(things().length);
    // Retry-After: 2 is waited out, floored at MIN_RETRY_WAIT_MS (no hot loops).
    expect(sleeps.filter((ms) => ms === MIN_RETRY_WAIT_MS).length).toBeGreaterThan(0);
    expect(progress.some((p) => p.waitingUntil !== null && !p.done)).toBe(true);
    expect(aempRequests().some((r) => r.status === status)).toBe(true);
  });

  it('stops cleanly when aborted', async () => {
    const controller = new AbortController();
    const pending = client.listEquipment('2.0', {
      signal: controller.signal,
      onProgress: (p) => {
        if (p.page === 1) controller.abort();
      },
    });
    await expect(pending).rejects.toMatchObject({ kind: 'cancelled' });
    expect(aempRequests().length).toBeLessThan(Math.ceil(things().length / 10));
  });

  it('serves XML for 2.0 when asked by Accept or ?format=xml', async () => {
    const unit = things()[1];
    const page = await http.get({ url: `${service.aempUrl}/api/v2/Fleet/1`, accept: 'application/xml' });
    expect(page.headers['content-type']).toContain('xml');
    const parsed = parseAempPage(page.body, page.headers['content-type']);
    expect(parsed.equipment).toHaveLength(10);
    expect(parsed.links.next).toBe(`${service.aempUrl}/api/v2/Fleet/2`);
    const one = await http.get({ url: `${service.aempUrl}/api/v2/Fleet/Equipment/${unit.equipmentId}?format=xml` });
    expect(parseEquipment(one.body, one.headers['content-type']).equipment?.equipmentId).toBe(unit.equipmentId);
    const hist = await http.get({ url: `${service.aempUrl}/api/v2/Fleet/Equipment/${unit.equipmentId}/FuelRemaining/2026-03-02T00:00:00Z/2026-03-02T06:00:00Z`, accept: 'application/xml' });
    expect(hist.body).toContain('<FuelRemainingMessages');
    expect(parseHistoryPage(hist.body, 'FuelRemaining', hist.headers['content-type']).points.length).toBeGreaterThan(0);
  });
});
