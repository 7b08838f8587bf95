import { describe, expect, it } from 'vitest';
import { mapAction } from '../../../../../src-renderer/src/lib/nearest/map-commands';
import { selectionOfHits } from '../../../../../src-renderer/src/lib/nearest/select-hits';
import { siteCentre } from '../../../../../src-renderer/src/lib/nearest/site-centre';
import { mapCommandFor } from '../../../../../src-renderer/src/lib/shortcuts';
import { metric, row } from '../../fixtures';

const CENTRE = { lat: 40.6, lng: -111.9 };
const at = (id: number, lat: number, lng: number) => row(id, {}, { gps: metric({ lat, lng }) });
const press = (key: string, shiftKey = false) => mapCommandFor({ key, shiftKey, ctrlKey: false, metaKey: false, altKey: false });

describe('map keys', () => {
  it('N, Shift+N and D are the map\'s commands; other keys and chords are not', () => {
    expect(press('n')).toBe('nearest-centre');
    expect(press('N', true)).toBe('nearest-selected');
    expect(press('d')).toBe('measure-selected');
    expect(press('x')).toBeNull();
    expect(mapCommandFor({ key: 'n', shiftKey: false, ctrlKey: true, metaKey: false, altKey: false })).toBeNull();
  });

  it('asks for the nearest machines to the map centre', () => {
    expect(mapAction('nearest-centre', CENTRE, [], null)).toEqual({ kind: 'nearest', at: { ...CENTRE, label: 'the map centre', excludeAssetId: null } });
  });

  it('asks around the focused machine, leaving it out of the answer', () => {
    const a = at(1, 40.5, -111.8);
    expect(a.lat).toBe(40.5);
    expect(mapAction('nearest-selected', CENTRE, [a], a)).toEqual({ kind: 'nearest', at: { lat: 40.5, lng: -111.8, label: 'Truck 1', excludeAssetId: 'thing:1' } });
  });

  it('says what to select when no selected machine has a position', () => {
    const nowhere = row(3);
    expect(mapAction('nearest-selected', CENTRE, [nowhere], nowhere)).toEqual({ kind: 'notice', text: 'Select a machine with a position first' });
    expect(mapAction('measure-selected', CENTRE, [], null).kind).toBe('notice');
  });

  it('measures between two selected machines, or from one to the map centre', () => {
    const a = at(1, 40.5, -111.8);
    const b = at(2, 40.7, -111.7);
    expect(mapAction('measure-selected', CENTRE, [a, b], a)).toEqual({ kind: 'measure', from: { lat: 40.5, lng: -111.8 }, to: { lat: 40.7, lng: -111.7 } });
    expect(mapAction('measure-selected', CENTRE, [a], a)).toEqual({ kind: 'measure', from: { lat: 40.5, lng: -111.8 }, to: CENTRE });
  });
});

describe('selecting an answer', () => {
  it('selects every machine of it, the nearest focused', () => {
    const s = selectionOfHits([{ assetId: 'thing:4' }, { assetId: 'thing:2' }]);
    expect([...s.selected]).toEqual(['thing:4', 'thing:2']);
    expect(s.focused).toBe('thing:4');
    expect(selectionOfHits([]).focused).toBeNull();
  });
});

describe('the point around a site', () => {
  it('is a circle\'s centre or the middle of a polygon\'s outline box', () => {
    expect(siteCentre({ type: 'circle', center: [-111.9, 40.6], radiusM: 200 })).toEqual({ lng: -111.9, lat: 40.6 });
    expect(siteCentre({ type: 'polygon', rings: [[[-112, 40], [-111, 40], [-111, 41], [-112, 40]]] })).toEqual({ lng: -111.5, lat: 40.5 });
  });
});
