/**
 * OAuth 2.0 authorization-code sign-in for a desktop app (RFC 8252 + RFC 7636):
 * PKCE S256 and `state`, the authorize page in the system browser, the answer on a
 * one-shot loopback listener at `http://127.0.0.1:{port}/callback`, then the code
 * exchange (and later refreshes) with a form-urlencoded POST to the token URL.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as v from 'valibot';
import { FleetError, registerSecret, scrubSecrets } from '../errors';
import { escapeHtml } from '../html-text';
import { readLimited } from '../http/read-body';
import { parseUrl } from '../http/parse-url';
import { MAX_REDIRECTS, MAX_RESPONSE_BYTES } from '../limits';

// ---------------------------------------------------------------- PKCE and state

export interface Pkce {
  verifier: string;
  challenge: string;
}

/** S256 challenge of a verifier: BASE64URL(SHA256(ASCII(verifier))). */
export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

/** A fresh verifier of 43 characters from 32 random bytes, and its challenge. */
export function createPkce(): Pkce {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: pkceChallenge(verifier) };
}

/** An unguessable `state` value that ties the browser's answer to this request. */
export function createState(): string {
  return randomBytes(24).toString('base64url');
}

export interface AuthorizeUrlParams {
  authorizeUrl: string;
  clientId: string;
  redirectUri: string;
  state: string;
  codeChallenge: string;
  scopes: string;
}

export function buildAuthorizeUrl(p: AuthorizeUrlParams): string {
  let url: URL;
  try {
    url = new URL(p.authorizeUrl);
  } catch {
    throw new FleetError('invalid-argument', `The authorize URL "${p.authorizeUrl}" is not a valid URL.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new FleetError('invalid-argument', 'The authorize URL must start with http:// or https://.');
  }
  const q = url.searchParams;
  q.set('response_type', 'code');
  q.set('client_id', p.clientId);
  q.set('redirect_uri', p.redirectUri);
  q.set('state', p.state);
  q.set('code_challenge', p.codeChallenge);
  q.set('code_challenge_method', 'S256');
  if (p.scopes.trim()) q.set('scope', p.scopes.trim());
  return url.toString();
}

// ---------------------------------------------------------------- loopback listener

export interface LoopbackOptions {
  state: string;
  /** Gives up after this long; default 5 minutes. */
  timeoutMs?: number;
}

export interface LoopbackListener {
  /** `http://127.0.0.1:{port}/callback` */
  redirectUri: string;
  /** The authorization code, or a FleetError ('auth-flow', 'timeout' or 'cancelled'). */
  code: Promise<string>;
  /** Stops waiting at once; the port is closed. */
  cancel(): void;
  /** Resolves when the listener's port is closed. */
  closed: Promise<void>;
}

const DEFAULT_SIGN_IN_TIMEOUT_MS = 5 * 60_000;

export const MESSAGES = {
  stateMismatch:
    'The sign-in answer did not match this request (state mismatch). Start the sign-in again from Fleet Desk.',
  denied: 'Sign-in was denied in the browser.',
  timedOut: 'Sign-in timed out: the browser did not come back within the time allowed. Try again.',
  cancelled: 'Sign-in was cancelled.',
} as const;

function page(title: string, text: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
    `<body style="font-family:sans-serif;max-width:32rem;margin:3rem auto"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p></body></html>`;
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Starts a listener on 127.0.0.1 (free port) that accepts exactly one valid callback. */
export async function startLoopbackListener(options: LoopbackOptions): Promise<LoopbackListener> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_SIGN_IN_TIMEOUT_MS;
  let settled = false;
  let resolveCode!: (code: string) => void;
  let rejectCode!: (err: FleetError) => void;
  const code = new Promise<string>((res, rej) => {
    resolveCode = res;
    rejectCode = rej;
  });
  // Callers may only look at `closed`; keep an unobserved rejection from crashing.
  code.catch(() => undefined);

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const send = (status: number, title: string, text: string) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', connection: 'close' });
      res.end(page(title, text));
    };
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method !== 'GET' || url.pathname !== '/callback') {
      send(404, 'Not found', 'This address only receives the Fleet Desk sign-in answer.');
      return;
    }
    if (settled) {
      send(410, 'Already answered', 'This sign-in was already completed or stopped. Return to Fleet Desk.');
      return;
    }
    const q = url.searchParams;
    const state = q.get('state') ?? '';
    if (!sameText(state, options.state)) {
      send(400, 'Sign-in failed', MESSAGES.stateMismatch);
      finish(new FleetError('auth-flow', MESSAGES.stateMismatch));
      return;
    }
    const error = q.get('error');
    if (error) {
      const denied = error === 'access_denied';
      const message = denied
        ? MESSAGES.denied
        : `The sign-in page reported an error: ${error}${q.get('error_description') ? ` (${q.get('error_description')})` : ''}.`;
      send(denied ? 200 : 400, denied ? 'Sign-in denied' : 'Sign-in failed', `${message} You can close this tab.`);
      finish(new FleetError('auth-flow', scrubSecrets(message)));
      return;
    }
    const got = q.get('code');
    if (!got) {
      send(400, 'Sign-in failed', 'The answer carried no authorization code.');
      finish(new FleetError('auth-flow', 'The sign-in answer carried no authorization code.'));
      return;
    }
    registerSecret(got);
    send(200, 'Signed in', 'Signed in — you can close this tab and return to Fleet Desk.');
    finish(null, got);
  });

  const timing: { timer?: NodeJS.Timeout } = {};
  const closed = new Promise<void>((res) => server.once('close', () => res()));

  function finish(err: FleetError | null, value?: string): void {
    if (settled) return;
    settled = true;
    clearTimeout(timing.timer);
    if (err) rejectCode(err);
    else resolveCode(value as string);
    // Let the answer page flush, then refuse further connections and drop idle ones.
    server.close();
    server.closeIdleConnections();
  }

  await new Promise<void>((res, rej) => {
    server.once('error', (e) => rej(new FleetError('auth-flow', `Could not open the local sign-in listener: ${e.message}`)));
    server.listen(0, '127.0.0.1', () => res());
  });
  const { port } = server.address() as AddressInfo;
  timing.timer = setTimeout(() => finish(new FleetError('timeout', MESSAGES.timedOut)), timeoutMs);

  return {
    redirectUri: `http://127.0.0.1:${port}/callback`,
    code,
    closed,
    cancel() {
      finish(new FleetError('cancelled', MESSAGES.cancelled));
      server.closeAllConnections();
    },
  };
}

