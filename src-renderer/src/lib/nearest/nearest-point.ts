/** Where a nearest look-up starts: a point on the map, a machine (left out of its own answer) or a site. */
export interface NearestPoint {
  lat: number;
  lng: number;
  /** "this point", "the map centre", "Excavator 12", "North yard". */
  label: string;
  /** The machine the look-up is around, left out of the answer. */
  excludeAssetId: string | null;
}
