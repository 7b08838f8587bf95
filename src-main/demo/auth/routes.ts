/**
 * The demo service's OAuth 2.0 endpoints (authorization code + PKCE, refresh):
 *   GET  /oauth/authorize  consent page with Approve / Deny
 *   POST /oauth/authorize  the decision; redirects to the app's loopback redirect URI
 *   POST /oauth/token      code exchange and refresh (form-urlencoded)
 *   POST /oauth/revoke     revokes an access token (RFC 7009 style, always 200)
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DemoContext } from '../context';
import { sendJsonBody } from '../respond';
import { consentPage, errorPage } from './pages';
import { authStateOf, CODE_LIFETIME_MS, DEMO_APP_NAME, DEMO_CLIENT_ID, DEMO_SCOPES, PENDING_LIFETIME_MS, type AuthState } from './variant';

const MAX_FORM_BYTES = 64 * 1024;

export function handleAuthRequest(req: IncomingMessage, res: ServerResponse, url: URL, demo: DemoContext): boolean {
  const path = url.pathname.replace(/\/+$/, '');
  if (path === '/oauth/authorize' && req.method === 'GET') {
    showConsent(res, url, demo);
    return true;
  }
  const post = { '/oauth/authorize': decide, '/oauth/token': token, '/oauth/revoke': revoke }[path];
  if (!post) return false;
  if (req.method !== 'POST') {
    res.writeHead(405, { allow: path === '/oauth/authorize' ? 'GET, POST' : 'POST', 'content-type': 'text/plain; charset=utf-8' });
    res.end(`Use POST for ${path}.`);
    return true;
  }
  readForm(req)
    .then((form) => post(res, form, demo))
    .catch((err: Error) => {
      if (!res.headersSent) oauthError(res, 400, 'invalid_request', err.message);
    });
  return true;
}

// ---------------------------------------------------------------- helpers

function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_FORM_BYTES) {
        reject(new Error('The request body is too large.'));
        req.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))));
    req.on('error', reject);
  });
}

function html(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; form-action 'self' http://127.0.0.1:*; frame-ancestors 'none'",
  });
  res.end(body);
}

function oauthError(res: ServerResponse, status: number, error: string, description: string): void {
  sendJsonBody(res, status, { error, error_description: description }, null, status === 401 ? { 'www-authenticate': 'Basic realm="demo"' } : {});
}

function randomId(): string {
  return randomBytes(24).toString('base64url');
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Loopback redirect URIs only: `http://127.0.0.1:<port>/…` (RFC 8252 §7.3). */
function loopbackRedirect(raw: string | null): URL | null {
  if (!raw) return null;
  try {
    const u = new URL(raw);
    if (u.protocol !== 'http:' || u.hostname !== '127.0.0.1' || u.port === '' || u.username || u.password || u.hash) return null;
    return u;
  } catch {
    return null;
  }
}

function normalised(raw: string | null): string {
  try {
    return new URL(raw ?? '').toString();
  } catch {
    return '';
  }
}

function prune(state: AuthState, now: number): void {
  for (const [id, p] of state.pending) if (now - p.createdAt > PENDING_LIFETIME_MS) state.pending.delete(id);
  for (const [code, c] of state.codes) if (now >= c.expiresAt) state.codes.delete(code);
}

// ---------------------------------------------------------------- authorize

function showConsent(res: ServerResponse, url: URL, demo: DemoContext): void {
  const q = url.searchParams;
  const clientId = q.get('client_id');
  if (clientId !== DEMO_CLIENT_ID) {
    html(res, 400, errorPage('Unknown application', `The demo service does not know the client id "${clientId ?? ''}". Use "${DEMO_CLIENT_ID}".`));
    return;
  }
  const redirect = loopbackRedirect(q.get('redirect_uri'));
  if (!redirect) {
    html(res, 400, errorPage('Invalid redirect address', 'The redirect_uri must be a loopback address of the form http://127.0.0.1:<port>/path.'));
    return;
  }
  // From here on, errors go back to the app as the OAuth spec says.
  const back = (params: Record<string, string>) => {
    const target = new URL(redirect);
    for (const [k, v] of Object.entries(params)) target.searchParams.set(k, v);
    res.writeHead(302, { location: target.toString(), 'cache-control': 'no-store' });
    res.end();
  };
  const state = q.get('state');
  const withState = (p: Record<string, string>) => (state === null ? p : { ...p, state });
  if (q.get('response_type') !== 'code') {
    back(withState({ error: 'unsupported_response_type', error_description: 'Only response_type=code is supported.' }));
    return;
  }
  const method = q.get('code_challenge_method') ?? (q.get('code_challenge') ? 'plain' : 'S256');
  if (method !== 'S256' && method !== 'plain') {
    back(withState({ error: 'invalid_request', error_description: 'code_challenge_method must be S256.' }));
    return;
  }
  const s = authStateOf(demo);
  prune(s, demo.now());
  const requestId = randomId();
  const scope = (q.get('scope') ?? '').trim();
  s.pending.set(requestId, {
    clientId,
    redirectUri: redirect.toString(),
    state,
    codeChallenge: q.get('code_challenge'),
    challengeMethod: method,
    scope,
    createdAt: demo.now(),
  });
  html(res, 200, consentPage({ appName: DEMO_APP_NAME, clientId, scopes: scope.split(/\s+/).filter(Boolean), requestId, redirectHost: redirect.host }));
}

