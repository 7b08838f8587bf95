/**
 * The embed panel's brain: opens a session, knows when it ends, renews it with no user
 * action (timer, iframe message or `embed:expired`), and turns failures into the
 * specific message. The view (iframe or native Electron view) reads `session`.
 *
 * Automatic renewals are at least MIN_RENEW_GAP_MS apart, and stop with a message after
 * MAX_USELESS_RENEWALS in a row gave a session that was expired on arrival or reported
 * ended at once (an expired link, a wrong clock or a page that keeps saying "expired"
 * would otherwise ask the service in a hot loop). The buttons renew at once.
 */
import type { AppError, EmbedRequest, EmbedSession } from '@contract';
import { call, errorOf, bridge } from '../lib/bridge';
import {
  MAX_USELESS_RENEWALS,
  msLeft,
  RENEW_MARGIN_MS,
  renewalDelay,
  renewalStoppedText,
  uselessReason,
  type ReceivedSession,
} from '../lib/embed/session';
import { isoAt } from '../lib/format/time';
import { offerAfterRefusal, offerFor, type SplitOffer } from '../lib/embed/split';
import { embedRequestProblem } from '../lib/embed/request-check';
import { appEvents } from './events';

export const OFFLINE_EMBED_MESSAGE = 'Embedded maps need a connection to the service';

export class EmbedController {
  request = $state.raw<EmbedRequest | null>(null);
  session = $state.raw<EmbedSession | null>(null);
  error = $state.raw<AppError | null>(null);
  loading = $state(false);
  /** When the last automatic renewal happened (ISO), for "Session renewed at …". */
  renewedAt = $state<string | null>(null);
  /** A selection too large for one map: the choice offered instead of asking the service. */
  offer = $state.raw<SplitOffer | null>(null);
  /** Maps of a split selection, shown one at a time. */
  split = $state.raw<{ parts: string[][]; index: number } | null>(null);

  readonly #now: () => number;
  readonly #isOffline: () => boolean;
  #timer: ReturnType<typeof setTimeout> | null = null;
  #offExpired: (() => void) | null = null;
  /** Set while a map or an offer is shown: a switch of branch closes it. */
  #offBranch: (() => void) | null = null;
  #generation = 0;
  /** When embed:open was last asked (any cause), for the gap between automatic renewals. */
  #lastAskAt: number | null = null;
  #received: ReceivedSession | null = null;
  #uselessInARow = 0;
  /** An automatic renewal of the current session is already scheduled or under way. */
  #renewing = false;

  constructor(opts: { now?: () => number; isOffline?: () => boolean } = {}) {
    this.#now = opts.now ?? Date.now;
    this.#isOffline = opts.isOffline ?? (() => false);
  }

  /** False for a request the main side would refuse as it is: asking again cannot help. */
  get canRetry(): boolean {
    return this.error?.kind !== 'invalid-argument';
  }

  get isOpen(): boolean {
    return this.request !== null || this.offer !== null;
  }

  /**
   * Opens a map. A selection past what one map can show is not sent (the service would
   * refuse it): the panel offers to split it into several maps or to open the branch map.
   */
  async open(request: EmbedRequest): Promise<void> {
    this.split = null;
    if (request.kind === 'subset') {
      const offer = offerFor(request.assetIds);
      if (offer) {
        this.#showOffer(offer);
        return;
      }
    }
    await this.#openRequest(request);
  }

  /** Accepts the offer: the first of the maps, with Previous/Next for the others. */
  async openSplit(): Promise<void> {
    const offer = this.offer;
    if (!offer) return;
    this.split = { parts: offer.parts, index: 0 };
    this.offer = null;
    await this.#openRequest({ kind: 'subset', assetIds: offer.parts[0] });
  }

  async showPart(index: number): Promise<void> {
    const split = this.split;
    if (!split || index < 0 || index >= split.parts.length || index === split.index) return;
    this.split = { parts: split.parts, index };
    await this.#openRequest({ kind: 'subset', assetIds: split.parts[index] });
  }

  /** Declines the offer for the map of the whole branch. */
  async openBranchInstead(): Promise<void> {
    this.split = null;
    this.offer = null;
    await this.#openRequest({ kind: 'branch' });
  }

