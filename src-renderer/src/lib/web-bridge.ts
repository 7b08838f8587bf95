/**
 * `window.fleet` for the web shell: calls go as `POST /api/invoke/<channel>` with the
 * per-launch secret, events arrive over a WebSocket that reconnects with backoff.
 *
 * The secret arrives once in the address (`#secret=…`); it is kept in sessionStorage
 * (this tab only, gone when the tab closes) and removed from the address bar.
 */
import type { AppError, EventChannel, FleetBridge, FleetEvents, InvokeArgs, InvokeChannel, InvokeResult, Result } from '../../../src-main/contract';

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
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  setTimeout: (fn: () => void, ms: number) => unknown;
}

function browserDeps(): WebBridgeDeps {
  return {
    fetch: (url, init) => window.fetch(url, init),
    openSocket: (url, protocols) => new WebSocket(url, protocols) as unknown as SocketLike,
    location: window.location,
    history: window.history,
    storage: window.sessionStorage,
    setTimeout: (fn, ms) => window.setTimeout(fn, ms),
  };
}

const LOST_CONNECTION: AppError = { kind: 'network', message: "Lost the connection to Fleet Desk's local server" };
const NO_SECRET: AppError = {
  kind: 'forbidden',
  message: 'This page has no access key. Open the address Fleet Desk printed when it started.',
};

/** Takes the secret out of the address (keeping it for this tab), or reads the kept one. */
function takeSecret(deps: WebBridgeDeps): string | null {
  const fromHash = new URLSearchParams(deps.location.hash.replace(/^#/, '')).get('secret');
  if (fromHash) {
    try {
      deps.storage.setItem(SECRET_STORAGE_KEY, fromHash);
    } catch {
      // Storage disabled: the secret still works for this page load.
    }
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

export function createWebBridge(deps: WebBridgeDeps = browserDeps()): FleetBridge {
  const secret = takeSecret(deps);
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  let socket: SocketLike | null = null;
  let failures = 0;

  async function invoke<C extends InvokeChannel>(channel: C, ...args: InvokeArgs<C>): Promise<Result<InvokeResult<C>>> {
    if (!secret) return { ok: false, error: NO_SECRET };
    let response: Response;
    try {
      response = await deps.fetch(`/api/invoke/${encodeURIComponent(channel)}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Fleet-Secret': secret },
        body: JSON.stringify({ args }),
        credentials: 'omit',
        cache: 'no-store',
      });
    } catch {
      return { ok: false, error: LOST_CONNECTION };
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      body = undefined;
    }
    if (isResult(body)) return body as Result<InvokeResult<C>>;
    return {
      ok: false,
      error: { kind: response.ok ? 'bad-payload' : 'internal', status: response.status, message: `Fleet Desk's local server gave an unreadable answer (HTTP ${response.status}).` },
    };
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
    for (const listener of [...(listeners.get(name) ?? [])]) {
      try {
        listener(payload);
      } catch (err) {
        console.error(`Fleet Desk: a "${name}" event listener failed`, err);
      }
    }
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
    ws.onopen = () => {
      failures = 0;
    };
    ws.onmessage = (ev) => deliver(ev.data);
    ws.onerror = () => {
      // A close event always follows; reconnecting happens there.
    };
    ws.onclose = () => {
      if (socket !== ws) return;
      socket = null;
      scheduleReconnect();
    };
  }

  function scheduleReconnect(): void {
    const delay = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** failures);
    failures += 1;
    deps.setTimeout(() => {
      if (!socket) connect();
    }, delay);
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

  return { invoke, on };
}
