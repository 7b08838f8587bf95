import type { CoreContext, HandlerGroup } from '../ports';
import type { SiteService } from '../sites/site-service';
import { deliverFile } from './deliver-file';

type SiteCalls = 'sites:get' | 'sites:save' | 'sites:delete' | 'sites:import' | 'sites:export' | 'sites:fromPlace';

export interface SiteHandlerOptions {
  now?: () => Date;
}

/**
 * The active branch's sites: kept in its offline store, edited, imported and exported.
 * Arguments arrive checked by the IPC table (core/ipc/validate-args.ts); the geometry is
 * checked by the service. The sites and presence after a change arrive as 'sites:changed'.
 */
export function createSiteHandlers(ctx: CoreContext, sites: SiteService, options: SiteHandlerOptions = {}): HandlerGroup<SiteCalls> {
  const now = options.now ?? (() => new Date());
  return {
    'sites:get': async () => sites.state(),
    'sites:save': async (input) => sites.save(input),
    'sites:delete': async (siteId) => sites.remove(siteId),
    'sites:import': async (text) => sites.importGeoJson(text),
    'sites:export': async () => {
      const { content, count } = sites.exportGeoJson();
      return deliverFile(ctx.platform, now(), { baseName: 'fleet-sites', extension: 'geojson', content, mimeType: 'application/geo+json', count });
    },
    'sites:fromPlace': async (place) => sites.fromPlace(place),
  };
}