// ---------------------------------------------------------------- token response

export interface TokenSet {
  accessToken: string;
  refreshToken: string | null;
  /** Seconds the access token lives; null = long-lived (no `expires_in`). */
  expiresInSec: number | null;
  tokenType: string | null;
}

const nonEmpty = v.pipe(v.string('must be a string'), v.trim(), v.minLength(1, 'must not be empty'));
const seconds = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.trim(), v.regex(/^\d+(\.\d+)?$/))], 'must be a number of seconds'),
  v.transform((x) => Number(x)),
  v.number(),
  v.check((n) => Number.isFinite(n) && n >= 0, 'must be a number of seconds'),
);
const optional = <T extends v.GenericSchema>(s: T) => v.optional(v.nullable(s));

const TokenResponseSchema = v.object({
  access_token: nonEmpty,
  token_type: optional(nonEmpty),
  type: optional(nonEmpty),
  expires_in: optional(seconds),
  refresh_token: optional(nonEmpty),
});

const ErrorResponseSchema = v.object({ error: nonEmpty, error_description: v.optional(v.string()) });

function jsonPath(issue: v.BaseIssue<unknown>): string {
  const keys = (issue.path ?? []).map((p) => p.key);
  return '$' + keys.map((k) => (typeof k === 'number' ? `[${k}]` : `.${String(k)}`)).join('');
}

/**
 * Reads a token endpoint answer. Accepts `token_type`, `type` or neither; `expires_in`
 * as a number, a numeric string or absent (long-lived); `refresh_token` optional.
 * Anything else is rejected with a FleetError ('bad-payload') naming the JSON path.
 */
