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

/**
 * Secrets registered here are replaced in every message that crosses to the UI or a log,
 * and in every string a service sends (service-text.ts).
 */
const knownSecrets = new Set<string>();
/** Search patterns over the registered secrets, rebuilt after the set changes. */
let patterns: { literal: RegExp; inJson: RegExp } | null = null;
/** Counts changes to the set, so text judged clean under an older set is judged again. */
let revision = 0;

/** A number that changes whenever a secret is registered or forgotten. */
export function secretsRevision(): number {
  return revision;
}

export function registerSecret(secret: string | null | undefined): void {
  if (secret && secret.length >= 6 && !knownSecrets.has(secret)) {
    knownSecrets.add(secret);
    patterns = null;
    revision++;
  }
}

export function forgetSecret(secret: string | null | undefined): void {
  if (secret && knownSecrets.delete(secret)) {
    patterns = null;
    revision++;
  }
}

const regexEscape = (c: string): string => c.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/** How one UTF-16 unit may be written inside a JSON string: itself, \uXXXX (any case), or a short escape. */
function jsonUnit(unit: string): string {
  const hex = unit.charCodeAt(0).toString(16).padStart(4, '0');
  const anyCase = [...hex].map((h) => (/[a-f]/.test(h) ? `[${h}${h.toUpperCase()}]` : h)).join('');
  const short: Record<string, string> = { '"': '"', '\\': '\\\\', '/': '/', '\b': 'b', '\f': 'f', '\n': 'n', '\r': 'r', '\t': 't' };
  const alternatives = [regexEscape(unit), `\\\\u${anyCase}`];
  if (short[unit] !== undefined) alternatives.push(`\\\\${short[unit]}`);
  return `(?:${alternatives.join('|')})`;
}

function secretPatterns(): { literal: RegExp; inJson: RegExp } | null {
  if (knownSecrets.size === 0) return null;
  if (!patterns) {
    const secrets = [...knownSecrets];
    patterns = {
      literal: new RegExp(secrets.map((s) => [...s].map(regexEscape).join('')).join('|')),
      inJson: new RegExp(secrets.map((s) => Array.from({ length: s.length }, (_, i) => jsonUnit(s[i])).join('')).join('|')),
    };
  }
  return patterns;
}

/** True when `text` contains a registered secret. */
export function hasRegisteredSecret(text: string): boolean {
  return secretPatterns()?.literal.test(text) ?? false;
}

/** `text` with every registered secret replaced by `[redacted]` (and nothing else changed). */
export function redactRegisteredSecrets(text: string): string {
  if (!hasRegisteredSecret(text)) return text;
  let out = text;
  for (const secret of knownSecrets) out = out.split(secret).join('[redacted]');
  return out;
}

/**
 * True when JSON text may hold a registered secret once parsed: written as is, or with
 * some characters escaped (`\/`, `\u0041`). One scan of the raw text; the escape-aware
 * pattern is used only when the text has a backslash at all.
 */
export function mayHoldSecretInJson(json: string): boolean {
  const p = secretPatterns();
  if (!p) return false;
  return (json.includes('\\') ? p.inJson : p.literal).test(json);
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
