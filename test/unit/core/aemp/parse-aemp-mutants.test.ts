/** Issue paths a dispatcher reads, and XML history roots (mutation survivors of parse-aemp.ts). */
import { describe, expect, it } from 'vitest';
import { parseAempPage, parseEquipment, parseHistoryPage } from '../../../../src-main/core/aemp/parse-aemp';

const LAT_ISSUE = 'Latitude is missing or not a number between -90 and 90; location skipped.';
const unit = { EquipmentHeader: { EquipmentID: 'E' }, Location: { datetime: '2026-03-01T10:00:00Z', Latitude: 'north', Longitude: 5 } };
const LOCATION = '<Location datetime="2026-03-01T10:00:00Z"><Latitude>40</Latitude><Longitude>-111</Longitude></Location>';

describe('issue paths', () => {
  it('point into a bare unit, a unit of a fleet, and an entry of a bare list', () => {
    expect(parseEquipment(JSON.stringify(unit)).issues).toEqual([{ path: 'Equipment.Location.Latitude', message: LAT_ISSUE }]);
    expect(parseEquipment(JSON.stringify({ Equipment: [unit] })).issues).toEqual([{ path: 'Equipment[0].Location.Latitude', message: LAT_ISSUE }]);
    expect(parseAempPage(JSON.stringify([unit])).issues).toEqual([{ path: '$[0].Location.Latitude', message: LAT_ISSUE }]);
  });
});

describe('XML history roots', () => {
  it('reads an empty "<metric>Messages" page, or one holding only other elements, as no points', () => {
    expect(parseHistoryPage('<LocationMessages></LocationMessages>', 'Location')).toMatchObject({ points: [], issues: [] });
    expect(parseHistoryPage('<LocationMessages><Note>x</Note></LocationMessages>', 'Location')).toMatchObject({ points: [], issues: [] });
    expect(parseHistoryPage('<locationmessages></locationmessages>', 'Location').points).toEqual([]);
  });

  it('reads records of the metric under another root element', () => {
    expect(parseHistoryPage(`<History>${LOCATION}</History>`, 'Location').points).toEqual([{ at: '2026-03-01T10:00:00.000Z', value: null, lat: 40, lng: -111 }]);
  });
});
