/** How a failure crosses the contract: its kind, a message for people, never a secret. */

export type ErrorKind =
  | 'unauthorized' // 401: token missing, expired or revoked
  | 'forbidden' // 403
  | 'not-found' // 404
  | 'bad-request' // 400 / 414 / other 4xx the service rejected
  | 'rate-limited' // 429 (also 405/503 used as throttling by fleet feeds)
  | 'server' // 5xx
  | 'network' // connection refused, reset, DNS, body cut off
  | 'timeout'
  | 'bad-payload' // response is not what the interface says (with a JSON path)
  | 'invalid-argument' // the renderer sent something the main side refuses
  | 'keychain' // the OS keychain failed or timed out
  | 'storage' // the offline store failed
  | 'auth-flow' // sign-in failed (denied, wrong state, exchange failed, timed out)
  | 'cancelled'
  | 'offline' // needs the network and we are offline
  | 'internal';

/** A serialisable error as it crosses the contract. Never contains a secret. */
export interface AppError {
  kind: ErrorKind;
  message: string;
  /** JSON path of the fault for bad payloads, e.g. `$[3].metrics.gps.value.lng`. */
  path?: string;
  status?: number;
  retryAfterMs?: number;
}

/** Every invoke result crosses the boundary wrapped, so errors keep their kind. */
export type Result<T> = { ok: true; value: T } | { ok: false; error: AppError };
