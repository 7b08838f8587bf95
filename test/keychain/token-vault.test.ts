/**
 * The token vault against a real Secret Service (gnome-keyring in a private D-Bus
 * session). Run through `npm run test:keychain` (test/keychain/run-with-keyring.sh);
 * outside it these tests fail on purpose instead of passing without a keychain.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTokenVault, KEYCHAIN_SERVICE, type KeychainBackend } from '../../src-main/core/auth/token-vault';

const run = promisify(execFile);
const keytar = createRequire(import.meta.url)('keytar') as KeychainBackend;
const unique = () => `secret-${randomBytes(12).toString('hex')}`;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? filesUnder(p) : [p];
  });
}

beforeAll(async () => {
  if (process.env.FLEET_KEYCHAIN_TEST !== '1' || !process.env.DBUS_SESSION_BUS_ADDRESS || !process.env.XDG_DATA_HOME) {
    throw new Error('No private Secret Service: run these tests with `npm run test:keychain` (test/keychain/run-with-keyring.sh).');
  }
  // Prove the keyring answers before testing the vault on top of it.
  await keytar.setPassword(KEYCHAIN_SERVICE, 'probe', 'probe-value-1');
  expect(await keytar.getPassword(KEYCHAIN_SERVICE, 'probe')).toBe('probe-value-1');
  await keytar.deletePassword(KEYCHAIN_SERVICE, 'probe');
});

describe('token vault on a real keychain', () => {
  it('round-trips a token through the keychain', async () => {
    const secret = unique();
    const vault = createTokenVault();
    await vault.set('round-trip', secret);
    expect(vault.inMemoryOnly).toBe(false);
    expect(vault.problem).toBeNull();
    // Read by keytar itself and by a fresh vault: it really is in the keychain.
    expect(await keytar.getPassword(KEYCHAIN_SERVICE, 'round-trip')).toBe(secret);
    expect(await createTokenVault().get('round-trip')).toBe(secret);
  });

  it('keeps profiles and their refresh tokens apart', async () => {
    const vault = createTokenVault();
    const a = unique();
    const b = unique();
    const ar = unique();
    await vault.set('prof-a', a);
    await vault.set('prof-b', b);
    await vault.set('prof-a:refresh', ar);
    const fresh = createTokenVault();
    expect(await fresh.get('prof-a')).toBe(a);
    expect(await fresh.get('prof-b')).toBe(b);
    expect(await fresh.get('prof-a:refresh')).toBe(ar);
    expect(await fresh.get('prof-b:refresh')).toBeNull();
  });

  it('deletes a token', async () => {
    const vault = createTokenVault();
    await vault.set('to-delete', unique());
    await vault.delete('to-delete');
    expect(await keytar.getPassword(KEYCHAIN_SERVICE, 'to-delete')).toBeNull();
    expect(await createTokenVault().get('to-delete')).toBeNull();
  });

  it('never leaves the secret in plain text in the keyring files', async () => {
    const secret = unique();
    await createTokenVault().set('plain-text-check', secret);
    const folder = resolve(process.env.XDG_DATA_HOME!, 'keyrings');
    const files = filesUnder(folder);
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const bytes = readFileSync(file);
      expect(bytes.includes(Buffer.from(secret, 'utf8'))).toBe(false);
      expect(bytes.includes(Buffer.from(secret, 'utf16le'))).toBe(false);
    }
  });

  it('falls back to memory with a clear message when the backend fails', async () => {
    const failing: KeychainBackend = {
      getPassword: async () => {
        throw new Error('The name org.freedesktop.secrets was not provided');
      },
      setPassword: async () => {
        throw new Error('The name org.freedesktop.secrets was not provided');
      },
      deletePassword: async () => false,
    };
    const vault = createTokenVault({ backend: failing });
    await vault.set('p', 'memory-only-secret');
    expect(await vault.get('p')).toBe('memory-only-secret');
    expect(vault.inMemoryOnly).toBe(true);
    expect(vault.problem).toBe('No usable keychain (The name org.freedesktop.secrets was not provided): you will have to sign in again next time.');
  });

  it('falls back to memory in a process whose session bus points nowhere', async () => {
    const module = resolve('src-main/core/auth/token-vault.ts');
    const script = `
      import { createTokenVault } from ${JSON.stringify(module)};
      const vault = createTokenVault({ timeoutMs: 5000 });
      await vault.set('child', 'child-secret-value');
      console.log(JSON.stringify({ got: await vault.get('child'), inMemoryOnly: vault.inMemoryOnly, problem: vault.problem }));
    `;
    const env: NodeJS.ProcessEnv = { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/fleet-desk-bus' };
    delete env.DISPLAY;
    const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { env, timeout: 20_000 });
    const out = JSON.parse(stdout.trim().split('\n').at(-1)!) as { got: string; inMemoryOnly: boolean; problem: string };
    expect(out.got).toBe('child-secret-value');
    expect(out.inMemoryOnly).toBe(true);
    expect(out.problem).toMatch(/^No usable keychain \(.+\): you will have to sign in again next time\.$/);
    // The keychain of this session was not touched by the child.
    expect(await keytar.getPassword(KEYCHAIN_SERVICE, 'child')).toBeNull();
  });
});
