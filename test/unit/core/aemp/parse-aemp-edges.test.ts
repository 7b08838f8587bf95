/** Reading fleet pages, units and histories at their edges (mutation survivors of parse-fleet.ts). */
import { describe, expect, it } from 'vitest';
import { FleetError } from '../../../../src-main/core/errors';
import { parseAempPage, parseHistoryPage, parseEquipment } from '../../../../src-main/core/aemp/parse-aemp';

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

describe('parseAempPage', () => {
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

describe('parseEquipment', () => {
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
});

describe('parseHistoryPage', () => {
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
});
