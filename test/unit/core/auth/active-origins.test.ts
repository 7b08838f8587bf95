/**
 * Credential pinning, wired: the token source the HTTP client gets from the auth module
 * names exactly the active profile's base-URL and AEMP-URL origins, and follows a
 * profile switch at once.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAuthModule, type AuthModule } from '../../../../src-main/core/auth';
import { DEMO_URLS } from './demo-urls';
import { fakeVault } from './fake-vault';

let dir: string;
let auth: AuthModule;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'fd-active-origins-'));
  auth = await createAuthModule({ userDataDir: dir, demo: DEMO_URLS, env: {}, vault: fakeVault() });
});

afterEach(() => {
  auth.dispose();
  rmSync(dir, { recursive: true, force: true });
});

describe('activeTokenSource.allowedOrigins', () => {
  it("names the active profile's base and AEMP origins, and nothing else", () => {
    expect(auth.activeTokenSource.allowedOrigins()).toEqual(['http://127.0.0.1:4000']);
  });

  it('follows a switch to a profile on other hosts', async () => {
    const saved = await auth.profiles.save({
      name: 'Branch',
      baseUrl: 'https://api.fleet.example/v1',
      aempUrl: 'https://aemp.fleet.example:8443/aemp',
      authorizeUrl: '',
      tokenUrl: '',
      clientId: '',
      scopes: '',
    });
    await auth.profiles.switch(saved.id);
    expect(auth.activeTokenSource.allowedOrigins()).toEqual(['https://api.fleet.example', 'https://aemp.fleet.example:8443']);
  });
});
