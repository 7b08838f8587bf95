/**
 * What a map key asks for (shortcuts.ts MapCommand), worked out from the map centre and the
 * selection: a nearest look-up around a point or a machine, a measured line, or a sentence
 * saying what to select first.
 */
import type { AssetRow } from '@contract';
import type { MapCommand } from '../shortcuts';
import type { LatLng } from './geo';
import type { NearestPoint } from './nearest-point';

export type MapAction =
  | { kind: 'nearest'; at: NearestPoint }
  | { kind: 'measure'; from: LatLng; to: LatLng }
  | { kind: 'notice'; text: string };

type Positioned = AssetRow & { lat: number; lng: number };
const positioned = (rows: readonly AssetRow[]): Positioned[] => rows.filter((r): r is Positioned => r.lat !== null && r.lng !== null);

export function mapAction(command: MapCommand, centre: LatLng, selected: readonly AssetRow[], focused: AssetRow | null): MapAction {
  if (command === 'nearest-centre') return { kind: 'nearest', at: { ...centre, label: 'the map centre', excludeAssetId: null } };
  const withPosition = positioned(selected);
  // The focused machine first: it is the one the dispatcher looked at last.
  const first = focused && focused.lat !== null && focused.lng !== null ? (focused as Positioned) : (withPosition[0] ?? null);
  if (!first) return { kind: 'notice', text: 'Select a machine with a position first' };
  if (command === 'nearest-selected') return { kind: 'nearest', at: { lat: first.lat, lng: first.lng, label: first.name, excludeAssetId: first.assetId } };
  const second = withPosition.find((r) => r.assetId !== first.assetId);
  if (withPosition.length === 2 && second) return { kind: 'measure', from: { lat: first.lat, lng: first.lng }, to: { lat: second.lat, lng: second.lng } };
  return { kind: 'measure', from: { lat: first.lat, lng: first.lng }, to: centre };
}
