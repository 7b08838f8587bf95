/**
 * The map popup's metrics. The list of popup metrics is a top-level constant; it is read
 * from a freshly loaded module, so a change to that list is seen by the test.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { assetRow } from '../../../../../src-main/core/assets/asset-row';
import { popupLines as sharedPopupLines } from '../../../../../src-renderer/src/lib/map/popup';
import { asset, metric, NOW } from '../../fixtures';

describe('popupLines shows the six popup metrics, from a freshly loaded module', () => {
  beforeEach(() => {
    vi.resetModules();
  });

  it('checks a copy of its own, not the one every other module shares', async () => {
    expect((await import('../../../../../src-renderer/src/lib/map/popup')).popupLines).not.toBe(sharedPopupLines);
  });

  it('shows each of the six popup metrics, in the details order, and nothing else', async () => {
    const { popupLines } = await import('../../../../../src-renderer/src/lib/map/popup');
    const a = asset(3, {}, { ignition: metric(true), 'in-motion': metric(false), speed: metric(0), heading: metric(-90), fuel: metric(62.4), odometer: metric(123_456_789), gps: metric({ lat: 1, lng: 2 }), 'engine-hours': metric(12) });
    const labels = popupLines(assetRow(a), 'metric', NOW).map((l) => l.label);
    expect(labels[0]).toBe('Last update');
    expect(labels).toHaveLength(7);
    expect(labels.slice(1).map((l) => l.toLowerCase())).toEqual(expect.arrayContaining([expect.stringContaining('ignition'), expect.stringContaining('motion'), expect.stringContaining('speed'), expect.stringContaining('heading'), expect.stringContaining('fuel'), expect.stringContaining('odometer')]));
  });
});
