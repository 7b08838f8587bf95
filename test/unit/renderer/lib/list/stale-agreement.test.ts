/**
 * One stale rule everywhere: the same assets, fed to the list's filter (the plain scan and
 * the ListView), its "Updated" column, the selection summary, the map markers and the
 * no-report alert, are stale for all of them or for none. The rows sit on the boundary:
 * a report exactly at the threshold, one just inside it and one just past it, a fresh
 * one, and an asset that never reported.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type Asset, type Metric } from '../../../../../src-main/contract';
import { assetRow } from '../../../../../src-main/core/assets/asset-row';
import { evaluateAlerts } from '../../../../../src-main/core/alerts/evaluate';
import { everyAsset } from '../../../../../src-main/core/alerts/rules-schema';
import { staleCheck } from '../../../../../src-main/core/alerts/stale';
import { indexAssets, STALE_FILTER, type ListQuery } from '../../../../../src-renderer/src/lib/list/assetIndex';
import { cellOf } from '../../../../../src-renderer/src/lib/list/columns';
import { ListView } from '../../../../../src-renderer/src/lib/list/listView';
import { summarizeSelection } from '../../../../../src-renderer/src/lib/list/summary';
import { markerState } from '../../../../../src-renderer/src/lib/map/markers';

const NOW = Date.parse('2026-03-10T13:00:00.000Z');
const AFTER_MIN = 60;
const LIMIT = AFTER_MIN * 60_000;

function asset(n: number, reportedAt: number | null): Asset {
  const at = reportedAt === null ? null : new Date(reportedAt).toISOString();
  const metrics: Record<string, Metric> | null = at === null ? null : { ignition: { value: false, meta: { collectedOn: at, source: 'test', other: {} } } };
  return { assetId: `thing:${n}`, type: 'thing', name: `Unit ${n}`, category: 'dump truck', serialNumber: 'SN', embedUrl: null, metrics, lastUpdate: at, issues: [] };
}

const ASSETS = [asset(1, NOW - LIMIT), asset(2, NOW - LIMIT + 1), asset(3, NOW - LIMIT - 1), asset(4, NOW - 60_000), asset(5, null)];
const ALL = ASSETS.map((a) => a.assetId);
const EXPECTED_STALE = ['thing:1', 'thing:3', 'thing:5'];

const query: ListQuery = { ...DEFAULT_SETTINGS.list, filters: [STALE_FILTER], search: '' };
const ids = (rows: readonly { asset: { assetId: string } }[]) => rows.map((r) => r.asset.assetId).sort();

describe('the stale rule, one for the list, the summary, the markers and the alert', () => {
  const rows = ASSETS.map(assetRow);
  const index = indexAssets(rows);

  it('the list filter lists the stale assets and counts them', () => {
    const result = new ListView(index).apply(query, NOW, AFTER_MIN);
    expect(ids(result.rows)).toEqual(EXPECTED_STALE);
    expect(result.counts.get(STALE_FILTER)).toBe(EXPECTED_STALE.length);
  });

  it('the "Updated" column marks the same ones', () => {
    const ctx = { now: NOW, units: 'metric' as const, staleAfterMin: AFTER_MIN, speedUnit: 'unstated' as const };
    expect(ids(index.filter((row) => cellOf('lastUpdate', row, ctx).stale))).toEqual(EXPECTED_STALE);
  });

  it('the selection summary counts the same ones', () => {
    const staleAlone = index.filter((row) => summarizeSelection(index, new Set([row.asset.assetId]), NOW, AFTER_MIN).stale === 1);
    expect(ids(staleAlone)).toEqual(EXPECTED_STALE);
    expect(summarizeSelection(index, new Set(ALL), NOW, AFTER_MIN).stale).toBe(EXPECTED_STALE.length);
  });

  it('the map draws the same ones as stale', () => {
    expect(rows.filter((row) => markerState(row, NOW, AFTER_MIN) === 'stale').map((row) => row.assetId).sort()).toEqual(EXPECTED_STALE);
  });

  it('the no-report alert raises for the same ones', () => {
    const checks = [staleCheck({ enabled: true, afterMin: AFTER_MIN, scope: everyAsset() }, NOW)];
    const { raise } = evaluateAlerts({ checks, assets: ASSETS, previous: null, open: new Map(), now: NOW });
    expect(raise.map((g) => g.shown.assetId).sort()).toEqual(EXPECTED_STALE);
  });
});
