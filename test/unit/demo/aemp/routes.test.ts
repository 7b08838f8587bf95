import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { handleAempRequest } from '../../../../src-main/demo/aemp/routes';
import { setAempVariant, type AempVariant } from '../../../../src-main/demo/aemp/variant';
import type { DemoContext } from '../../../../src-main/demo/context';
import { FleetSimulation } from '../../../../src-main/demo/sim';
import { parseAempPage, parseHistoryPage, parseEquipment } from '../../../../src-main/core/aemp/parse-aemp';

const NOW = Date.UTC(2026, 2, 2, 15, 0, 0);
const ORIGIN = 'http://127.0.0.1:9';

interface Answer {
  status: number;
  type: string;
  body: string;
  headers: Record<string, string>;
}

function harness(options: { assetCount?: number; pageSize?: number; variant?: AempVariant } = {}) {
  const sim = new FleetSimulation(42, options.assetCount ?? 60);
  if (options.variant) setAempVariant(sim, options.variant);
  let answer: Answer | null = null;
  const demo = {
    origin: ORIGIN,
    sim,
    options: { port: 0, seed: 42, assetCount: options.assetCount ?? 60, embedSessionSeconds: 3600, aempPageSize: options.pageSize ?? 10 },
    now: () => NOW,
    sendBody: (_res: ServerResponse, status: number, type: string, body: string | Buffer, headers: Record<string, string> = {}) => {
      answer = { status, type, body: String(body), headers };
    },
    sendJson: (_res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
      answer = { status, type: 'application/json', body: JSON.stringify(body), headers };
    },
    sendError: (_res: ServerResponse, status: number, code: string, message: string, headers: Record<string, string> = {}) => {
      answer = { status, type: 'application/json', body: JSON.stringify({ error: code, message }), headers };
    },
  } as unknown as DemoContext;
  const get = (path: string, accept = 'application/json'): Answer & { handled: boolean } => {
    answer = null;
    const url = new URL(path, ORIGIN);
    const handled = handleAempRequest({ headers: { accept } } as IncomingMessage, {} as ServerResponse, url, demo);
    return { handled, ...(answer ?? { status: 0, type: '', body: '', headers: {} }) };
  };
  return { sim, get };
}

