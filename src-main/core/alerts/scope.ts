import type { AlertScope, Asset } from '../../contract';

/**
 * Which assets a rule watches. Empty lists mean every asset; categories match exactly
 * but for case; when both categories and assets are chosen, an asset must match both.
 */
export class AssetScope {
  private readonly categories: ReadonlySet<string> | null;
  private readonly ids: ReadonlySet<string> | null;

  constructor(scope: AlertScope) {
    this.categories = scope.categories.length > 0 ? new Set(scope.categories.map((c) => c.toLowerCase())) : null;
    this.ids = scope.assetIds.length > 0 ? new Set(scope.assetIds) : null;
  }

  get everyAsset(): boolean {
    return this.categories === null && this.ids === null;
  }

  includes(asset: Asset): boolean {
    if (this.ids && !this.ids.has(asset.assetId)) return false;
    if (this.categories) {
      const category = asset.category;
      if (typeof category !== 'string' || !this.categories.has(category.toLowerCase())) return false;
    }
    return true;
  }
}

export const EVERY_ASSET = new AssetScope({ categories: [], assetIds: [], selectionName: null });