export function parseTokenResponse(json: unknown): TokenSet {
  const err = v.safeParse(ErrorResponseSchema, json);
  if (err.success && !(typeof json === 'object' && json !== null && 'access_token' in json)) {
    const d = err.output.error_description ? `: ${err.output.error_description}` : '';
    throw new FleetError('auth-flow', scrubSecrets(`The token endpoint refused the request (${err.output.error}${d}).`));
  }
  const parsed = v.safeParse(TokenResponseSchema, json);
  if (!parsed.success) {
    const issue = parsed.issues[0];
    const path = jsonPath(issue);
    const what = path === '$' ? 'is not a JSON object' : `${path.slice(2)} ${issue.message.startsWith('Invalid') ? 'is missing or invalid' : issue.message}`;
    throw new FleetError('bad-payload', `The token endpoint's answer is not usable: ${what}.`, { path });
  }
  const o = parsed.output;
  registerSecret(o.access_token);
  registerSecret(o.refresh_token);
  return {
    accessToken: o.access_token,
    refreshToken: o.refresh_token ?? null,
    expiresInSec: o.expires_in ?? null,
    tokenType: o.token_type ?? o.type ?? null,
  };
}

// ---------------------------------------------------------------- token endpoint

export type FetchLike = (
  url: string,
  init: { method: string; headers: Record<string, string>; body: string; signal?: AbortSignal; redirect?: 'manual' },
) => Promise<{
  status: number;
  text(): Promise<string>;
  headers?: { get(name: string): string | null };
}>;

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * Where the token endpoint's redirect may be followed: a 307/308 (which keep the POST
 * and its form) to the same origin. A redirect to another origin would carry the code,
 * refresh token and client secret away, and 301/302/303 would drop the form: both are
 * errors, and nothing is sent.
 */
function tokenRedirectTarget(status: number, location: string | null | undefined, from: string, redirectsSoFar: number): string {
  const target = parseUrl(location, from);
  if (!target) throw new FleetError('auth-flow', `The token endpoint answered with a redirect (${status}) to no usable address.`, { status });
  if (target.origin !== new URL(from).origin) {
    throw new FleetError(
      'auth-flow',
      scrubSecrets(`The token endpoint redirected to another site (${target.host || target.protocol}); Fleet Desk did not send the sign-in there. Check the token URL.`),
      { status },
    );
  }
  if (status !== 307 && status !== 308) {
    throw new FleetError('auth-flow', `The token endpoint answered with a redirect (${status}) instead of tokens; check the token URL.`, { status });
  }
  if (redirectsSoFar >= MAX_REDIRECTS) throw new FleetError('auth-flow', `The token endpoint redirected more than ${MAX_REDIRECTS} times.`, { status });
  return target.href;
}

export interface TokenEndpoint {
  tokenUrl: string;
  clientId: string;
  clientSecret?: string | null;
  fetch?: FetchLike;
  timeoutMs?: number;
}

