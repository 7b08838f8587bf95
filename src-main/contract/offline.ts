/** What the offline store gives back: trails and exports. */

export interface TrailPoint {
  lat: number;
  lng: number;
  collectedOn: string;
}

export interface ExportResult {
  /** Where it was written (Electron) or the suggested file name (web download). */
  fileName: string;
  /** Web shell only: the file contents to offer as a download. */
  content?: string;
  mimeType: string;
  count: number;
  cancelled?: boolean;
}