function decide(res: ServerResponse, form: URLSearchParams, demo: DemoContext): void {
  const s = authStateOf(demo);
  prune(s, demo.now());
  const id = form.get('request') ?? '';
  const pending = s.pending.get(id);
  if (!pending) {
    html(res, 400, errorPage('This sign-in request has expired', 'Start the sign-in again from the app.'));
    return;
  }
  s.pending.delete(id);
  const target = new URL(pending.redirectUri);
  if (form.get('decision') === 'approve') {
    const code = randomId();
    s.codes.set(code, {
      clientId: pending.clientId,
      redirectUri: pending.redirectUri,
      codeChallenge: pending.codeChallenge,
      challengeMethod: pending.challengeMethod,
      expiresAt: demo.now() + CODE_LIFETIME_MS,
    });
    target.searchParams.set('code', code);
  } else {
    target.searchParams.set('error', 'access_denied');
    target.searchParams.set('error_description', 'The user denied the request.');
  }
  if (pending.state !== null) target.searchParams.set('state', pending.state);
  res.writeHead(303, { location: target.toString(), 'cache-control': 'no-store' });
  res.end();
}

// ---------------------------------------------------------------- token

function token(res: ServerResponse, form: URLSearchParams, demo: DemoContext): void {
  const s = authStateOf(demo);
  const variant = s.variant;
  prune(s, demo.now());

  if (form.get('client_id') !== DEMO_CLIENT_ID) {
    oauthError(res, 401, 'invalid_client', 'Unknown client_id.');
    return;
  }
  if (variant.requireSecret !== null && !same(form.get('client_secret') ?? '', variant.requireSecret)) {
    oauthError(res, 401, 'invalid_client', 'The client_secret is missing or wrong.');
    return;
  }
  let grant = form.get('grant_type');
  if (!grant) {
    if (variant.requireGrantType) {
      oauthError(res, 400, 'invalid_request', 'grant_type is required.');
      return;
    }
    grant = form.has('refresh_token') ? 'refresh_token' : 'authorization_code';
  }

  if (grant === 'authorization_code') {
    const code = form.get('code') ?? '';
    const issued = s.codes.get(code);
    // Single use: a code is gone after the first attempt, good or bad.
    s.codes.delete(code);
    if (!issued || demo.now() >= issued.expiresAt) {
      oauthError(res, 400, 'invalid_grant', 'The authorization code is unknown, used or expired.');
      return;
    }
    if (issued.clientId !== form.get('client_id') || issued.redirectUri !== normalised(form.get('redirect_uri'))) {
      oauthError(res, 400, 'invalid_grant', 'The redirect_uri does not match the authorization request.');
      return;
    }
    if (issued.codeChallenge !== null) {
      const verifier = form.get('code_verifier') ?? '';
      const computed = issued.challengeMethod === 'S256' ? createHash('sha256').update(verifier, 'ascii').digest('base64url') : verifier;
      if (!/^[A-Za-z0-9\-._~]{43,128}$/.test(verifier) || !same(computed, issued.codeChallenge)) {
        oauthError(res, 400, 'invalid_grant', 'The PKCE code_verifier does not match the code_challenge.');
        return;
      }
    }
    answer(res, demo, demo.tokens.issue({ ttlSec: variant.expiresInSec ?? undefined, withRefresh: variant.withRefresh }));
    return;
  }

  if (grant === 'refresh_token') {
    const next = demo.tokens.refresh(form.get('refresh_token') ?? '');
    if (!next) {
      oauthError(res, 400, 'invalid_grant', 'The refresh token is unknown or was revoked.');
      return;
    }
    answer(res, demo, next);
    return;
  }

  oauthError(res, 400, 'unsupported_grant_type', `grant_type "${grant}" is not supported.`);
}

function answer(res: ServerResponse, demo: DemoContext, issued: { accessToken: string; refreshToken?: string; expiresIn?: number }): void {
  const variant = authStateOf(demo).variant;
  const body: Record<string, unknown> = { access_token: issued.accessToken };
  if (variant.tokenTypeKey !== 'none') body[variant.tokenTypeKey] = 'Bearer';
  if (issued.expiresIn !== undefined) body.expires_in = variant.numbersAsStrings ? String(issued.expiresIn) : issued.expiresIn;
  if (issued.refreshToken) body.refresh_token = issued.refreshToken;
  body.scope = DEMO_SCOPES;
  sendJsonBody(res, 200, body, null, { pragma: 'no-cache' });
}

function revoke(res: ServerResponse, form: URLSearchParams, demo: DemoContext): void {
  const t = form.get('token');
  if (t) demo.tokens.revoke(t);
  sendJsonBody(res, 200, {}, null);
}