async function postForm(endpoint: TokenEndpoint, form: Record<string, string>, cancel?: AbortSignal): Promise<TokenSet> {
  const body = new URLSearchParams(form);
  body.set('client_id', endpoint.clientId);
  if (endpoint.clientSecret) body.set('client_secret', endpoint.clientSecret);
  const doFetch = endpoint.fetch ?? (globalThis.fetch as unknown as FetchLike);
  let status: number;
  let text: string;
  try {
    const signal = cancel ? AbortSignal.any([cancel, AbortSignal.timeout(endpoint.timeoutMs ?? 20_000)]) : AbortSignal.timeout(endpoint.timeoutMs ?? 20_000);
    let url = endpoint.tokenUrl;
    // Redirects are followed by hand (see tokenRedirectTarget), never by fetch.
    for (let redirects = 0; ; redirects++) {
      const res = await doFetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: body.toString(),
        signal,
        redirect: 'manual',
      });
      if (!REDIRECTS.has(res.status)) {
        status = res.status;
        text = await readLimited(res, { maxBytes: MAX_RESPONSE_BYTES, past: 'fail', endpoint: 'the token endpoint' });
        break;
      }
      url = tokenRedirectTarget(res.status, res.headers?.get('location'), url, redirects);
    }
  } catch (e) {
    if (cancel?.aborted) throw new FleetError('cancelled', MESSAGES.cancelled, { cause: e });
    if (e instanceof FleetError) throw e;
    const timedOut = e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError');
    throw new FleetError(
      timedOut ? 'timeout' : 'network',
      timedOut ? 'The token endpoint did not answer in time.' : scrubSecrets(`Could not reach the token endpoint: ${e instanceof Error ? e.message : String(e)}`),
      { cause: e },
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new FleetError(status >= 400 ? 'auth-flow' : 'bad-payload', `The token endpoint answered ${status} with something that is not JSON.`, { status });
  }
  if (status >= 400) {
    const e = v.safeParse(ErrorResponseSchema, json);
    const detail = e.success ? `${e.output.error}${e.output.error_description ? `: ${e.output.error_description}` : ''}` : `HTTP ${status}`;
    throw new FleetError(status === 401 ? 'unauthorized' : 'auth-flow', scrubSecrets(`The token endpoint refused the request (${detail}).`), { status });
  }
  return parseTokenResponse(json);
}

export function exchangeCode(
  endpoint: TokenEndpoint,
  p: { code: string; redirectUri: string; codeVerifier: string },
  cancel?: AbortSignal,
): Promise<TokenSet> {
  return postForm(
    endpoint,
    {
      grant_type: 'authorization_code',
      code: p.code,
      redirect_uri: p.redirectUri,
      code_verifier: p.codeVerifier,
    },
    cancel,
  );
}

export function refreshTokens(endpoint: TokenEndpoint, refreshToken: string): Promise<TokenSet> {
  return postForm(endpoint, { grant_type: 'refresh_token', refresh_token: refreshToken });
}

// ---------------------------------------------------------------- the whole flow

export interface SignInFlowOptions extends TokenEndpoint {
  authorizeUrl: string;
  scopes: string;
  openExternal: (url: string) => Promise<void>;
  timeoutMs?: number;
  /** Told the authorize URL before the browser is opened. */
  onAuthorizeUrl?: (url: string) => void;
  /** Told when the browser came back and the code is being exchanged. */
  onExchanging?: () => void;
}

export interface SignInFlow {
  authorizeUrl: string;
  tokens: Promise<TokenSet>;
  cancel(): void;
}

/** Steps 1–4: opens the browser, waits for the callback, exchanges the code. */
export async function startSignInFlow(o: SignInFlowOptions): Promise<SignInFlow> {
  const pkce = createPkce();
  const state = createState();
  registerSecret(pkce.verifier);
  const listener = await startLoopbackListener({ state, timeoutMs: o.timeoutMs });
  let authorizeUrl: string;
  try {
    authorizeUrl = buildAuthorizeUrl({
      authorizeUrl: o.authorizeUrl,
      clientId: o.clientId,
      redirectUri: listener.redirectUri,
      state,
      codeChallenge: pkce.challenge,
      scopes: o.scopes,
    });
  } catch (e) {
    listener.cancel();
    throw e;
  }
  o.onAuthorizeUrl?.(authorizeUrl);
  const abort = new AbortController();
  const tokens = (async () => {
    try {
      await o.openExternal(authorizeUrl);
    } catch {
      // The web shell opens the tab itself from the `auth:state` event; keep waiting.
    }
    const code = await listener.code;
    if (abort.signal.aborted) throw new FleetError('cancelled', MESSAGES.cancelled);
    o.onExchanging?.();
    return exchangeCode(o, { code, redirectUri: listener.redirectUri, codeVerifier: pkce.verifier }, abort.signal);
  })();
  tokens.catch(() => undefined);
  return {
    authorizeUrl,
    tokens,
    cancel() {
      abort.abort();
      listener.cancel();
    },
  };
}
