/** Reading fleet pages, single units and histories, in AEMP 1.2 and 2.0, JSON and XML. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAempPage, parseHistoryPage, parseEquipment } from '../../../../src-main/core/aemp/parse-aemp';
import { FleetError } from '../../../../src-main/core/errors';

const fixture = (name: string) => readFileSync(resolve(__dirname, '../../../fixtures/aemp', name), 'utf8');

function refusal(run: () => unknown): FleetError {
  try {
    run();
  } catch (err) {
    if (err instanceof FleetError) return err;
    throw err;
  }
  throw new Error('read instead of refused');
}

const unitJson = (id: string) => ({ EquipmentHeader: { EquipmentID: id } });
const unitXml = (id: string) => `<EquipmentHeader><EquipmentID>${id}</EquipmentID></EquipmentHeader>`;

const LAT_ISSUE = 'Latitude is missing or not a number between -90 and 90; location skipped.';
const unit = { EquipmentHeader: { EquipmentID: 'E' }, Location: { datetime: '2026-03-01T10:00:00Z', Latitude: 'north', Longitude: 5 } };
const LOCATION = '<Location datetime="2026-03-01T10:00:00Z"><Latitude>40</Latitude><Longitude>-111</Longitude></Location>';

describe('parseAempPage reads AEMP 2.0 JSON', () => {
  const page = parseAempPage(fixture('v2-fleet.json'), 'application/json');

  it('reads the snapshot, links and a complete unit with explicit units', () => {
    expect(page.version).toBe('2');
    expect(page.snapshotTime).toBe('2026-03-02T10:15:00.000Z');
    expect(page.links).toEqual({ self: 'https://aemp.example.com/api/v2/Fleet/1', next: '/api/v2/Fleet/2', prev: null, last: 'https://aemp.example.com/api/v2/Fleet/3' });
    expect(page.entries).toBe(4);
    expect(page.equipment[0]).toEqual({
      equipmentId: 'EX-0001',
      serialNumber: 'CAT0320A0001',
      vin: '1CAT0320XA0001',
      make: 'Caterpillar',
      model: '320',
      location: { lat: 40.7608, lng: -111.891, altitudeM: 1300, at: '2026-03-02T10:10:00.000Z' },
      operatingHours: { hours: 1234.5, at: '2026-03-02T10:10:00.000Z' },
      idleHours: { hours: 321.25, at: '2026-03-02T10:10:00.000Z' },
      distance: { metres: 5_400_000, at: '2026-03-02T10:10:00.000Z' },
      fuelUsed: { litres: 9800, at: '2026-03-02T10:10:00.000Z' },
      fuelRemaining: { percent: 62, at: '2026-03-02T10:10:00.000Z' },
      engineRunning: { running: true, at: '2026-03-02T10:10:00.000Z' },
      linkedAssetId: null,
    });
  });

  it('keeps a unit with bad values, skipping those values, and reports each with its path', () => {
    const second = page.equipment[1];
    expect(second.make).toBe('Komatsu');
    expect(second.location).toBeNull();
    expect(second.fuelRemaining).toBeNull();
    expect(page.issues.map((i) => i.path)).toEqual([
      'Equipment[1].Location.Latitude',
      'Equipment[1].FuelRemaining.Percent',
      'Equipment[2]',
      'Equipment[3].EquipmentHeader',
    ]);
    expect(page.equipment).toHaveLength(2);
  });
});

describe('parseAempPage reads every feed variant and refuses what is not a fleet', () => {
  it('reads lower-case keys, numbers as strings, durations, dateTime children and unit spellings', () => {
    const page = parseAempPage(fixture('v2-fleet-variants.json'));
    expect(page.issues).toEqual([]);
    expect(page.links.self).toBe('https://aemp.example.com/api/v2/Fleet/2');
    expect(page.links.next).toBe('https://aemp.example.com/api/v2/Fleet/2');
    expect(page.equipment).toHaveLength(1);
    const unit = page.equipment[0];
    expect(unit.serialNumber).toBe('007');
    expect(unit.location?.lat).toBe(40.5);
    expect(unit.location?.altitudeM).toBeCloseTo(1500, 1);
    expect(unit.operatingHours?.hours).toBeCloseTo(13.475, 6);
    expect(unit.idleHours?.hours).toBe(26);
    expect(unit.distance?.metres).toBeCloseTo(160_934.4, 3);
    expect(unit.fuelUsed?.litres).toBeCloseTo(37.854, 3);
    expect(unit.fuelRemaining).toEqual({ percent: 48.5, at: '2026-03-02T10:00:00.000Z' });
    expect(unit.engineRunning?.running).toBe(false);
  });

  it('reads AEMP 2.0 XML with namespace prefixes and datetime attributes', () => {
    const page = parseAempPage(fixture('v2-fleet.xml'), 'text/plain');
    expect(page.snapshotTime).toBe('2026-03-02T10:15:00.000Z');
    expect(page.links.next).toBe('https://aemp.example.com/api/v2/Fleet/2');
    const [first, second] = page.equipment;
    expect(first).toMatchObject({ equipmentId: 'BH-0003', make: 'John Deere', vin: '1T0310SLXJ0003' });
    expect(first.location).toEqual({ lat: 40.25, lng: -111.75, altitudeM: 1500, at: '2026-03-02T10:05:00.000Z' });
    expect(first.distance?.metres).toBe(12345);
    expect(first.fuelUsed?.litres).toBe(77.5);
    expect(first.engineRunning?.running).toBe(true);
    expect(second.equipmentId).toBe('BH-0004');
    expect(second.location).toBeNull();
    expect(second.distance).toBeNull();
    expect(page.issues.map((i) => i.path)).toEqual(['Equipment[1].Location.Latitude', 'Equipment[1].Distance.OdometerUnits']);
    expect(page.issues[1].message).toContain('furlong');
  });

  it('reads AEMP 1.2 XML in its default namespace', () => {
    const page = parseAempPage(fixture('v1-fleet.xml'), 'application/xml');
    expect(page.version).toBe('1.2');
    expect(page.links.next).toBeNull();
    expect(page.equipment[0]).toMatchObject({
      equipmentId: 'BH-0010',
      serialNumber: 'JJG0580N0010',
      make: 'CASE',
      vin: null,
      operatingHours: { hours: 512.5, at: '2026-03-02T10:00:00.000Z' },
      distance: { metres: 42_500, at: '2026-03-02T10:00:00.000Z' },
    });
    expect(page.equipment[0].fuelUsed?.litres).toBeCloseTo(378.541, 3);
  });

  it('treats an empty list, an empty object and an empty XML fleet as an empty page', () => {
    expect(parseAempPage('{"Equipment":[]}').entries).toBe(0);
    expect(parseAempPage('{}').entries).toBe(0);
    expect(parseAempPage('[]').entries).toBe(0);
    expect(parseAempPage('<Fleet version="1.2"/>').entries).toBe(0);
  });

  it('throws bad-payload only for documents that are not a fleet at all', () => {
    for (const body of ['', 'hello', '{"error":"nope","message":"x"}', '<html><body>maintenance</body></html>', '{"Equipment":']) {
      expect(() => parseAempPage(body), body).toThrow(FleetError);
      try {
        parseAempPage(body);
      } catch (err) {
        expect((err as FleetError).kind).toBe('bad-payload');
      }
    }
  });

  it('refuses XML whose root is not a fleet, naming the root, at the root path', () => {
    const err = refusal(() => parseAempPage('<Invoice><Total>1</Total></Invoice>'));
    expect(err).toMatchObject({ kind: 'bad-payload', path: '$', message: "The fleet service's answer is not a fleet snapshot (its root element is <Invoice>)." });
  });

  it('refuses JSON with none of the fleet keys, in any case, and reads one with any of them', () => {
    expect(refusal(() => parseAempPage('{"invoice":1}')).message).toBe("The fleet service's answer is not a fleet snapshot.");
    expect(parseAempPage('{"equipment":[]}').entries).toBe(0);
    expect(parseAempPage('{"other":1,"Version":"2"}').version).toBe('2');
    expect(parseAempPage('{}').entries).toBe(0);
  });

  it('reads a fleet wrapped in {"Fleet": …} and a bare list of units', () => {
    expect(parseAempPage(JSON.stringify({ Fleet: { Equipment: [unitJson('W')] } })).equipment.map((e) => e.equipmentId)).toEqual(['W']);
    const bare = parseAempPage(JSON.stringify([unitJson('A'), unitJson('B')]));
    expect(bare.equipment.map((e) => e.equipmentId)).toEqual(['A', 'B']);
    expect(bare.version).toBeNull();
    expect(bare.links.next).toBeNull();
  });
});

describe('parseEquipment reads one unit, bare or in a fleet, with issue paths into it', () => {
  it('reads a bare equipment and takes the newest of repeated readings', () => {
    const { equipment, issues } = parseEquipment(fixture('v2-unit.json'));
    expect(issues).toEqual([]);
    expect(equipment?.equipmentId).toBe('CP-0005');
    expect(equipment?.fuelRemaining).toEqual({ percent: 70, at: '2026-03-02T10:00:00.000Z' });
  });

  it('reads a unit wrapped in a fleet, and an XML Equipment root', () => {
    expect(parseEquipment(fixture('v1-fleet.xml')).equipment?.equipmentId).toBe('BH-0010');
    const xml = '<Equipment xmlns="urn:x"><EquipmentHeader><SerialNumber>S1</SerialNumber></EquipmentHeader></Equipment>';
    expect(parseEquipment(xml).equipment?.serialNumber).toBe('S1');
  });

  it('answers null for a fleet without units', () => {
    expect(parseEquipment('{"Equipment":[]}').equipment).toBeNull();
  });

  it('reads a bare Equipment (JSON or an XML <Equipment> root, any case) and the first unit of a fleet', () => {
    expect(parseEquipment(JSON.stringify(unitJson('J'))).equipment?.equipmentId).toBe('J');
    expect(parseEquipment(`<equipment>${unitXml('X')}</equipment>`).equipment?.equipmentId).toBe('X');
    expect(parseEquipment(`<Fleet><Equipment>${unitXml('F1')}</Equipment><Equipment>${unitXml('F2')}</Equipment></Fleet>`).equipment?.equipmentId).toBe('F1');
    expect(parseEquipment(JSON.stringify({ Equipment: [unitJson('G1'), unitJson('G2')] })).equipment?.equipmentId).toBe('G1');
  });

  it('does not take an XML root merely ending or starting in "equipment" for a bare unit', () => {
    expect(refusal(() => parseEquipment(`<MyEquipment>${unitXml('X')}</MyEquipment>`)).message).toContain('<MyEquipment>');
    expect(refusal(() => parseEquipment(`<EquipmentList>${unitXml('X')}</EquipmentList>`)).message).toContain('<EquipmentList>');
  });

  it('has no unit for an empty fleet, and issues point into the first unit', () => {
    expect(parseEquipment('{"Equipment":[]}')).toEqual({ equipment: null, issues: [] });
    const bad = parseEquipment(JSON.stringify({ Equipment: [{ EquipmentHeader: { EquipmentID: 'E', Make: { nested: true } } }] }));
    expect(bad.issues.every((i) => i.path.startsWith('Equipment[0]'))).toBe(true);
  });

  it('point into a bare unit, a unit of a fleet, and an entry of a bare list', () => {
    expect(parseEquipment(JSON.stringify(unit)).issues).toEqual([{ path: 'Equipment.Location.Latitude', message: LAT_ISSUE }]);
    expect(parseEquipment(JSON.stringify({ Equipment: [unit] })).issues).toEqual([{ path: 'Equipment[0].Location.Latitude', message: LAT_ISSUE }]);
    expect(parseAempPage(JSON.stringify([unit])).issues).toEqual([{ path: '$[0].Location.Latitude', message: LAT_ISSUE }]);
  });
});

describe('parseHistoryPage reads one metric’s records and refuses another metric', () => {
  const loc = (t: string) => ({ datetime: t, Latitude: 40, Longitude: -111 });

  it('reads JSON under the metric name or "<metric>Messages", and a bare list', () => {
    expect(parseHistoryPage(JSON.stringify({ Location: [loc('2026-03-01T10:00:00Z')] }), 'Location').points).toHaveLength(1);
    expect(parseHistoryPage(JSON.stringify({ LocationMessages: [loc('2026-03-01T10:00:00Z')] }), 'Location').points).toHaveLength(1);
    expect(parseHistoryPage(JSON.stringify([loc('2026-03-01T10:00:00Z')]), 'Location').points).toHaveLength(1);
  });

  it('reads an XML page whose root is the record itself, or holds the records', () => {
    const one = '<Location datetime="2026-03-01T10:00:00Z"><Latitude>40</Latitude><Longitude>-111</Longitude></Location>';
    expect(parseHistoryPage(one, 'Location').points).toHaveLength(1);
    expect(parseHistoryPage(`<location datetime="2026-03-01T10:00:00Z"><Latitude>40</Latitude><Longitude>-111</Longitude></location>`, 'Location').points).toHaveLength(1);
    expect(parseHistoryPage(`<LocationMessages>${one}${one.replace('10:00', '10:01')}</LocationMessages>`, 'Location').points).toHaveLength(2);
  });

  it('refuses XML of another metric and JSON without the metric, naming what was expected', () => {
    expect(refusal(() => parseHistoryPage('<FuelRemainingMessages/>', 'Location')).message).toBe(
      "The fleet service's answer is not a Location history (its root element is <FuelRemainingMessages>).",
    );
    expect(refusal(() => parseHistoryPage('{"Other":[1]}', 'Location')).message).toBe("The fleet service's answer is not a Location history.");
    expect(parseHistoryPage('{}', 'Location').points).toEqual([]);
    expect(parseHistoryPage('{"Links":[]}', 'Location').points).toEqual([]);
  });

  it('skips a record without a readable time, saying so', () => {
    const page = parseHistoryPage(JSON.stringify({ Location: [{ Latitude: 40, Longitude: -111 }] }), 'Location');
    expect(page.points).toEqual([]);
    expect(page.issues.map((i) => i.message)).toContain('History record has no readable datetime; skipped.');
  });

  it('reads JSON location records, skipping unreadable ones with their paths', () => {
    const page = parseHistoryPage(fixture('v2-location-history.json'), 'Location');
    expect(page.entries).toBe(4);
    expect(page.points).toEqual([
      { at: '2026-03-01T00:15:00.000Z', value: null, lat: 40.2, lng: -111.6 },
      { at: '2026-03-01T00:00:00.000Z', value: null, lat: 40.1, lng: -111.5 },
    ]);
    expect(page.issues.map((i) => i.path)).toEqual(['Location[2].datetime', 'Location[2]', 'Location[3].Latitude']);
    expect(page.links.next).toContain('?page=2');
  });

  it('reads an XML …Messages root with prefixes, durations and nested Link elements', () => {
    const page = parseHistoryPage(fixture('v2-hours-history.xml'), 'CumulativeOperatingHours', 'application/xml');
    expect(page.points).toEqual([
      { at: '2026-03-01T00:00:00.000Z', value: 100 },
      { at: '2026-03-01T00:15:00.000Z', value: 100.25 },
    ]);
    expect(page.links.self).toContain('/CumulativeOperatingHours/');
    expect(page.links.next).toBeNull();
  });

  it('refuses a document of another metric', () => {
    expect(() => parseHistoryPage(fixture('v2-hours-history.xml'), 'Distance')).toThrow(/Distance history/);
    expect(() => parseHistoryPage('{"foo":1}', 'Distance')).toThrow(FleetError);
  });

  it('converts distance and fuel records', () => {
    const d = parseHistoryPage('{"Distance":[{"datetime":"2026-01-01T00:00:00Z","OdometerUnits":"km","Odometer":"2"}]}', 'Distance');
    expect(d.points[0].value).toBe(2000);
    const f = parseHistoryPage('{"FuelRemaining":{"datetime":"2026-01-01T00:00:00Z","Percent":"55"}}', 'FuelRemaining');
    expect(f.points[0].value).toBe(55);
  });

  it('reads an empty "<metric>Messages" page, or one holding only other elements, as no points', () => {
    expect(parseHistoryPage('<LocationMessages></LocationMessages>', 'Location')).toMatchObject({ points: [], issues: [] });
    expect(parseHistoryPage('<LocationMessages><Note>x</Note></LocationMessages>', 'Location')).toMatchObject({ points: [], issues: [] });
    expect(parseHistoryPage('<locationmessages></locationmessages>', 'Location').points).toEqual([]);
  });

  it('reads records of the metric under another root element', () => {
    expect(parseHistoryPage(`<History>${LOCATION}</History>`, 'Location').points).toEqual([{ at: '2026-03-01T10:00:00.000Z', value: null, lat: 40, lng: -111 }]);
  });
});
