/**
 * What the asset repository reads the profile's saved list from: the part of the offline
 * store it needs. Declared apart from both, so the store's port (ports.ts) and the
 * repository each depend on it and not on each other.
 */
import type { AssetRowSnapshot, AssetSnapshot } from '../../contract';

/** The saved list's rows, and the revision of the list they belong to (it grows with every write). */
export interface StoredAssetRows {
  snapshot: AssetRowSnapshot;
  revision: number;
}

export interface SavedAssetList {
  /** The last saved list (source set to 'cache'), or null. Read by the asset repository only (a parse of the whole stored list). */
  loadAssetSnapshot(): AssetSnapshot | null;
  /**
   * The last saved list as its rows (a tenth of the full records' size), for a cold start; null
   * when there is no list or its rows cannot be used (then read the full list). Read by the
   * asset repository only. Absent in stores that keep no rows.
   */
  loadAssetRows?(): StoredAssetRows | null;
  /** The revision of the list the last `loadAssetSnapshot()` returned (null before one did). */
  loadedRevision?(): number | null;
}
