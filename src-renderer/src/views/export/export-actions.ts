/** The asset CSV export, shared by the list's Export button and the export dialog. */
import { call } from '../../lib/bridge';
import { deliverExport, exportDoneText } from '../../lib/export/deliver';
import { countOf } from '../../lib/format/numbers';
import { assets } from '../../state/assets.svelte';
import { ui } from '../../state/ui.svelte';

/** The confirmation after the asset CSV was downloaded (web) or saved (Electron). */
export function assetsCsvMessage(how: 'downloaded' | 'saved', where: string, count: number): string {
  return exportDoneText(how, where, countOf(count, 'asset'));
}

/** Exports the listed assets, in list order; a failure is shown and nothing shown is lost. */
export async function exportListedCsv(): Promise<void> {
  try {
    const result = await call('export:assetsCsv', assets.visibleIds);
    const message = deliverExport(result, (how, where) => assetsCsvMessage(how, where, result.count));
    if (message) ui.notify(message);
  } catch (err) {
    ui.fail(err);
  }
}
