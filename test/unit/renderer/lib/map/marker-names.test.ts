/**
 * Map markers a keyboard reaches are named for what they are and what Enter does:
 * a cluster bubble says how many assets it holds, a single asset is named by its
 * title alone (its drawn mark is decoration).
 */
import { describe, expect, it } from 'vitest';
import { computeAccessibleName } from 'dom-accessibility-api';
import { clusterElement, pointElement } from '../../../../../src-renderer/src/lib/map/marker-elements';

/** The marker as Leaflet wraps an icon with `keyboard: true`: a focusable button around our node. */
function asLeafletButton(inner: HTMLElement, title?: string): HTMLElement {
  const wrapper = document.createElement('div');
  wrapper.setAttribute('role', 'button');
  wrapper.tabIndex = 0;
  if (title) wrapper.title = title;
  wrapper.append(inner);
  document.body.append(wrapper);
  return wrapper;
}

describe('map marker names', () => {
  it('a cluster is named "12 assets, press Enter to zoom in", with the whole count behind a short label', () => {
    expect(clusterElement(12, 30).getAttribute('role')).toBe('img'); // a label on a plain div is not allowed
    expect(computeAccessibleName(asLeafletButton(clusterElement(12, 30)))).toBe('12 assets, press Enter to zoom in');
    const big = clusterElement(1234, 40);
    expect(big.textContent).toBe('1.2k');
    expect(computeAccessibleName(asLeafletButton(big))).toBe('1,234 assets, press Enter to zoom in');
  });

  it('an asset marker is named by its title, not by the "!" drawn on a flagged asset', () => {
    const marker = asLeafletButton(pointElement('thing:1', 'issue', null, false), 'Truck 1 — Data issue');
    expect(marker.textContent).toBe('!');
    expect(computeAccessibleName(marker)).toBe('Truck 1 — Data issue');
  });
});
