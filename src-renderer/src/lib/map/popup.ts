/** Builds a marker popup as DOM nodes (never HTML strings, so names cannot inject markup). */
import { DEFAULT_SPEED_UNIT, POPUP_READINGS, readingAt, readingValue, type AssetRow, type Metric, type SpeedUnit, type Units } from '@contract';
import { formatAllMetrics } from '../format/metrics';
import { isoAt, relativeTime } from '../format/time';

const POPUP_METRICS: readonly string[] = POPUP_READINGS;

/** The row's reading of a popup metric as the details pane would see it: value and (when known) collected time. */
function reading(asset: AssetRow, key: string): { value: unknown; at: number | null } | null {
  if (asset.odd && key in asset.odd) return { value: asset.odd[key], at: readingAt(asset, key) };
  const value = readingValue(asset, key);
  return value === null ? null : { value, at: readingAt(asset, key) };
}

/** The popup's metrics of a row, in the shape the details pane formats (one rule for text and flags). */
function popupMetrics(asset: AssetRow): Record<string, Metric> {
  const metrics: Record<string, Metric> = {};
  for (const key of POPUP_METRICS) {
    const r = reading(asset, key);
    if (r) metrics[key] = { value: r.value, meta: { collectedOn: r.at === null ? '' : isoAt(r.at), source: '', other: {} } };
  }
  return metrics;
}

export function popupLines(asset: AssetRow, units: Units, now: number, speedUnit: SpeedUnit = DEFAULT_SPEED_UNIT): { label: string; text: string; flag: string | null }[] {
  const lines = [{ label: 'Last update', text: relativeTime(asset.updatedAt === null ? null : isoAt(asset.updatedAt), now), flag: null as string | null }];
  for (const m of formatAllMetrics(popupMetrics(asset), units, now, asset.issues, speedUnit)) {
    if (POPUP_METRICS.includes(m.key)) lines.push({ label: m.label, text: m.text, flag: m.flag });
  }
  return lines;
}

export function popupElement(asset: AssetRow, units: Units, now: number, speedUnit: SpeedUnit = DEFAULT_SPEED_UNIT): HTMLElement {
  const root = document.createElement('div');
  root.className = 'fd-popup';
  const title = document.createElement('strong');
  title.textContent = asset.name || asset.assetId;
  root.append(title);
  const sub = document.createElement('div');
  sub.textContent = [asset.assetId, asset.category].filter(Boolean).join(' · ');
  sub.style.opacity = '0.7';
  root.append(sub);
  for (const line of popupLines(asset, units, now, speedUnit)) {
    const row = document.createElement('div');
    row.textContent = `${line.label}: ${line.text}${line.flag ? ` ⚑ ${line.flag}` : ''}`;
    root.append(row);
  }
  return root;
}
