import type { Asset } from '../../contract';

/**
 * A short text that changes when an asset changes in a way the dispatcher can see: a new
 * report moves `lastUpdate` (the newest `collectedOn`), and name, kind, serial, category,
 * the number of metrics and the value issues are compared as they are. Building it costs
 * far less than serialising the asset, so a refresh can find the few assets that changed
 * among 10,000. Not seen: a metric value replaced without any newer `collectedOn`.
 */
export function assetFingerprint(asset: Asset): string {
  const metricCount = asset.metrics ? Object.keys(asset.metrics).length : 0;
  let issues = '';
  for (const issue of asset.issues) issues += `${issue.path}\u0001${issue.message}\u0001`;
  return `${asset.type}\u0000${asset.name}\u0000${asset.serialNumber ?? '\u0002'}\u0000${asset.category ?? '\u0002'}\u0000${asset.lastUpdate ?? ''}\u0000${metricCount}\u0000${issues}`;
}

/** Fingerprints by asset id. */
export function fingerprintsOf(assets: readonly Asset[]): Map<string, string> {
  const prints = new Map<string, string>();
  for (const asset of assets) prints.set(asset.assetId, assetFingerprint(asset));
  return prints;
}
