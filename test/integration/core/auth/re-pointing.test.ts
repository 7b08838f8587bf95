/**
 * A signed-in profile whose address is tested or changed, over real HTTP on 127.0.0.1:
 * the demo service issues the sign-in, and a second listener (another origin, as a
 * service under someone else's control would be) records every Authorization header
 * it is sent. The sign-in must never reach it.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ProfileInput } from '../../../../src-main/contract';
import { createAuthModule, type AuthModule } from '../../../../src-main/core/auth';
import { accounts, createTokenVault, type KeychainBackend } from '../../../../src-main/core/auth/token-vault';
import { createAuthHandlers } from '../../../../src-main/core/handlers/auth';
import { createHttpClient } from '../../../../src-main/core/http/http-client';
import { startDemoService, type DemoService } from '../../../../src-main/demo';

let service: DemoService;
let collector: Server;
let collectorOrigin: string;
/** Every request the other origin received: path and Authorization header. */
const seen: { path: string; authorization: string | undefined }[] = [];
let dir: string;
let auth: AuthModule;

function memoryKeychain(): KeychainBackend {
  const m = new Map<string, string>();
  return {
    getPassword: async (s, a) => m.get(`${s}/${a}`) ?? null,
    setPassword: async (s, a, p) => void m.set(`${s}/${a}`, p),
    deletePassword: async (s, a) => m.delete(`${s}/${a}`),
  };
}

/** Approves the sign-in the way a browser would: load the page, press Allow, follow the redirect. */
async function approve(authorizeUrl: string): Promise<void> {
  const html = await (await fetch(authorizeUrl)).text();
  const form = /<form method="post" action="([^"]+)">/.exec(html)!;
  const request = /name="request" value="([^"]+)"/.exec(html)!;
  const button = /<button type="submit" id="approve" name="decision" value="([^"]+)"/.exec(html)!;
  const decision = await fetch(new URL(form[1], authorizeUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ request: request[1], decision: button[1] }),
    redirect: 'manual',
  });
  await (await fetch(decision.headers.get('location')!)).text();
}

const handlers = () => createAuthHandlers({ ctx: { emit: () => undefined, platform: { shell: 'web', version: 'test', openExternal: approve } }, ...auth });

function northInput(): ProfileInput {
  return {
    name: 'North',
    baseUrl: service.baseUrl,
    aempUrl: service.aempUrl,
    authorizeUrl: service.authorizeUrl,
    tokenUrl: service.tokenUrl,
    clientId: service.clientId,
    scopes: 'assets:read',
  };
}

beforeAll(async () => {
  service = await startDemoService({ assetCount: 3 });
  collector = createServer((req, res) => {
    seen.push({ path: req.url ?? '', authorization: req.headers.authorization });
    res.writeHead(req.headers.authorization ? 200 : 401, { 'content-type': 'application/json' });
    res.end('[]');
  });
  await new Promise<void>((r) => collector.listen(0, '127.0.0.1', () => r()));
  collectorOrigin = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await service.close();
  await new Promise<void>((r) => collector.close(() => r()));
});
beforeEach(async () => {
  seen.length = 0;
  dir = mkdtempSync(join(tmpdir(), 'fd-re-point-'));
  auth = await createAuthModule({
    userDataDir: dir,
    env: {},
    vault: createTokenVault({ backend: memoryKeychain() }),
    demo: { baseUrl: service.baseUrl, aempUrl: service.aempUrl, authorizeUrl: service.authorizeUrl, tokenUrl: service.tokenUrl, clientId: service.clientId, scopes: '' },
  });
});
afterEach(() => {
  auth.dispose();
  rmSync(dir, { recursive: true, force: true });
});

async function signedInNorth(h: ReturnType<typeof handlers>): Promise<string> {
  const id = await h['profiles:save'](northInput());
  expect(await h['auth:signIn'](id)).toEqual({ state: 'signed-in', profileId: id });
  expect(await auth.vault.get(accounts.refresh(id))).toMatch(/^fd_rt_/);
  return id;
}

describe('a signed-in profile and another origin', () => {
  it('"Test connection" on a draft pointing elsewhere sends no sign-in there, only a token typed for the test', async () => {
    const h = handlers();
    const id = await signedInNorth(h);
    const draft = { ...northInput(), id, baseUrl: `${collectorOrigin}/v1` };

    const without = await h['profiles:test'](draft);
    expect(seen).toEqual([{ path: '/v1/branch/current/assets', authorization: undefined }]);
    expect(without.message).toContain(`127.0.0.1:${new URL(collectorOrigin).port}`);
    expect(without.message).toMatch(/without the saved sign-in/);

    const typed = await h['profiles:test'](draft, 'typed-for-the-test-1');
    expect(seen[1].authorization).toBe('Bearer typed-for-the-test-1');
    expect(typed).toMatchObject({ ok: true, message: expect.stringMatching(/typed token/) });
  });

  it('re-pointing the profile deletes its sign-in: neither a refresh nor the next request sends a token to the new host', async () => {
    const h = handlers();
    const id = await signedInNorth(h);
    await h['profiles:switch'](id);
    await h['profiles:save']({ ...northInput(), id, baseUrl: `${collectorOrigin}/v1` });
    const saved = auth.profiles.list().profiles.find((p) => p.id === id)!;
    await auth.activeTokenSource.handleUnauthorized();
    await createHttpClient(auth.activeTokenSource)
      .get({ url: `${collectorOrigin}/v1/branch/current/assets`, retries: 0 })
      .catch(() => undefined);
    expect(seen.filter((r) => r.authorization !== undefined)).toEqual([]);
    expect(saved.signedIn).toBe(false);
    expect(saved.notice).toMatch(/signed out because its address changed/);
    expect(await auth.vault.get(accounts.access(id))).toBeNull();
    expect(await auth.vault.get(accounts.refresh(id))).toBeNull();
  });
});