describe('demo AEMP routes', () => {
  it('pages the 2.0 fleet in JSON with self/next/prev/last links, agreeing with the simulation', () => {
    const { sim, get } = harness();
    const things = sim.equipment.filter((u) => u.type === 'thing');
    const first = get('/aemp/api/v2/Fleet/1');
    expect(first.status).toBe(200);
    expect(first.type).toContain('json');
    const page = parseAempPage(first.body, first.type);
    expect(page.issues).toEqual([]);
    expect(page.equipment).toHaveLength(10);
    expect(page.links).toEqual({ self: `${ORIGIN}/aemp/api/v2/Fleet/1`, next: `${ORIGIN}/aemp/api/v2/Fleet/2`, prev: null, last: `${ORIGIN}/aemp/api/v2/Fleet/${Math.ceil(things.length / 10)}` });
    const unit = things[0];
    const state = sim.stateAt(unit, NOW);
    const got = page.equipment[0];
    expect(got).toMatchObject({ equipmentId: unit.equipmentId, vin: unit.vin, make: unit.make, model: unit.model });
    if (unit.hasGps) expect(got.location?.lat).toBeCloseTo(state.lat, 5);
    if (unit.hasEngine) {
      expect(got.operatingHours?.hours).toBeCloseTo(state.engineRuntimeMs / 3_600_000, 3);
      expect(got.fuelRemaining?.percent).toBe(state.fuelPct);
    }
    const second = parseAempPage(get('/aemp/api/v2/Fleet/2').body);
    expect(second.links.prev).toBe(`${ORIGIN}/aemp/api/v2/Fleet/1`);
  });

  it('answers 404 past the last page and 400 for a non-number page', () => {
    const { get } = harness();
    const past = get('/aemp/api/v2/Fleet/99');
    expect(past.status).toBe(404);
    expect(JSON.parse(past.body).message).toContain('Page 99 does not exist');
    expect(get('/aemp/api/v2/Fleet/0').status).toBe(404);
    expect(get('/aemp/api/v2/Fleet/abc').status).toBe(400);
  });

  it('answers 2.0 in XML when asked by Accept or ?format=xml, and 1.2 in XML in its namespace', () => {
    const { get } = harness();
    const byAccept = get('/aemp/api/v2/Fleet/1', 'application/xml');
    expect(byAccept.type).toContain('xml');
    expect(byAccept.body).toContain('xmlns="http://standards.iso.org/iso/15143/-3"');
    expect(parseAempPage(byAccept.body).equipment).toHaveLength(10);
    const byQuery = get('/aemp/api/v2/Fleet/1?format=xml');
    expect(parseAempPage(byQuery.body).links.next).toBe(`${ORIGIN}/aemp/api/v2/Fleet/2?format=xml`);
    const v1 = get('/aemp/api/v1/Fleet/1');
    expect(v1.body).toMatch(/<Fleet xmlns="http:\/\/schemas.aemp.org\/fleet" version="1.2" snapshotTime="2026-03-02T15:00:00Z">/);
    const page = parseAempPage(v1.body, v1.type);
    expect(page.version).toBe('1.2');
    // 1.2 looks units up by VIN only, so its listing must show each unit's VIN.
    expect(page.equipment.every((e) => e.vin !== null && /^[A-Z0-9]{17}$/.test(e.vin))).toBe(true);
    expect(page.equipment.filter((e) => e.vin !== null)).toHaveLength(page.equipment.length);
    expect(page.equipment[0].make).not.toBeNull();
  });

  it('finds one unit by equipment id, serial number or VIN (2.0) and by VIN only (1.2)', () => {
    const { sim, get } = harness();
    const unit = sim.equipment.find((u) => u.type === 'thing' && u.serialNumber)!;
    for (const id of [unit.equipmentId!, unit.serialNumber!, unit.vin!]) {
      const answer = get(`/aemp/api/v2/Fleet/Equipment/${encodeURIComponent(id)}`);
      expect(parseEquipment(answer.body).equipment?.equipmentId, id).toBe(unit.equipmentId);
    }
    expect(parseEquipment(get(`/aemp/api/v1/Fleet/Equipment/${unit.vin}`).body).equipment?.equipmentId).toBe(unit.equipmentId);
    const missing = get(`/aemp/api/v1/Fleet/Equipment/${unit.equipmentId}`);
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.body).message).toContain(`"${unit.equipmentId}"`);
  });

  it('lists on 1.2 the VIN that a 1.2 look-up finds the unit by', () => {
    const { get } = harness();
    const v1 = get('/aemp/api/v1/Fleet/1');
    const listed = parseAempPage(v1.body, v1.type).equipment[0];
    const found = get(`/aemp/api/v1/Fleet/Equipment/${encodeURIComponent(listed.vin!)}`);
    expect(found.status).toBe(200);
    expect(parseEquipment(found.body, found.type).equipment?.equipmentId).toBe(listed.equipmentId);
  });

  it('serves 15-minute histories over at most 90 days, paged with links', () => {
    const { sim, get } = harness({ variant: { historyPageSize: 50 } });
    const unit = sim.equipment.find((u) => u.type === 'thing' && u.hasGps && u.hasMetrics && u.silentDaysPerMonth === 0)!;
    const base = `/aemp/api/v2/Fleet/Equipment/${unit.equipmentId}/Location/2026-03-01T00:00:00Z/2026-03-02T00:00:00Z`;
    const first = parseHistoryPage(get(base).body, 'Location');
    expect(first.points).toHaveLength(50);
    expect(first.links.next).toBe(`${ORIGIN}${base}?page=2`);
    expect(Date.parse(first.points[1].at) - Date.parse(first.points[0].at)).toBeGreaterThan(10 * 60_000);
    const last = parseHistoryPage(get(`${base}?page=2`).body, 'Location');
    expect(last.links.next).toBeNull();
    expect(first.points.length + last.points.length).toBe(97);
    const old = parseHistoryPage(get(`/aemp/api/v2/Fleet/Equipment/${unit.equipmentId}/Location/2025-01-01T00:00:00Z/2025-01-02T00:00:00Z`).body, 'Location');
    expect(old.points).toEqual([]);
  });

  it('answers 400 for malformed dates and an end before the start', () => {
    const { sim, get } = harness();
    const id = sim.equipment.find((u) => u.type === 'thing')!.equipmentId;
    const bad = get(`/aemp/api/v2/Fleet/Equipment/${id}/Distance/2026-03-01/2026-03-02T00:00:00Z`);
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body).message).toContain('YYYY-MM-DDTHH:MM:SSZ');
    const reversed = get(`/aemp/api/v2/Fleet/Equipment/${id}/Distance/2026-03-02T00:00:00Z/2026-03-01T00:00:00Z`);
    expect(reversed.status).toBe(400);
    expect(JSON.parse(reversed.body).message).toContain('before the start');
    expect(get(`/aemp/api/v2/Fleet/Equipment/${id}/Speed/2026-03-01T00:00:00Z/2026-03-02T00:00:00Z`).status).toBe(404);
    expect(get(`/aemp/api/v2/Fleet/Equipment/${id}/2026-03-01T00:00:00Z/2026-03-02T00:00:00Z`).status).toBe(200);
  });

  it('produces the feed variants, which the client parsers still read', () => {
    const variant: AempVariant = { hourAsDuration: true, numbersAsStrings: true, lowercaseKeys: true, datetimeAsAttribute: true, imperialUnits: true, nextEqualsSelf: true };
    const { sim, get } = harness({ variant });
    const json = get('/aemp/api/v2/Fleet/1');
    expect(json.body).toContain('"links"');
    expect(json.body).toContain('"dateTime"');
    expect(json.body).toMatch(/"hour":"PT\d+H\d+M\d+S"/);
    const page = parseAempPage(json.body);
    expect(page.issues).toEqual([]);
    expect(page.links.next).toBe(page.links.self);
    const xml = get('/aemp/api/v2/Fleet/1?format=xml');
    expect(xml.body).toMatch(/<location datetime="/);
    const fromXml = parseAempPage(xml.body);
    expect(fromXml.issues).toEqual([]);
    const things = sim.equipment.filter((u) => u.type === 'thing');
    const withOdo = fromXml.equipment.findIndex((e) => e.distance !== null);
    expect(withOdo).toBeGreaterThanOrEqual(0);
    expect(fromXml.equipment[withOdo].distance?.metres).toBeCloseTo(sim.stateAt(things[withOdo], NOW).odometerCm / 100, -1);
  });

  it('throttles every n-th request with Retry-After when asked', () => {
    const { get } = harness({ variant: { throttleEvery: 2, throttleStatus: 503, retryAfterSec: 3 } });
    expect(get('/aemp/api/v2/Fleet/1').status).toBe(200);
    const throttled = get('/aemp/api/v2/Fleet/1');
    expect(throttled.status).toBe(503);
    expect(throttled.headers['retry-after']).toBe('3');
  });

  it('leaves unknown paths to the server', () => {
    const { get } = harness();
    expect(get('/aemp/api/v3/Fleet/1').handled).toBe(false);
    expect(get('/aemp/api/v2/Fleet/Equipment').handled).toBe(false);
  });

  it('computes only the requested page at 50,000 assets', () => {
    const { get } = harness({ assetCount: 50_000, pageSize: 100 });
    const answer = get('/aemp/api/v2/Fleet/300');
    const page = parseAempPage(answer.body);
    expect(page.equipment).toHaveLength(100);
    expect(page.links.last).toBe(`${ORIGIN}/aemp/api/v2/Fleet/475`);
  });
});
