/**
 * The alert channels: the active profile's rules, its alert log (read and acknowledged
 * offline: it lives in the store) and the log as CSV, saved or downloaded like the other
 * exports.
 */
import { format } from 'date-fns';
import type { ExportResult } from '../../contract';
import type { AlertService } from '../alerts/alert-service';
import { alertsToCsv } from '../alerts/alerts-csv';
import { FleetError } from '../errors';
import type { CoreContext, HandlerGroup } from '../ports';

export type AlertChannels = 'alerts:rules' | 'alerts:setRules' | 'alerts:list' | 'alerts:acknowledge' | 'alerts:acknowledgeWithNote' | 'export:alertsCsv';

export function createAlertHandlers(ctx: CoreContext, alerts: AlertService, options: { now?: () => Date } = {}): HandlerGroup<AlertChannels> {
  const now = options.now ?? (() => new Date());
  return {
    'alerts:rules': async () => alerts.rules(),
    'alerts:setRules': async (rules) => alerts.setRules(rules),
    'alerts:list': async (query) => alerts.list(query),
    // The counts after it go out as 'alerts:counts' (from the alert service); the call answers nothing.
    'alerts:acknowledge': async (ids) => {
      alerts.acknowledge(ids);
    },
    'alerts:acknowledgeWithNote': async ({ id, note }) => {
      alerts.acknowledge([id], note === '' ? null : note);
    },
    'export:alertsCsv': async (query) => {
      const records = alerts.all(query);
      if (records.length === 0) throw new FleetError('not-found', 'There are no alerts to export with this filter.');
      const fileName = `fleet-alerts-${format(now(), 'yyyyMMdd-HHmm')}.csv`;
      const content = alertsToCsv(records);
      const saveFile = ctx.platform.saveFile;
      if (!saveFile) return { fileName, content, mimeType: 'text/csv', count: records.length } satisfies ExportResult;
      let path: string | null;
      try {
        path = await saveFile.call(ctx.platform, fileName, content, 'text/csv');
      } catch (err) {
        if (err instanceof FleetError) throw err;
        throw new FleetError('storage', `Could not save ${fileName}: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
      }
      return path === null ? { fileName, mimeType: 'text/csv', count: records.length, cancelled: true } : { fileName: path, mimeType: 'text/csv', count: records.length };
    },
  };
}
