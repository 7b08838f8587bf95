/**
 * Lookups of the shown rows carried over a small change instead of rebuilt from 10,000
 * rows: a change that keeps every id in its place (the usual refresh) leaves the id
 * lookup with only the changed rows to replace, and the name tags as they were when no
 * changed row has another name, category or serial number. Each gives what a rebuild
 * gives (the tests compare them).
 */
import type { AssetRow } from '@contract';
import { assetsById } from './assetIndex';
import { nameTags, type NameTag } from './disambiguate';

/** Whether both lists hold the same ids at the same places. */
function sameIdsInPlace(before: readonly AssetRow[], after: readonly AssetRow[]): boolean {
  if (before.length !== after.length) return false;
  for (let i = 0; i < after.length; i++) if (before[i] !== after[i] && before[i].assetId !== after[i].assetId) return false;
  return true;
}

/** The id lookup of `after`, from that of `before` when the ids stayed in place. */
export function byIdAfter(before: readonly AssetRow[], byId: ReadonlyMap<string, AssetRow>, after: readonly AssetRow[]): Map<string, AssetRow> {
  // Listed ids all distinct (one per lookup entry) and in place: each changed row replaces its own entry.
  if (byId.size !== after.length || !sameIdsInPlace(before, after)) return assetsById(after);
  const next = new Map(byId);
  for (let i = 0; i < after.length; i++) if (before[i] !== after[i]) next.set(after[i].assetId, after[i]);
  return next;
}

/** The name tags of `after`, the same map as `before`'s when no row changed what tags are made of. */
export function nameTagsAfter(before: readonly AssetRow[], tags: Map<string, NameTag>, after: readonly AssetRow[]): Map<string, NameTag> {
  if (!sameIdsInPlace(before, after)) return nameTags(after);
  for (let i = 0; i < after.length; i++) {
    const a = before[i];
    const b = after[i];
    if (a !== b && (a.name !== b.name || a.category !== b.category || a.serialNumber !== b.serialNumber)) return nameTags(after);
  }
  return tags;
}
