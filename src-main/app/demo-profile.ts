/** The built-in demo profile's addresses: those of the running demo service, or none. */
import type { BuiltInUrls } from '../core/auth';
import type { SiteInput } from '../contract';
import type { DemoService } from '../demo';
import { demoSites } from '../demo/demo-sites';

export const DEMO_PROFILE_NAME = 'Demo service (built in)';
const DEMO_SCOPES = 'assets:read fleet:read';
/** The demo service's simulated fleet reports speeds in km/h, so its profile can say so. */
const DEMO_SPEED_UNIT = 'km/h';

/** While the demo service is not running its profile has no address (nothing to connect to, nothing for the CSP). */
export const NOT_RUNNING: BuiltInUrls = { baseUrl: '', aempUrl: '', authorizeUrl: '', tokenUrl: '', clientId: '', scopes: DEMO_SCOPES, speedUnit: DEMO_SPEED_UNIT };

export function demoProfileUrls(service: DemoService): BuiltInUrls {
  return {
    baseUrl: service.baseUrl,
    aempUrl: service.aempUrl,
    authorizeUrl: service.authorizeUrl,
    tokenUrl: service.tokenUrl,
    clientId: service.clientId,
    scopes: DEMO_SCOPES,
    speedUnit: DEMO_SPEED_UNIT,
  };
}

/** The sites the demo profile starts with, from the running demo's geography. */
export function demoProfileSites(service: DemoService): SiteInput[] {
  return demoSites(service.places);
}
