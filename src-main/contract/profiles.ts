/** Profiles (branches), their connection test and the sign-in states. */

import type { AppError } from './errors';
import type { ProfileInput, RoomSettings, SpeedUnit } from './schemas';

export interface Profile extends Omit<ProfileInput, 'clientSecret' | 'id' | 'embedOrigins' | 'speedUnit' | 'room' | 'roomSecret'> {
  id: string;
  /** The unit the service sends speeds in ('unstated' unless the profile says). */
  speedUnit: SpeedUnit;
  builtIn: boolean;
  hasClientSecret: boolean;
  signedIn: boolean;
  embedOrigins: string[];
  /** The branch's dispatch room (absent: none). Its secret stays in the keychain: only whether one is kept is said. */
  room?: RoomSettings;
  hasRoomSecret?: boolean;
  /** What Fleet Desk did to this profile on its own and why (signed it out: its address changed); gone after the next sign-in. */
  notice?: string;
}

export interface ProfilesState {
  profiles: Profile[];
  activeId: string;
}

export interface ConnectionTest {
  ok: boolean;
  message: string;
  assetCount?: number;
}

export type SignInState =
  | { state: 'idle' }
  | { state: 'waiting-for-browser'; profileId: string; authorizeUrl: string; startedAt: string }
  | { state: 'exchanging'; profileId: string }
  | { state: 'signed-in'; profileId: string }
  | { state: 'failed'; profileId: string; error: AppError };
