import { randomBytes } from 'node:crypto';

export interface IssuedToken {
  accessToken: string;
  refreshToken?: string;
  /** Seconds, only for tokens issued with a lifetime. */
  expiresIn?: number;
}

interface AccessRecord {
  /** ms (demo clock), or null for a long-lived token */
  expiresAt: number | null;
  ttlSec?: number;
  refreshToken?: string;
}

function randomToken(prefix: string): string {
  return `${prefix}_${randomBytes(24).toString('base64url')}`;
}

/**
 * The demo service's in-memory token registry, shared by the bearer check and the
 * OAuth token endpoint. Tokens are random and never derived from the seed.
 */
export class TokenBook {
  private readonly access = new Map<string, AccessRecord>();
  /** refresh token → ttl of the access tokens it mints */
  private readonly refreshTokens = new Map<string, { ttlSec?: number; accessToken: string }>();

  constructor(private readonly now: () => number = Date.now) {}

  issue(opts: { ttlSec?: number; withRefresh?: boolean } = {}): IssuedToken {
    const accessToken = randomToken('fd_at');
    const record: AccessRecord = {
      expiresAt: opts.ttlSec === undefined ? null : this.now() + opts.ttlSec * 1000,
      ttlSec: opts.ttlSec,
    };
    const issued: IssuedToken = { accessToken };
    if (opts.ttlSec !== undefined) issued.expiresIn = opts.ttlSec;
    if (opts.withRefresh) {
      const refreshToken = randomToken('fd_rt');
      record.refreshToken = refreshToken;
      this.refreshTokens.set(refreshToken, { ttlSec: opts.ttlSec, accessToken });
      issued.refreshToken = refreshToken;
    }
    this.access.set(accessToken, record);
    return issued;
  }

  /**
   * Accepts an access token issued by another run of the demo (tests that restart the
   * service on the same port and expect the client's saved token to keep working).
   */
  adopt(accessToken: string, opts: { ttlSec?: number } = {}): void {
    this.access.set(accessToken, { expiresAt: opts.ttlSec === undefined ? null : this.now() + opts.ttlSec * 1000, ttlSec: opts.ttlSec });
  }

  isValid(accessToken: string | null | undefined): boolean {
    if (!accessToken) return false;
    const record = this.access.get(accessToken);
    if (!record) return false;
    if (record.expiresAt !== null && this.now() >= record.expiresAt) return false;
    return true;
  }

  /** Exchanges a refresh token for a new pair (the refresh token rotates); null when unknown. */
  refresh(refreshToken: string): IssuedToken | null {
    const entry = this.refreshTokens.get(refreshToken);
    if (!entry) return null;
    this.refreshTokens.delete(refreshToken);
    this.access.delete(entry.accessToken);
    return this.issue({ ttlSec: entry.ttlSec, withRefresh: true });
  }

  /** Revokes an access token and the refresh token issued with it. */
  revoke(accessToken: string): void {
    const record = this.access.get(accessToken);
    if (record?.refreshToken) this.refreshTokens.delete(record.refreshToken);
    this.access.delete(accessToken);
  }

  revokeAll(): void {
    this.access.clear();
    this.refreshTokens.clear();
  }
}
