/**
 * A demo service started in the Playwright process, for tests that must stop it, know
 * its tokens or flip its switches, plus the env that points a web shell at it.
 */
import { startDemoService, type DemoOptions, type DemoService } from '../../../src-main/demo';

export type { DemoService } from '../../../src-main/demo';

export async function startExternalDemo(options: DemoOptions = {}): Promise<DemoService> {
  return startDemoService(options);
}

/** FLEET_* variables that make the web shell start on an "From environment" profile for `demo`. */
export function envFor(demo: DemoService, token: string | null, name = 'Demo (external)'): Record<string, string> {
  const env: Record<string, string> = {
    FLEET_PROFILE_NAME: name,
    FLEET_BASE_URL: demo.baseUrl,
    FLEET_AEMP_URL: demo.aempUrl,
    FLEET_AUTHORIZE_URL: demo.authorizeUrl,
    FLEET_TOKEN_URL: demo.tokenUrl,
    FLEET_CLIENT_ID: demo.clientId,
    FLEET_SCOPES: 'assets:read fleet:read',
  };
  if (token) env.FLEET_TOKEN = token;
  return env;
}

/** FLEET_DEMO_* variables for the web shell's built-in demo service (same seed: same fleet and alert scenario). */
export function builtInDemoEnv(options: { seed?: number; assetCount?: number } = {}): Record<string, string> {
  const env: Record<string, string> = {};
  if (options.seed !== undefined) env.FLEET_DEMO_SEED = String(options.seed);
  if (options.assetCount !== undefined) env.FLEET_DEMO_ASSETS = String(options.assetCount);
  return env;
}
