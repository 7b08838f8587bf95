/**
 * Asset lists that cost far more to read than their bytes suggest: assets whose metrics
 * object holds many entries a reader must reject one by one (`"m17":true`, not an entry
 * object). Built by repeating one asset's text, so a test can make tens of MB quickly.
 * No vitest import: the measurement script uses it too.
 */
import { assetJson } from './hostile-service';

/** One asset with `metrics` invalid metric entries (about 12 bytes each). */
export function floodedAssetJson(id: number, metrics: number): string {
  const entries: string[] = [];
  for (let m = 0; m < metrics; m++) entries.push(`"m${m}":true`);
  return `{"assetId":"thing:${id}","type":"thing","name":"Flood ${id}","metrics":{${entries.join(',')}}}`;
}

/** A list of `assets` assets of `metrics` invalid entries each (all the same but their ids). */
export function metricFloodList(assets: number, metrics: number): string {
  const template = floodedAssetJson(0, metrics);
  const [head, tail] = template.split('"thing:0"');
  const parts: string[] = [];
  for (let i = 1; i <= assets; i++) parts.push(`${head}"thing:${i}"${tail}`);
  return `[${parts.join(',')}]`;
}

/** A small good list (realistic assets), the last good data before the flood. */
export function goodList(count: number): string {
  return `[${Array.from({ length: count }, (_, i) => assetJson(i + 1)).join(',')}]`;
}
