import Papa from 'papaparse';
import type { AlertRecord } from '../../contract';
import { FORMULA_START } from '../store/export-csv';

export const ALERT_CSV_COLUMNS = ['time', 'asset', 'assetId', 'rule', 'value', 'message', 'cleared', 'acknowledged'] as const;

/**
 * The alert log as CSV, in the order given (newest first). Asset names, messages and values
 * come from service data: a text cell a spreadsheet would run as a formula (= + - @ tab CR
 * first, whatever follows, line breaks too) gets a leading apostrophe; numbers stay numbers.
 * Starts with a UTF-8 byte-order mark.
 */
export function alertsToCsv(alerts: readonly AlertRecord[]): string {
  const rows = alerts.map((a) => [a.raisedAt, a.assetName, a.assetId, a.rule, a.value, a.message, a.clearedAt ?? '', a.acknowledgedAt ?? '']);
  const csv = Papa.unparse({ fields: [...ALERT_CSV_COLUMNS], data: rows }, { escapeFormulae: FORMULA_START, newline: '\r\n' });
  return '\uFEFF' + csv;
}
