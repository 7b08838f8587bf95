/** Names and confirmations of what the Utilization view exports and prints. */
import * as v from 'valibot';
import { PdfNameSchema, type UtilizationRange } from '@contract';
import { exportDoneText } from '../export/deliver';
import { countOf } from '../format/numbers';

/** "utilization 2026-11-21 to 2026-11-27.pdf", a name the contract's PdfNameSchema accepts. */
export function pdfName(range: UtilizationRange): string {
  const name = range.from === range.to ? `utilization ${range.from}.pdf` : `utilization ${range.from} to ${range.to}.pdf`;
  return v.is(PdfNameSchema, name) ? name : 'utilization.pdf';
}

/** "Downloaded hours of 12 machines as utilization.csv" / "Saved … to /home/d/…". */
export function csvDoneText(how: 'downloaded' | 'saved', where: string, machines: number): string {
  return exportDoneText(how, where, `hours of ${countOf(machines, 'machine')}`);
}

/** "Saved the report to /home/d/utilization.pdf". */
export function pdfDoneText(where: string): string {
  return `Saved the report to ${where}`;
}