  #showOffer(offer: SplitOffer): void {
    this.#stopSession();
    this.#closeOnBranchSwitch();
    this.split = null;
    this.offer = offer;
  }

  async #openRequest(request: EmbedRequest): Promise<void> {
    this.offer = null;
    this.request = request;
    this.session = null;
    this.renewedAt = null;
    this.#uselessInARow = 0;
    this.#listenForExpiry();
    this.#closeOnBranchSwitch();
    await this.#load(false);
  }

  /** Fetches a fresh URL for the current request at once (Reload / Try again). */
  async renew(): Promise<void> {
    if (!this.request) return;
    this.#uselessInARow = 0;
    await this.#load(true);
  }

  close(): void {
    this.#offBranch?.();
    this.#offBranch = null;
    this.#stopSession();
    this.offer = null;
    this.split = null;
  }

  #stopSession(): void {
    this.#generation++;
    this.#clearTimer();
    this.#offExpired?.();
    this.#offExpired = null;
    const wasElectronSession = this.session;
    this.request = null;
    this.session = null;
    this.error = null;
    this.loading = false;
    this.#renewing = false;
    if (wasElectronSession) void call('embed:hide').catch(() => {});
  }

  /** The Electron view or the embed page reported that a session ended. */
  onExpired(sessionId: string): void {
    if (this.session?.id === sessionId) this.#autoRenew(true);
  }

  /** Renews the current session without user action, at a bounded rate. */
  #autoRenew(reportedEnded: boolean): void {
    const session = this.session;
    if (!this.request || !session || !this.#received || this.#renewing) return;
    const now = this.#now();
    const useless = uselessReason(this.#received, reportedEnded, now);
    this.#uselessInARow = useless ? this.#uselessInARow + 1 : 0;
    if (useless && this.#uselessInARow > MAX_USELESS_RENEWALS) {
      this.#stop(renewalStoppedText(useless, session.url, this.#uselessInARow));
      return;
    }
    this.#renewing = true;
    this.#clearTimer();
    const wait = renewalDelay(this.#lastAskAt, now);
    if (wait === 0) void this.#load(true);
    else this.#timer = setTimeout(() => void this.#load(true), wait);
  }

  #stop(message: string): void {
    this.#generation++;
    this.#clearTimer();
    this.#renewing = false;
    this.session = null;
    this.loading = false;
    this.error = { kind: 'bad-payload', message };
    void call('embed:hide').catch(() => {});
  }

  async #load(isRenewal: boolean): Promise<void> {
    const request = this.request;
    if (!request) return;
    const generation = ++this.#generation;
    this.#clearTimer();
    const problem = embedRequestProblem(request);
    if (problem) {
      this.error = { kind: 'invalid-argument', message: problem };
      this.session = null;
      return;
    }
    if (this.#isOffline()) {
      this.error = { kind: 'offline', message: OFFLINE_EMBED_MESSAGE };
      this.session = null;
      return;
    }
    this.loading = true;
    this.#lastAskAt = this.#now();
    try {
      const session = await call('embed:open', request);
      if (generation !== this.#generation) return; // closed or replaced meanwhile
      const now = this.#now();
      this.#received = { at: now, leftMs: msLeft(session, now) };
      this.#renewing = false;
      this.session = session;
      this.error = null;
      if (isRenewal) this.renewedAt = isoAt(this.#now());
      this.#schedule(session);
    } catch (err) {
      if (generation !== this.#generation) return;
      const error = errorOf(err);
      // The service refused a map of several assets as too long (its limit is below ours):
      // offer smaller maps of the whole selection instead of a Try again that cannot work.
      if (error.kind === 'bad-request' && request.kind === 'subset' && request.assetIds.length > 1) {
        const all = this.split ? this.split.parts.flat() : request.assetIds;
        const offer = offerAfterRefusal(all, request.assetIds.length);
        if (offer) {
          this.#showOffer(offer);
          return;
        }
      }
      this.error = error.kind === 'network' || error.kind === 'offline' || error.kind === 'timeout' ? { ...error, message: `${OFFLINE_EMBED_MESSAGE}. ${error.message}` } : error;
      this.session = null;
      this.#renewing = false;
    } finally {
      if (generation === this.#generation) this.loading = false;
    }
  }

  #schedule(session: EmbedSession): void {
    const wait = Math.max(0, msLeft(session, this.#now()) - RENEW_MARGIN_MS);
    this.#timer = setTimeout(() => this.#autoRenew(false), Math.min(wait, 2_147_000_000));
  }

  #clearTimer(): void {
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
  }

  /** A map session, an offer or an error is one branch's; another branch shows none of them. */
  #closeOnBranchSwitch(): void {
    this.#offBranch ??= appEvents.on('profile-switched', () => this.close());
  }

  #listenForExpiry(): void {
    if (this.#offExpired) return;
    try {
      this.#offExpired = bridge().on('embed:expired', ({ sessionId }) => this.onExpired(sessionId));
    } catch {
      this.#offExpired = null;
    }
  }
}
