/** Builds a marker popup as DOM nodes (never HTML strings, so names cannot inject markup). */
import type { Asset, Units } from '@contract';
import { formatAllMetrics } from '../format/metrics';
import { relativeTime } from '../format/time';

const POPUP_METRICS = ['ignition', 'in-motion', 'speed', 'heading', 'fuel', 'odometer'];

export function popupLines(asset: Asset, units: Units, now: number): { label: string; text: string; flag: string | null }[] {
  const lines = [{ label: 'Last update', text: relativeTime(asset.lastUpdate, now), flag: null as string | null }];
  for (const m of formatAllMetrics(asset.metrics, units, now, asset.issues)) {
    if (POPUP_METRICS.includes(m.key)) lines.push({ label: m.label, text: m.text, flag: m.flag });
  }
  return lines;
}

export function popupElement(asset: Asset, units: Units, now: number): HTMLElement {
  const root = document.createElement('div');
  root.className = 'fd-popup';
  const title = document.createElement('strong');
  title.textContent = asset.name || asset.assetId;
  root.append(title);
  const sub = document.createElement('div');
  sub.textContent = [asset.assetId, asset.category].filter(Boolean).join(' · ');
  sub.style.opacity = '0.7';
  root.append(sub);
  for (const line of popupLines(asset, units, now)) {
    const row = document.createElement('div');
    row.textContent = `${line.label}: ${line.text}${line.flag ? ` ⚑ ${line.flag}` : ''}`;
    root.append(row);
  }
  return root;
}
