/** The alert log as a CSV file: asked of the main side, handed over, and said in words. */
import type { AlertQuery } from '@contract';
import { call } from '../../lib/bridge';
import { deliverExport, exportDoneText } from '../../lib/export/deliver';
import { countOf } from '../../lib/format/numbers';
import { ui } from '../ui.svelte';

/** Exports the alerts of `query`; a failure is thrown to the caller, which keeps its list. */
export async function exportAlertsCsv(query: AlertQuery): Promise<void> {
  const result = await call('export:alertsCsv', query);
  const message = deliverExport(result, (how, where) => exportDoneText(how, where, countOf(result.count, 'alert')));
  if (message) ui.notify(message);
}
