/**
 * The map popup is built from the row the renderer holds; it must read exactly as it did
 * from the full record: the details pane's formatting of the popup's six metrics, flags
 * (wrong type, out of range, issues) included.
 */
import { describe, expect, it } from 'vitest';
import type { Asset, Units } from '@contract';
import { assetRow } from '../../../../../src-main/core/assets/asset-row';
import { formatAllMetrics } from '../../../../../src-renderer/src/lib/format/metrics';
import { relativeTime } from '../../../../../src-renderer/src/lib/format/time';
import { popupElement, popupLines } from '../../../../../src-renderer/src/lib/map/popup';
import { asset, metric, NOW } from '../../fixtures';

const POPUP = ['ignition', 'in-motion', 'speed', 'heading', 'fuel', 'odometer'];

/** The popup as it was computed from the full record (the reference). */
function fromFullRecord(a: Asset, units: Units, now: number) {
  const lines = [{ label: 'Last update', text: relativeTime(a.lastUpdate, now), flag: null as string | null }];
  for (const m of formatAllMetrics(a.metrics, units, now, a.issues)) if (POPUP.includes(m.key)) lines.push({ label: m.label, text: m.text, flag: m.flag });
  return lines;
}

const CASES: [string, Asset][] = [
  ['no metrics', asset(1, {}, null)],
  ['empty metrics', asset(2, {}, {})],
  [
    'every popup metric, well typed',
    asset(3, {}, { ignition: metric(true), 'in-motion': metric(false), speed: metric(0), heading: metric(-90), fuel: metric(62.4), odometer: metric(123_456_789), gps: metric({ lat: 1, lng: 2 }) }),
  ],
  [
    'wrong types, each flagged',
    asset(4, {}, { ignition: metric('on'), 'in-motion': metric(null), speed: metric({ kmh: 3 }), heading: metric([90]), fuel: metric('62'), odometer: metric(true) }),
  ],
  [
    'out of range with issues',
    asset(5, { issues: [{ metric: 'fuel', path: '$[0].metrics.fuel.value', message: 'fuel 140 % is outside 0–100 %' }, { metric: 'odometer', path: '$[0].metrics.odometer.value', message: 'negative' }] }, { fuel: metric(140), odometer: metric(-5) }),
  ],
  ['a long object value', asset(6, {}, { speed: metric({ text: 'x'.repeat(400) }) })],
  ['old readings and a stale asset', asset(7, {}, { fuel: metric(10, '2026-01-01T00:00:00Z'), ignition: metric(false, '2026-11-22T06:00:00Z') })],
];

describe('popupLines from a row', () => {
  for (const [name, a] of CASES) {
    for (const units of ['metric', 'imperial'] as const) {
      it(`reads as from the full record: ${name} (${units})`, () => {
        expect(popupLines(assetRow(a), units, NOW)).toEqual(fromFullRecord(a, units, NOW));
      });
    }
  }

  it("names speed in the dispatcher's units when the profile states the service's unit, as the details pane does", () => {
    const a = asset(9, {}, { speed: metric(100) });
    const speedOf = (lines: { label: string; text: string }[]) => lines.find((l) => l.label === formatAllMetrics(a.metrics, 'metric', NOW).find((m) => m.key === 'speed')?.label)?.text;
    const popup = speedOf(popupLines(assetRow(a), 'imperial', NOW, 'km/h'));
    const details = formatAllMetrics(a.metrics, 'imperial', NOW, a.issues, 'km/h').find((m) => m.key === 'speed')?.text;
    expect(popup).toBe(details);
    expect(popup).toContain('mph');
    expect(speedOf(popupLines(assetRow(a), 'imperial', NOW))).not.toContain('mph');
  });

  it('keeps hostile names and categories as text', () => {
    const a = assetRow(asset(8, { name: '<img src=x onerror=alert(1)>', category: '<b>bold</b>' }, { fuel: metric(5) }));
    const el = popupElement(a, 'metric', NOW);
    expect(el.querySelector('img, b')).toBeNull();
    expect(el.textContent).toContain('<img src=x onerror=alert(1)>');
    expect(el.textContent).toContain('thing:8 · <b>bold</b>');
  });
});
