/**
 * `window.fleetDesk` for the web shell: calls go as `POST /api/invoke/<channel>` with the
 * per-launch secret, events arrive over a WebSocket that reconnects with backoff.
 *
 * The secret arrives once in the address (`#secret=…`); it is kept in sessionStorage
 * (this tab only, gone when the tab closes) and removed from the address bar.
 *
 * The secret is per launch: a tab left open across a restart of the web shell holds a
 * key the new run refuses (403). The bridge notices (a refused call, or a dropped event
 * socket followed by a refused probe), stops sending the dead key, and reports the loss
 * so the page can say "Fleet Desk was restarted" instead of "Online". The new address
 * pasted into this tab (only its #fragment differs, so the browser does not load the
 * page again) or typed into the notice (`useAddress`) is taken and the page reloads.
 */
import { LIST_EVENTS, LIST_EVENTS_HEADER, SOCKET_HELLO } from '@contract';
import type { AppError, EventChannel, Bridge, FleetEvents, InvokeArgs, InvokeChannel, InvokeResult, Result } from '@contract';

export const SECRET_STORAGE_KEY = 'fleet-desk.secret';
export const EVENTS_PROTOCOL = 'fleet-desk';
const FIRST_RETRY_MS = 500;
const MAX_RETRY_MS = 30_000;

/** The part of a WebSocket the bridge uses. */
export interface SocketLike {
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: unknown) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  close(): void;
}

export interface WebBridgeDeps {
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  openSocket: (url: string, protocols: string[]) => SocketLike;
  location: Pick<Location, 'hash' | 'host' | 'protocol' | 'pathname' | 'search'>;
  history: Pick<History, 'replaceState'>;
  storage: Pick<Storage, 'getItem' | 'setItem'> & Partial<Pick<Storage, 'removeItem'>>;
  setTimeout: (fn: () => void, ms: number) => unknown;
  /** Calls `fn` when the address's #fragment changes (a new address pasted into this tab). */
  listenHashChange?: (fn: () => void) => void;
  reload?: () => void;
  assign?: (url: string) => void;
}

function browserDeps(): WebBridgeDeps {
  return {
    fetch: (url, init) => window.fetch(url, init),
    openSocket: (url, protocols) => new WebSocket(url, protocols) as unknown as SocketLike,
    location: window.location,
    history: window.history,
    storage: window.sessionStorage,
    setTimeout: (fn, ms) => window.setTimeout(fn, ms),
    listenHashChange: (fn) => window.addEventListener('hashchange', fn),
    reload: () => window.location.reload(),
    assign: (url) => window.location.assign(url),
  };
}

/**
 * Why the page lost the web shell: `restarted` — it answers but refuses this tab's key
 * (a new run); `unreachable` — nothing answers (stopped, or restarted on another port).
 */
export type BridgeLoss = 'restarted' | 'unreachable';

/** The web bridge: the contract, plus what only a browser tab needs. */
export interface WebBridge extends Bridge {
  /** The current loss, or null while the web shell answers. */
  loss(): BridgeLoss | null;
  /** Calls `listener` on every change of `loss()`; returns the unsubscribe. */
  onLoss(listener: (loss: BridgeLoss | null) => void): () => void;
  /**
   * Opens Fleet Desk at an address the user pasted (the one a new run printed): null when
   * taken (the page reloads or goes there), else what is wrong with it, for the user.
   */
  useAddress(text: string): string | null;
}

const LOST_CONNECTION: AppError = { kind: 'network', message: "Lost the connection to Fleet Desk's local server" };
const RESTARTED: AppError = {
  kind: 'forbidden',
  message: 'Fleet Desk was restarted, so this page\'s access key no longer works: reload this page with the address Fleet Desk printed.',
};
const NOT_AN_ADDRESS = 'That is not a Fleet Desk address: paste the one Fleet Desk printed, like http://127.0.0.1:<port>/#secret=…';
const NO_KEY_IN_ADDRESS = 'That address has no access key (#secret=…): paste the whole address Fleet Desk printed.';
const NO_SECRET: AppError = {
  kind: 'forbidden',
  message: 'This page has no access key. Open the address Fleet Desk printed when it started.',
};

