/**
 * Hands an export to the user the same way for every kind: the web shell returns the
 * file's text and the page offers it as a download; Electron has already written it
 * where the user chose (or the user cancelled the save dialog).
 */
import { MAX_HOURS_BACK, type ExportResult } from '@contract';
import { downloadText } from './download';

/**
 * Offers the file when the result carries it. Returns the confirmation to show, built by
 * `describe` from how the file was delivered, or null when the user cancelled.
 */
export function deliverExport(result: ExportResult, describe: (how: 'downloaded' | 'saved', where: string) => string): string | null {
  if (result.cancelled) return null;
  if (result.content !== undefined) {
    downloadText(result.fileName, result.content, result.mimeType);
    return describe('downloaded', result.fileName);
  }
  return describe('saved', result.fileName);
}

/** The confirmation of an export: "Downloaded 12 assets as fleet.csv" / "Saved 12 assets to /home/d/fleet.csv". */
export function exportDoneText(how: 'downloaded' | 'saved', where: string, what: string): string {
  return how === 'downloaded' ? `Downloaded ${what} as ${where}` : `Saved ${what} to ${where}`;
}

/** Spans offered for the positions export, in hours (up to the contract's MAX_HOURS_BACK, 90 days). */
export const POSITION_SPANS: readonly { hours: number; label: string }[] = [
  { hours: 1, label: '1 hour' },
  { hours: 6, label: '6 hours' },
  { hours: 24, label: '24 hours' },
  { hours: 72, label: '3 days' },
  { hours: 168, label: '7 days' },
  { hours: 720, label: '30 days' },
  { hours: MAX_HOURS_BACK, label: '90 days' },
];

export function spanLabel(hours: number): string {
  return POSITION_SPANS.find((s) => s.hours === hours)?.label ?? `${hours} hours`;
}
