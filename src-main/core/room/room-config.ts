/**
 * Room settings from the environment, for the built-in profiles (which have no form to
 * type them in): FLEET_ROOM_URL, FLEET_ROOM_NAME and FLEET_ROOM_CA_FILE, checked by the
 * same schema as the profile form's. Such a room signs in without a secret.
 */
import type { RoomSettings } from '../../contract';
import { readRoomSettings } from '../../contract';
import { FleetError } from '../errors';

export function roomFromEnv(env: Record<string, string | undefined>): RoomSettings | null {
  const url = env.FLEET_ROOM_URL?.trim();
  if (!url) return null;
  const read = readRoomSettings({ url, name: env.FLEET_ROOM_NAME?.trim() ?? '', auth: 'none', caFile: env.FLEET_ROOM_CA_FILE?.trim() ?? '' });
  if ('problem' in read) throw new FleetError('invalid-argument', `FLEET_ROOM_URL / FLEET_ROOM_NAME: ${read.problem}`);
  return read.room;
}
