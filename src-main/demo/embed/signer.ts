import { createHmac, randomBytes } from 'node:crypto';
import { jwtVerify } from 'jose';

/** How long an unopened embed URL may still be opened. */
export const EMBED_URL_LIFETIME_SEC = 3600;

function base64url(input: string | Buffer): string {
  return Buffer.from(input).toString('base64url');
}

const HEADER = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

/**
 * Signs and verifies the `jws` parameter of embed URLs (HS256, per-process random key).
 * Signing is a plain synchronous HMAC so a 50 000-asset list can be signed quickly;
 * verification goes through jose, which also checks `alg` and `exp`.
 */
export class EmbedSigner {
  private readonly key = randomBytes(32);

  sign(sub: string, expSec: number): string {
    const payload = base64url(JSON.stringify({ sub, exp: expSec }));
    const signature = createHmac('sha256', this.key).update(`${HEADER}.${payload}`).digest('base64url');
    return `${HEADER}.${payload}.${signature}`;
  }

  /** The signed view path; throws when the token is forged, malformed or expired at `nowMs`. */
  async verify(jws: string, nowMs: number): Promise<string> {
    const { payload } = await jwtVerify(jws, this.key, { algorithms: ['HS256'], currentDate: new Date(nowMs), requiredClaims: ['sub', 'exp'] });
    if (typeof payload.sub !== 'string') throw new Error('embed token without a subject');
    return payload.sub;
  }

  /** `${origin}/embed/auth?req=<view>&jws=<token>`; the JWS subject is the view itself. */
  url(origin: string, viewPath: string, nowMs: number): string {
    const exp = Math.floor(nowMs / 1000) + EMBED_URL_LIFETIME_SEC;
    return `${origin}/embed/auth?req=${encodeURIComponent(viewPath)}&jws=${this.sign(viewPath, exp)}`;
  }
}

export const BRANCH_VIEW = '/embed/map';

export function subsetView(assetIds: readonly string[]): string {
  return `${BRANCH_VIEW}#assets=${assetIds.join(',')}`;
}

export function focusView(assetId: string): string {
  return `${BRANCH_VIEW}#focus=${assetId}`;
}
