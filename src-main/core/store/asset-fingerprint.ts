import { hash } from 'node:crypto';
import type { Asset } from '../../contract';

/**
 * A short text that changes when an asset changes in a way the dispatcher can see: every
 * metric's name and `collectedOn` (a new report of any metric, even one older than the
 * newest, changes it), name, kind, serial, category and the value issues. Building it
 * costs far less than serialising the asset, so a refresh can find the few assets that
 * changed among 10,000. Not seen: a metric value replaced without a new `collectedOn`.
 *
 * Kept as the SHA-256 of that text (44 characters), not the text: one is held per asset
 * of the list (and by the list reader), and the text, built piece by piece, takes many
 * times the digest's heap per asset (figures: docs/performance.md).
 */
export function assetFingerprint(asset: Asset): string {
  let metrics = '';
  if (asset.metrics) for (const name in asset.metrics) metrics += `${name}\u0001${asset.metrics[name].meta.collectedOn}\u0001`;
  let issues = '';
  for (const issue of asset.issues) issues += `${issue.path}\u0001${issue.message}\u0001`;
  const text = `${asset.type}\u0000${asset.name}\u0000${asset.serialNumber ?? '\u0002'}\u0000${asset.category ?? '\u0002'}\u0000${asset.metrics ? metrics : '\u0002'}\u0000${issues}`;
  return hash('sha256', text, 'base64');
}

const computed = new WeakMap<readonly Asset[], Map<string, string>>();

/**
 * Fingerprints by asset id, computed once per list: the offline store and the change
 * announcement of the same refresh share them. Asset lists are never changed after the
 * normalizer builds them, so keying by the array stays true.
 */
export function fingerprintsOf(assets: readonly Asset[]): Map<string, string> {
  let prints = computed.get(assets);
  if (!prints) {
    prints = new Map<string, string>();
    for (const asset of assets) prints.set(asset.assetId, assetFingerprint(asset));
    computed.set(assets, prints);
  }
  return prints;
}

/**
 * Records fingerprints already known for a list (the list reader computes them only for
 * the assets it parsed and carries the others over), so nothing computes them again.
 */
export function rememberFingerprints(assets: readonly Asset[], prints: Map<string, string>): void {
  computed.set(assets, prints);
}
