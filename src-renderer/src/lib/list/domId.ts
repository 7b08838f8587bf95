/** A DOM id for an asset row that is valid for any asset id (ids contain ':'). */
export function rowDomId(assetId: string): string {
  return `asset-row-${assetId.replace(/[^A-Za-z0-9_-]/g, (c) => `_${c.charCodeAt(0).toString(16)}`)}`;
}
