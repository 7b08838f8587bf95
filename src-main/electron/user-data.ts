/**
 * `FLEET_USER_DATA`: a data folder chosen from outside (end-to-end tests, trials), so a
 * run never touches the dispatcher's real profiles, tokens list and offline data.
 */
import { isAbsolute, normalize } from 'node:path';
import { FleetError } from '../core/errors';

/**
 * The folder named by FLEET_USER_DATA, or null when it is unset or empty. Only an
 * absolute path is taken: a relative one would depend on where the app was started.
 */
export function userDataOverride(env: Record<string, string | undefined>): string | null {
  const value = env.FLEET_USER_DATA;
  if (value === undefined || value === '') return null;
  if (!isAbsolute(value) || value.includes('\0')) {
    throw new FleetError(
      'invalid-argument',
      `FLEET_USER_DATA must be an absolute folder path, not "${value}". Fleet Desk did not start, so that it would not use the wrong data folder.`,
    );
  }
  return normalize(value);
}