function secretInHash(hash: string): string | null {
  return new URLSearchParams(hash.replace(/^#/, '')).get('secret') || null;
}

function keepSecret(deps: WebBridgeDeps, secret: string): void {
  try {
    deps.storage.setItem(SECRET_STORAGE_KEY, secret);
  } catch {
    // Storage disabled: the secret still works for this page load.
  }
}

function forgetSecret(deps: WebBridgeDeps): void {
  try {
    deps.storage.removeItem?.(SECRET_STORAGE_KEY);
  } catch {
    // Nothing kept.
  }
}

/** Takes the secret out of the address (keeping it for this tab), or reads the kept one. */
function takeSecret(deps: WebBridgeDeps): string | null {
  const fromHash = secretInHash(deps.location.hash);
  if (fromHash) {
    keepSecret(deps, fromHash);
    deps.history.replaceState(null, '', `${deps.location.pathname}${deps.location.search}`);
    return fromHash;
  }
  try {
    return deps.storage.getItem(SECRET_STORAGE_KEY);
  } catch {
    return null;
  }
}

function isResult(body: unknown): body is Result<unknown> {
  if (typeof body !== 'object' || body === null) return false;
  const r = body as { ok?: unknown; error?: { kind?: unknown; message?: unknown } };
  if (r.ok === true) return true;
  return r.ok === false && typeof r.error?.kind === 'string' && typeof r.error.message === 'string';
}

export function createWebBridge(deps: WebBridgeDeps = browserDeps()): WebBridge {
  const secret = takeSecret(deps);
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const lossListeners = new Set<(loss: BridgeLoss | null) => void>();
  let socket: SocketLike | null = null;
  let failures = 0;
  let lost: BridgeLoss | null = null;
  let probing = false;
  /** Whether an event socket was open before (a later open is a reconnect). */
  let opened = false;
  /** List events the shell had sent when the current socket joined (its hello); null before the hello. */
  let listEventsAtJoin: number | null = null;
  /** The lowest count of a list answer that came before the current socket's hello. */
  let listAnswerBeforeJoin: number | null = null;

  function setLoss(next: BridgeLoss | null): void {
    if (lost === next || lost === 'restarted') return; // a dead key stays dead until the page reloads
    lost = next;
    if (next === 'restarted') forgetSecret(deps);
    for (const listener of [...lossListeners]) {
      try {
        listener(next);
      } catch (err) {
        console.error('Fleet Desk: a connection-loss listener failed', err);
      }
    }
  }

  deps.listenHashChange?.(() => {
    const fresh = secretInHash(deps.location.hash);
    if (!fresh) return;
    keepSecret(deps, fresh);
    deps.history.replaceState(null, '', `${deps.location.pathname}${deps.location.search}`);
    deps.reload?.();
  });

  function post(channel: string, args: unknown): Promise<Response> {
    return deps.fetch(`/api/invoke/${encodeURIComponent(channel)}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Fleet-Secret': secret ?? '' },
      body: JSON.stringify({ args }),
      credentials: 'omit',
      cache: 'no-store',
    });
  }

  async function invoke<C extends InvokeChannel>(channel: C, ...args: InvokeArgs<C>): Promise<Result<InvokeResult<C>>> {
    if (!secret) return { ok: false, error: NO_SECRET };
    if (lost === 'restarted') return { ok: false, error: RESTARTED };
    let response: Response;
    try {
      response = await post(channel, args);
    } catch {
      setLoss('unreachable');
      return { ok: false, error: LOST_CONNECTION };
    }
    if (response.status === 403) setLoss('restarted');
    else if (lost === 'unreachable') setLoss(null);
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      body = undefined;
    }
    if (channel === 'assets:get') noteListAnswer(response.headers.get(LIST_EVENTS_HEADER));
    if (isResult(body)) return body as Result<InvokeResult<C>>;
    return {
      ok: false,
      error: { kind: response.ok ? 'bad-payload' : 'internal', status: response.status, message: `Fleet Desk's local server gave an unreadable answer (HTTP ${response.status}).` },
    };
  }

  function dispatch(name: string, payload: unknown): void {
    for (const listener of [...(listeners.get(name) ?? [])]) {
      try {
        listener(payload);
      } catch (err) {
        console.error(`Fleet Desk: a "${name}" event listener failed`, err);
      }
    }
  }

  /**
   * A list answer counted fewer list events than the shell had sent when the socket joined:
   * the events between went to no page, so the list is asked for again (contract
   * LIST_EVENTS_HEADER). An answer made after the socket joined counts at least as many.
   */
  function noteListAnswer(header: string | null): void {
    const count = header === null || header === '' ? NaN : Number(header);
    if (!Number.isSafeInteger(count)) return; // an older shell: nothing to compare
    if (listEventsAtJoin === null) listAnswerBeforeJoin = Math.min(listAnswerBeforeJoin ?? count, count);
    else if (count < listEventsAtJoin) catchUpList().catch(() => {});
  }

  function joined(payload: unknown): void {
    const count = (payload as { listEvents?: unknown } | null)?.listEvents;
    if (typeof count !== 'number' || !Number.isSafeInteger(count)) return;
    listEventsAtJoin = count;
    const before = listAnswerBeforeJoin;
    listAnswerBeforeJoin = null;
    if (before !== null && before < count) catchUpList().catch(() => {});
  }

  /** Events delivered over the socket so far, by name (a catch-up answer must not undo a newer one). */
  const delivered = new Map<string, number>();
  const deliveredOf = (...names: string[]) => names.reduce((sum, name) => sum + (delivered.get(name) ?? 0), 0);

  /**
   * Events sent while no socket was open are gone, and a page's first calls can be
   * answered before its socket opens. So each time the socket opens the bridge asks for
   * the status again (it changes quickly at start), and after a reconnect also for the
   * asset list, and hands the answers to the listeners as the events would have. An event
   * that arrives while such a call is under way is at least as new as its answer (the
   * answer was made before it reached the page), so the answer is then dropped.
   */
  async function catchUp(reconnected: boolean): Promise<void> {
    if (listeners.get('status')?.size) {
      const seen = deliveredOf('status');
      const status = await invoke('status:get');
      if (status.ok && deliveredOf('status') === seen) dispatch('status', status.value);
    }
    if (reconnected) await catchUpList();
  }

  /** Asks for the asset list and hands it to the list listeners, unless a list event came meanwhile (it is newer). */
  async function catchUpList(): Promise<void> {
    if (!listeners.get('assets')?.size) return;
    const seen = deliveredOf(...LIST_EVENTS);
    const list = await invoke('assets:get');
    if (list.ok && list.value !== null && deliveredOf(...LIST_EVENTS) === seen) dispatch('assets', list.value);
  }

  function deliver(data: unknown): void {
    let message: unknown;
    try {
      message = JSON.parse(String(data));
    } catch {
      return;
    }
    if (typeof message !== 'object' || message === null) return;
    const { name, payload } = message as { name?: unknown; payload?: unknown };
    if (typeof name !== 'string') return;
    if (name === SOCKET_HELLO) return joined(payload);
    delivered.set(name, (delivered.get(name) ?? 0) + 1);
    dispatch(name, payload);
  }

  function connect(): void {
    if (!secret) return;
    const scheme = deps.location.protocol === 'https:' ? 'wss' : 'ws';
    let ws: SocketLike;
    try {
      ws = deps.openSocket(`${scheme}://${deps.location.host}/api/events`, [EVENTS_PROTOCOL, `secret.${secret}`]);
    } catch {
      scheduleReconnect();
      return;
    }
    socket = ws;
    listEventsAtJoin = null;
    ws.onopen = () => {
      failures = 0;
      setLoss(null);
      const reconnected = opened;
      opened = true;
      // A failed catch-up costs nothing: the next event brings the news anyway.
      catchUp(reconnected).catch(() => {});
    };
    ws.onmessage = (ev) => deliver(ev.data);
    ws.onerror = () => {
      // A close event always follows; reconnecting happens there.
    };
    ws.onclose = () => {
      if (socket !== ws) return;
      socket = null;
      void probe();
      scheduleReconnect();
    };
  }

  /**
   * The socket closed: browsers do not say why (a refused upgrade looks like any drop),
   * so one cheap call tells a restarted web shell (403) from a stopped one (no answer).
   */
  async function probe(): Promise<void> {
    if (probing || lost === 'restarted') return;
    probing = true;
    try {
      const response = await post('status:get', []);
      if (response.status === 403) setLoss('restarted');
    } catch {
      setLoss('unreachable');
    } finally {
      probing = false;
    }
  }

  function scheduleReconnect(): void {
    if (lost === 'restarted') return;
    const delay = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** failures);
    failures += 1;
    deps.setTimeout(() => {
      if (!socket && lost !== 'restarted') connect();
    }, delay);
  }

  function useAddress(text: string): string | null {
    let url: URL;
    try {
      url = new URL(text.trim());
    } catch {
      return NOT_AN_ADDRESS;
    }
    if (url.protocol !== 'http:' || !['127.0.0.1', 'localhost'].includes(url.hostname) || url.username || url.password) return NOT_AN_ADDRESS;
    const fresh = secretInHash(url.hash);
    if (!fresh) return NO_KEY_IN_ADDRESS;
    if (url.host === deps.location.host && deps.location.protocol === 'http:') {
      keepSecret(deps, fresh);
      deps.reload?.();
    } else {
      deps.assign?.(url.href);
    }
    return null;
  }

  function onLoss(listener: (loss: BridgeLoss | null) => void): () => void {
    lossListeners.add(listener);
    return () => {
      lossListeners.delete(listener);
    };
  }

  function on<E extends EventChannel>(name: E, listener: (payload: FleetEvents[E]) => void): () => void {
    const set = listeners.get(name) ?? new Set();
    listeners.set(name, set);
    const wrapped = listener as (payload: unknown) => void;
    set.add(wrapped);
    if (!socket && failures === 0) connect();
    return () => {
      set.delete(wrapped);
    };
  }

  return { invoke, on, loss: () => lost, onLoss, useAddress };
}
