/**
 * State of the connection panel: the sign-in in progress and the last message, kept in
 * step with the main side's `auth:state` events. The profiles, the shell and the keychain
 * status are the session's (one copy, following `profiles:changed` and `status`). Never
 * holds a token beyond the call that sends a pasted one.
 */
import type { AppError, ConnectionTest, Profile, ProfileInput, ProfilesState, ShellKind, SignInState } from '@contract';
import { call, errorOf, bridge } from '../lib/bridge';
import { session } from './session.svelte';

export type Notice = { tone: 'ok' | 'error' | 'info'; text: string };

export class ConnectionState {
  signIn = $state.raw<SignInState>({ state: 'idle' });
  busy = $state(false);
  #notice = $state.raw<Notice | null>(null);
  /** The profile just saved: its notice is read from the profiles the main side announced, whenever they arrive. */
  #saved = $state.raw<{ id: string; name: string } | null>(null);

  /** The last message of the panel. */
  get notice(): Notice | null {
    if (this.#saved === null) return this.#notice;
    const saved = this.profile(this.#saved.id);
    const name = saved?.name ?? this.#saved.name;
    // Fleet Desk may have signed the profile out (its address changed): say why.
    return saved?.notice ? { tone: 'info', text: `Saved “${name}”. ${saved.notice}` } : { tone: 'ok', text: `Saved “${name}”.` };
  }
  set notice(next: Notice | null) {
    this.#saved = null;
    this.#notice = next;
  }

  get profiles(): ProfilesState | null {
    return session.profiles;
  }
  get loadError(): AppError | null {
    return session.profiles === null ? session.profilesError : null;
  }
  get shell(): ShellKind | null {
    return session.appInfo?.shell ?? null;
  }
  /** Why no keychain is used (sign-ins last for this run only), in the vault's words; null while it works. */
  get keychainProblem(): string | null {
    return session.status?.keychainProblem ?? null;
  }

  readonly active = $derived(this.profiles?.profiles.find((p) => p.id === this.profiles?.activeId) ?? null);

  /** Opens the authorize page in a tab (web shell: there is no system browser). */
  private readonly openTab: (url: string) => void;
  private readonly offs: (() => void)[] = [];

  constructor(options: { openTab?: (url: string) => void } = {}) {
    this.openTab = options.openTab ?? ((url) => void window.open(url, '_blank', 'noopener'));
  }

  /** Follows sign-ins (and asks for the profiles again if the first ask failed); returns the cleanup. */
  start(): () => void {
    this.offs.push(bridge().on('auth:state', (s) => this.onAuthState(s)));
    if (session.profiles === null) void session.loadProfiles();
    return () => this.stop();
  }

  stop(): void {
    for (const off of this.offs.splice(0)) off();
  }

  private openedUrl: string | null = null;

  private onAuthState(s: SignInState): void {
    this.signIn = s;
    // Once per sign-in: the web shell has no system browser, so the page opens a tab.
    if (s.state === 'waiting-for-browser' && s.authorizeUrl && s.authorizeUrl !== this.openedUrl && this.shell === 'web') {
      this.openedUrl = s.authorizeUrl;
      this.openTab(s.authorizeUrl);
    }
  }

  profile(id: string): Profile | null {
    return this.profiles?.profiles.find((p) => p.id === id) ?? null;
  }

  private async run<T>(work: () => Promise<T>): Promise<T | null> {
    this.busy = true;
    try {
      return await work();
    } catch (err) {
      this.notice = { tone: 'error', text: errorOf(err).message };
      return null;
    } finally {
      this.busy = false;
    }
  }

  async switchTo(id: string): Promise<void> {
    // The new list arrives as 'profiles:changed' (the session holds it).
    const done = await this.run(async () => {
      await call('profiles:switch', id);
      return true;
    });
    if (done) {
      this.notice = { tone: 'info', text: `Now using “${this.profile(id)?.name ?? id}”.` };
    }
  }

  /** Saves and answers the profile's id; on failure throws the AppError (the form shows it on the field). */
  async save(input: ProfileInput): Promise<string> {
    this.busy = true;
    try {
      // The new list arrives as 'profiles:changed'; the notice follows it.
      const id = await call('profiles:save', input);
      this.notice = null;
      this.#saved = { id, name: input.name.trim() };
      return id;
    } catch (err) {
      throw errorOf(err);
    } finally {
      this.busy = false;
    }
  }

  /** Tests a draft; `token` was typed for this test only (the main side never saves it). */
  async test(input: ProfileInput, token: string | null = null): Promise<ConnectionTest> {
    this.busy = true;
    try {
      return await (token ? call('profiles:test', input, token) : call('profiles:test', input));
    } catch (err) {
      const e = errorOf(err);
      return { ok: false, message: e.message };
    } finally {
      this.busy = false;
    }
  }

  async remove(id: string): Promise<void> {
    const name = this.profile(id)?.name ?? id;
    // The list without it arrives as 'profiles:changed'.
    const done = await this.run(async () => {
      await call('profiles:delete', id);
      return true;
    });
    if (done) {
      this.notice = { tone: 'info', text: `Deleted “${name}”.` };
    }
  }

  async startSignIn(id: string): Promise<void> {
    this.notice = null;
    // Shown at once; the main side's events fill in the authorize URL.
    // eslint-disable-next-line svelte/prefer-svelte-reactivity -- a one-off timestamp, not reactive state
    this.signIn = { state: 'waiting-for-browser', profileId: id, authorizeUrl: '', startedAt: new Date().toISOString() };
    try {
      const result = await call('auth:signIn', id);
      this.signIn = result;
      if (result.state === 'signed-in') {
        this.notice = { tone: 'ok', text: `Signed in to “${this.profile(id)?.name ?? id}”.` };
      } else if (result.state === 'failed') {
        this.notice = { tone: 'error', text: result.error.message };
      }
    } catch (err) {
      this.signIn = { state: 'idle' };
      this.notice = { tone: 'error', text: errorOf(err).message };
    }
  }

  async cancelSignIn(): Promise<void> {
    await this.run(() => call('auth:cancel'));
    this.signIn = { state: 'idle' };
  }

  /** Tests the token with the service; it is saved only when the test passed. */
  async pasteToken(id: string, token: string): Promise<ConnectionTest | null> {
    const result = await this.run(() => call('auth:pasteToken', id, token));
    if (result) {
      this.notice = { tone: result.ok ? 'ok' : 'error', text: result.ok ? `Token saved. ${result.message}` : `Token not saved: ${result.message}` };
    }
    return result;
  }

  async signOut(id: string, keepOfflineData: boolean): Promise<void> {
    const name = this.profile(id)?.name ?? id;
    const done = await this.run(async () => {
      await call('auth:signOut', id, keepOfflineData);
      return true;
    });
    if (done) {
      this.notice = { tone: 'info', text: keepOfflineData ? `Signed out of “${name}”; its offline data was kept.` : `Signed out of “${name}”; its offline data was deleted.` };
    }
  }
}
