import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FleetError } from '../../../../src-main/core/errors';
import { parseAempPage, parseHistoryPage, parseEquipment } from '../../../../src-main/core/aemp/parse-aemp';
import type { HistoryMetric } from '../../../../src-main/contract';

const fixture = (name: string) => readFileSync(resolve(__dirname, '../../../fixtures/aemp', name), 'utf8');
const FIXTURES = ['v2-fleet.json', 'v2-fleet-variants.json', 'v2-fleet.xml', 'v1-fleet.xml', 'v2-location-history.json', 'v2-hours-history.xml', 'v2-unit.json'].map(fixture);
const METRICS: HistoryMetric[] = ['Location', 'CumulativeOperatingHours', 'Distance', 'FuelRemaining'];

/** Runs every parser; only FleetError 'bad-payload' may escape, and results keep their shape. */
function parsesOrRefuses(body: string): void {
  const attempts: Array<() => unknown> = [() => parseAempPage(body), () => parseEquipment(body), ...METRICS.map((m) => () => parseHistoryPage(body, m))];
  for (const attempt of attempts) {
    try {
      const result = attempt() as { issues: unknown[] };
      expect(Array.isArray(result.issues)).toBe(true);
    } catch (err) {
      expect(err).toBeInstanceOf(FleetError);
      expect((err as FleetError).kind).toBe('bad-payload');
    }
  }
}

const keyNames = fc.constantFrom('Equipment', 'equipment', 'EquipmentHeader', 'Location', 'Latitude', 'Longitude', 'Hour', 'Links', 'rel', 'href', 'datetime', 'Distance', 'Odometer', 'OdometerUnits', 'FuelRemaining', 'Percent', 'CumulativeOperatingHours', '__proto__', 'constructor', '#text');
const anyValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.string(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.constantFrom('PT13H', 'P1M', 'metres', 'gallon', '2026-03-02T10:00:00Z', 'NaN', '1e400'),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(keyNames, fc.string()), tie('value'), { maxKeys: 5 }),
  ),
})).value;

describe('parsers never throw anything but bad-payload', () => {
  it('on random JSON values', () => {
    fc.assert(fc.property(anyValue, (value) => parsesOrRefuses(JSON.stringify(value) ?? 'null')), { numRuns: 400 });
  });

  it('on random objects shaped like a fleet', () => {
    const fleetish = fc.record({ Equipment: fc.array(anyValue, { maxLength: 4 }), Links: anyValue, SnapshotTime: anyValue });
    fc.assert(fc.property(fleetish, (value) => parsesOrRefuses(JSON.stringify(value))), { numRuns: 300 });
  });

  it('on truncated fixtures (JSON and XML)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...FIXTURES), fc.nat(), (body, cut) => parsesOrRefuses(body.slice(0, cut % (body.length + 1)))),
      { numRuns: 400 },
    );
  });

  it('on fixtures with random characters spliced in', () => {
    fc.assert(
      fc.property(fc.constantFrom(...FIXTURES), fc.nat(), fc.string({ maxLength: 8 }), (body, at, junk) => {
        const i = at % (body.length + 1);
        parsesOrRefuses(body.slice(0, i) + junk + body.slice(i));
      }),
      { numRuns: 400 },
    );
  });

  it('on random strings and random XML-ish strings', () => {
    const tag = fc.constantFrom('Fleet', 'aemp:Fleet', 'Equipment', 'Location', 'Latitude', 'Links', 'LocationMessages', '__proto__');
    const xmlish = fc.array(fc.oneof(tag.map((t) => `<${t}>`), tag.map((t) => `</${t}>`), fc.string({ maxLength: 6 }), tag.map((t) => `<${t} datetime="x"/>`)), { maxLength: 12 }).map((parts) => parts.join(''));
    fc.assert(fc.property(fc.oneof(fc.string(), xmlish), (body) => parsesOrRefuses(body)), { numRuns: 400 });
  });
});
