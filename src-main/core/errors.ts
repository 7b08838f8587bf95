import type { AppError, ErrorKind } from '../contract';

/**
 * The one error type the core throws. `kind` tells the UI what happened; `message`
 * is written for a dispatcher and never contains a token or secret (see `scrubSecrets`).
 */
export class FleetError extends Error {
  readonly kind: ErrorKind;
  readonly path?: string;
  readonly status?: number;
  readonly retryAfterMs?: number;

  constructor(kind: ErrorKind, message: string, extra: { path?: string; status?: number; retryAfterMs?: number; cause?: unknown } = {}) {
    super(message, extra.cause === undefined ? undefined : { cause: extra.cause });
    this.name = 'FleetError';
    this.kind = kind;
    this.path = extra.path;
    this.status = extra.status;
    this.retryAfterMs = extra.retryAfterMs;
  }

  toJSON(): AppError {
    return toAppError(this);
  }
}

/** Secrets registered here are replaced in every message that crosses to the UI or a log. */
const knownSecrets = new Set<string>();

export function registerSecret(secret: string | null | undefined): void {
  if (secret && secret.length >= 6) knownSecrets.add(secret);
}

export function forgetSecret(secret: string | null | undefined): void {
  if (secret) knownSecrets.delete(secret);
}

const BEARER = /(bearer\s+)[A-Za-z0-9\-._~+/]+=*/gi;
const SECRET_PARAMS = /((?:access_token|refresh_token|client_secret|code_verifier|token|jws)=)[^&\s"']+/gi;

/** Removes registered secrets, bearer credentials and secret query/form values from text. */
export function scrubSecrets(text: string): string {
  let out = text.replace(BEARER, '$1[redacted]').replace(SECRET_PARAMS, '$1[redacted]');
  for (const secret of knownSecrets) out = out.split(secret).join('[redacted]');
  return out;
}

/** Converts anything thrown into the serialisable, scrubbed form that crosses the contract. */
export function toAppError(err: unknown): AppError {
  if (err instanceof FleetError) {
    const out: AppError = { kind: err.kind, message: scrubSecrets(err.message) };
    if (err.path !== undefined) out.path = err.path;
    if (err.status !== undefined) out.status = err.status;
    if (err.retryAfterMs !== undefined) out.retryAfterMs = err.retryAfterMs;
    return out;
  }
  const message = err instanceof Error ? err.message : String(err);
  return { kind: 'internal', message: scrubSecrets(`Unexpected error: ${message}`) };
}
