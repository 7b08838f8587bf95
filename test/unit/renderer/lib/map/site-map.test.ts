/**
 * Sites on a real Leaflet map (in jsdom): outlines styled by kind with a label of name and
 * count built as text, hidden on request, opening the site's page on click; a Geoman
 * drawing becomes a contract shape for the form; Ctrl+Z on the map is the undo key.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import L from 'leaflet';
import * as v from 'valibot';
import { SiteShapeSchema, type SiteShape } from '../../../../../src-main/contract';
import { attachSiteMap, isSiteUndoKey, type SiteMap } from '../../../../../src-renderer/src/lib/map/site-map';
import { shapeOfLayer } from '../../../../../src-renderer/src/lib/map/site-drawing';
import { RESTRICTED_DASH } from '../../../../../src-renderer/src/lib/sites/site-style';
import { site } from '../../views/sites/sites-fixtures';

const HOSTILE = '<img src=x onerror=alert(1)>';

beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 800 });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 });
});

let map: L.Map;
let sites: SiteMap;
let opened: string[];
let drawn: SiteShape[];

beforeEach(() => {
  const node = document.createElement('div');
  document.body.append(node);
  map = L.map(node).setView([40.5, -111.5], 8);
  opened = [];
  drawn = [];
  sites = attachSiteMap(map, { open: (id) => opened.push(id), drawn: (shape) => drawn.push(shape), padding: () => ({}) });
});
afterEach(() => {
  sites.remove();
  map.remove();
  document.body.replaceChildren();
});

const yard = site('s-0000000a', { name: HOSTILE, kind: 'yard' });
const keepOut = site('s-0000000b', { name: 'Blast zone', kind: 'restricted', shape: { type: 'circle', center: [-111.2, 40.2], radiusM: 500 } });

describe('site outlines', () => {
  it('labels each outline with its name and count as text, never as HTML', () => {
    sites.draw([yard], { [yard.id]: 3 }, true, null, null);
    const label = document.querySelector('.fd-site-label')!;
    expect(label.textContent).toBe(`${HOSTILE} · 3 machines`);
    expect(label.querySelector('img')).toBeNull();
  });

  it('follows the count without drawing the outline anew', () => {
    sites.draw([yard], { [yard.id]: 3 }, true, null, null);
    const before = document.querySelector('path.fd-site');
    sites.draw([yard], { [yard.id]: 1 }, true, null, null);
    expect(document.querySelector('.fd-site-label')!.textContent).toBe(`${HOSTILE} · 1 machine`);
    expect(document.querySelector('path.fd-site')).toBe(before);
  });

  it('dashes a restricted area and draws it as a circle', () => {
    sites.draw([yard, keepOut], {}, true, null, null);
    const restricted = document.querySelector('path.fd-site-restricted')!;
    expect(restricted.getAttribute('stroke-dasharray')).toBe(RESTRICTED_DASH);
    expect(document.querySelector('path.fd-site-yard')!.getAttribute('stroke-dasharray')).toBeNull();
  });

  it('hides every outline when outlines are off, and brings them back', () => {
    sites.draw([yard, keepOut], {}, true, null, null);
    expect(document.querySelectorAll('path.fd-site')).toHaveLength(2);
    sites.draw([yard, keepOut], {}, false, null, null);
    expect(document.querySelectorAll('path.fd-site')).toHaveLength(0);
    sites.draw([yard, keepOut], {}, true, null, null);
    expect(document.querySelectorAll('path.fd-site')).toHaveLength(2);
  });

  it('removes the outline of a deleted site', () => {
    sites.draw([yard, keepOut], {}, true, null, null);
    sites.draw([keepOut], {}, true, null, null);
    expect(document.querySelectorAll('path.fd-site')).toHaveLength(1);
  });

  it('hides the label of an outline too small on screen to hold it, and shows it once zoomed in', () => {
    const small = site('s-0000000c', { name: 'Pit', kind: 'job', shape: { type: 'circle', center: [-111.5, 40.5], radiusM: 50 } });
    map.setView([40.5, -111.5], 8);
    sites.draw([small], {}, true, null, null);
    const label = () => document.querySelector<HTMLElement>('.fd-site-label')!;
    expect(label().hidden).toBe(true);
    map.setView([40.5, -111.5], 17);
    expect(label().hidden).toBe(false);
  });

  it('stacks a site inside a larger one on top of it, so both stay clickable', () => {
    const inner = site('s-0000000d', { name: 'Wash bay', kind: 'job', shape: { type: 'circle', center: [-111.5, 40.5], radiusM: 100 } });
    sites.draw([inner], {}, true, null, null);
    sites.draw([inner, yard], {}, true, null, null);
    const order = [...document.querySelectorAll('path.fd-site')].map((p) => [...p.classList].find((c) => c.startsWith('fd-site-id-')));
    expect(order).toEqual([`fd-site-id-${yard.id}`, `fd-site-id-${inner.id}`]);
  });

  it('opens the site’s page when its outline is clicked', () => {
    sites.draw([yard], {}, true, null, null);
    document.querySelector('path.fd-site')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(opened).toEqual([yard.id]);
  });
});

describe('drawing', () => {
  it('turns a drawn rectangle into a closed polygon the contract accepts', () => {
    const rect = L.rectangle([
      [40, -112],
      [41, -111],
    ]);
    map.fire('pm:create', { layer: rect.addTo(map), shape: 'Rectangle' });
    expect(drawn).toHaveLength(1);
    expect(v.safeParse(SiteShapeSchema, drawn[0]).success).toBe(true);
    expect(drawn[0].type === 'polygon' && drawn[0].rings[0]).toHaveLength(5);
    // The drawing itself leaves the map: the preview stands for it until saved or cancelled.
    expect(map.hasLayer(rect)).toBe(false);
  });

  it('turns a drawn circle into a circle of the same centre and radius', () => {
    expect(shapeOfLayer(L.circle([40.5, -111.5], { radius: 250 }))).toEqual({ type: 'circle', center: [-111.5, 40.5], radiusM: 250 });
  });

  it('shows the shape waiting for the form, and takes it away', () => {
    const count = () => document.querySelectorAll('.leaflet-overlay-pane path').length;
    const before = count();
    sites.showPreview(keepOut.shape);
    expect(count()).toBe(before + 1);
    sites.showPreview(null);
    expect(count()).toBe(before);
  });

  it('makes a circle around the map centre and a rectangle of the view without a pointer', () => {
    sites.control.circleAtCentre(300);
    sites.control.rectangleOfView();
    expect(drawn[0]).toEqual({ type: 'circle', center: [expect.closeTo(-111.5, 5), expect.closeTo(40.5, 5)], radiusM: 300 });
    expect(drawn[1].type).toBe('polygon');
    expect(v.safeParse(SiteShapeSchema, drawn[1]).success).toBe(true);
  });

  it('gives the edited outline back as a shape and ends editing', () => {
    sites.control.editShape(yard);
    const shape = sites.control.finishEdit();
    expect(shape).toEqual(yard.shape);
    expect(sites.control.finishEdit()).toBeNull();
  });
});

describe('the map’s undo key', () => {
  const press = (patch: Partial<KeyboardEvent>) => isSiteUndoKey({ key: 'z', ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, target: null, ...patch });
  it('is Ctrl+Z or Cmd+Z', () => {
    expect(press({ ctrlKey: true })).toBe(true);
    expect(press({ metaKey: true })).toBe(true);
    expect(press({})).toBe(false);
    expect(press({ ctrlKey: true, shiftKey: true })).toBe(false);
  });
  it('is left to a text field being typed in', () => {
    const input = document.createElement('input');
    expect(press({ ctrlKey: true, target: input })).toBe(false);
  });
});
