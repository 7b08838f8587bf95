/**
 * What the main side says about the session: app info, sync status, settings and the
 * connection profiles (branches). Subscribed to the bridge once; every view reads it
 * here instead of asking again. Data from the main side is held in `$state.raw` and
 * replaced, never mutated.
 */
import { DEFAULT_SETTINGS } from '@contract';
import type { AppError, AppInfo, ProfilesState, Settings, SyncStatus } from '@contract';
import { call, errorOf, bridge } from '../lib/bridge';
import { parseTime } from '../lib/format/time';
import { clock } from './clock.svelte';
import { appEvents } from './events';

export class SessionStore {
  appInfo = $state.raw<AppInfo | null>(null);
  status = $state.raw<SyncStatus | null>(null);
  settings = $state.raw<Settings>(DEFAULT_SETTINGS);
  /** Connection profiles (branches) and which is active; null until the main side answers. */
  profiles = $state.raw<ProfilesState | null>(null);
  /** Why the profiles could not be loaded (shown by the connection panel); null once they arrive. */
  profilesError = $state.raw<AppError | null>(null);
  /** The first answers arrived (or failed). */
  loaded = $state(false);
  /** Web shell: the page must be reloaded to open the active profile's maps (its policy predates them). */
  reloadNeeded = $state(false);
  /** Reloads the page (a field so tests can watch it; jsdom cannot navigate). */
  reloadPage: () => void = () => window.location.reload();

  /** The active branch's name, or null before the profiles are known. */
  readonly branchName: string | null = $derived(this.profiles?.profiles.find((p) => p.id === this.profiles?.activeId)?.name ?? null);

  #offs: (() => void)[] = [];
  /** Status events received so far: an answer to status:get asked before the last one is older than it. */
  #statusEvents = 0;
  /** Settings events received so far: tells whether a save's announcement has arrived. */
  #settingsEvents = 0;

  /**
   * Listens (once) and loads app info, settings and status. Resolves with the first
   * failure, if any, for the caller to show; what did load is kept.
   */
  async init(): Promise<AppError | null> {
    if (this.#offs.length === 0) {
      const events = bridge();
      this.#offs.push(
        events.on('status', (s) => {
          this.#statusEvents++;
          this.setStatus(s);
        }),
        events.on('settings', (s) => {
          this.#settingsEvents++;
          this.settings = s;
        }),
        events.on('profiles:changed', (p) => this.#profilesChanged(p)),
        events.on('menu:command', ({ command }) => appEvents.emit('command', command)),
        events.on('page:reload-needed', ({ needed }) => (this.reloadNeeded = needed)),
      );
    }
    const eventsBefore = this.#statusEvents;
    const [info, settings, status] = await Promise.allSettled([call('app:info'), call('settings:get'), call('status:get')]);
    if (info.status === 'fulfilled') this.appInfo = info.value;
    if (settings.status === 'fulfilled') this.settings = settings.value;
    // A status event that came while the answer was on its way is newer than the answer.
    if (status.status === 'fulfilled' && this.#statusEvents === eventsBefore) this.setStatus(status.value);
    this.loaded = true;
    void this.loadProfiles();
    const failed = [info, settings, status].find((r) => r.status === 'rejected');
    return failed && failed.status === 'rejected' ? errorOf(failed.reason) : null;
  }

  /** Stops listening and forgets everything (the store is a singleton the app re-inits). */
  dispose(): void {
    for (const off of this.#offs.splice(0)) off();
    this.appInfo = null;
    this.status = null;
    this.settings = DEFAULT_SETTINGS;
    this.profiles = null;
    this.profilesError = null;
    this.loaded = false;
    this.reloadNeeded = false;
  }

  setStatus(status: SyncStatus): void {
    this.status = status;
    // Read the time now, not at the next tick, so "Synced … · just now" never reads "in 11 s".
    clock.dataArrived(parseTime(status.lastSyncAt));
  }

  /**
   * Saves a change of settings; a refusal is thrown to the caller (the dialog shows it).
   * The call answers nothing: the settings after it arrive as the 'settings' event, the one
   * copy every page follows. Resolves once the page holds them, so a view that shows its
   * click until the save is done never flips back: Electron delivers the event before the
   * answer, but the web shell's event socket may bring it later, and then the settings are
   * read (an announcement that comes while they are read is newer and wins).
   */
  async saveSettings(patch: Partial<Settings>): Promise<void> {
    const before = this.#settingsEvents;
    await call('settings:set', patch);
    if (this.#settingsEvents !== before) return;
    try {
      const saved = await call('settings:get');
      if (this.#settingsEvents === before) this.settings = saved;
    } catch {
      // Saved all the same; the announcement brings the settings when it comes.
    }
  }

  #profilesLoading: Promise<void> | null = null;

  /** Asks for the profiles (later changes arrive as 'profiles:changed'); joins an ask under way. */
  loadProfiles(): Promise<void> {
    this.#profilesLoading ??= this.#askProfiles().finally(() => (this.#profilesLoading = null));
    return this.#profilesLoading;
  }

  async #askProfiles(): Promise<void> {
    try {
      const state = await call('profiles:list');
      this.profiles ??= state; // an announcement that came first is newer
      this.profilesError = null;
    } catch (err) {
      // Without the list the header just does not name the branch; the connection panel says why.
      if (this.profiles === null) this.profilesError = errorOf(err);
    }
  }

  /** A switch (or an edit) of profiles: the branch name and what depends on the profile (demo) follow. */
  async #profilesChanged(next: ProfilesState): Promise<void> {
    const known = this.profiles !== null;
    const switched = this.profiles?.activeId !== next.activeId;
    const wasSignedIn = this.profiles?.profiles.find((p) => p.id === next.activeId)?.signedIn ?? false;
    this.profiles = next;
    this.profilesError = null;
    if (!switched) {
      if (known && !wasSignedIn && next.profiles.find((p) => p.id === next.activeId)?.signedIn) appEvents.emit('signed-in', { profileId: next.activeId });
      return;
    }
    if (known) appEvents.emit('profile-switched', { profileId: next.activeId });
    try {
      this.appInfo = await call('app:info');
    } catch {
      // Keep the last one; the next switch asks again.
    }
  }
}

export const session = new SessionStore();
