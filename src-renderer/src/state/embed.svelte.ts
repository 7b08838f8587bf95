/**
 * The embed panel's brain: opens a session, knows when it ends, renews it with no user
 * action (timer, iframe message or `embed:expired`), and turns failures into the
 * specific message. The view (iframe or native Electron view) reads `session`.
 */
import type { AppError, EmbedRequest, EmbedSession } from '../../../src-main/contract';
import { call, errorOf, fleet } from '../lib/bridge';
import { msLeft, RENEW_MARGIN_MS } from '../lib/embed/session';
import { isoAt } from '../lib/format/time';

export const OFFLINE_EMBED_MESSAGE = 'Embedded maps need a connection to the service';

export class EmbedController {
  request = $state.raw<EmbedRequest | null>(null);
  session = $state.raw<EmbedSession | null>(null);
  error = $state.raw<AppError | null>(null);
  loading = $state(false);
  /** When the last automatic renewal happened (ISO), for "Session renewed at …". */
  renewedAt = $state<string | null>(null);

  readonly #now: () => number;
  readonly #isOffline: () => boolean;
  #timer: ReturnType<typeof setTimeout> | null = null;
  #offExpired: (() => void) | null = null;
  #generation = 0;

  constructor(opts: { now?: () => number; isOffline?: () => boolean } = {}) {
    this.#now = opts.now ?? Date.now;
    this.#isOffline = opts.isOffline ?? (() => false);
  }

  get isOpen(): boolean {
    return this.request !== null;
  }

  async open(request: EmbedRequest): Promise<void> {
    this.request = request;
    this.session = null;
    this.renewedAt = null;
    this.#listenForExpiry();
    await this.#load(false);
  }

  /** Fetches a fresh URL for the current request (session ended or view reported expiry). */
  async renew(): Promise<void> {
    if (!this.request) return;
    await this.#load(true);
  }

  close(): void {
    this.#generation++;
    this.#clearTimer();
    this.#offExpired?.();
    this.#offExpired = null;
    const wasElectronSession = this.session;
    this.request = null;
    this.session = null;
    this.error = null;
    this.loading = false;
    if (wasElectronSession) void call('embed:hide').catch(() => {});
  }

  /** The Electron shell reported that a session's view expired. */
  onExpired(sessionId: string): void {
    if (this.session?.id === sessionId) void this.renew();
  }

  async #load(isRenewal: boolean): Promise<void> {
    const request = this.request;
    if (!request) return;
    const generation = ++this.#generation;
    this.#clearTimer();
    if (this.#isOffline()) {
      this.error = { kind: 'offline', message: OFFLINE_EMBED_MESSAGE };
      this.session = null;
      return;
    }
    this.loading = true;
    try {
      const session = await call('embed:open', request);
      if (generation !== this.#generation) return; // closed or replaced meanwhile
      this.session = session;
      this.error = null;
      if (isRenewal) this.renewedAt = isoAt(this.#now());
      this.#schedule(session);
    } catch (err) {
      if (generation !== this.#generation) return;
      const error = errorOf(err);
      this.error = error.kind === 'network' || error.kind === 'offline' || error.kind === 'timeout' ? { ...error, message: `${OFFLINE_EMBED_MESSAGE}. ${error.message}` } : error;
      this.session = null;
    } finally {
      if (generation === this.#generation) this.loading = false;
    }
  }

  #schedule(session: EmbedSession): void {
    // Never loop hot on a URL that is already expired: wait at least 5 s.
    const wait = Math.max(5_000, msLeft(session, this.#now()) - RENEW_MARGIN_MS);
    this.#timer = setTimeout(() => void this.renew(), Math.min(wait, 2_147_000_000));
  }

  #clearTimer(): void {
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
  }

  #listenForExpiry(): void {
    if (this.#offExpired) return;
    try {
      this.#offExpired = fleet().on('embed:expired', ({ sessionId }) => this.onExpired(sessionId));
    } catch {
      this.#offExpired = null;
    }
  }
}
