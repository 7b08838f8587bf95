import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { LAST_PORT_FILE, readLastPort, rememberPort, runningLine, startOnLastPort, webPlatformHooks, webPort, webRendererDir, webUserDataDir } from '../../../src-main/web/cli-options';

describe('web shell launch options', () => {
  it('reads FLEET_WEB_PORT, defaulting to a free port', () => {
    expect(webPort({})).toBe(0);
    expect(webPort({ FLEET_WEB_PORT: '8123' })).toBe(8123);
    expect(() => webPort({ FLEET_WEB_PORT: '80a' })).toThrow('FLEET_WEB_PORT must be a port number');
    expect(() => webPort({ FLEET_WEB_PORT: '70000' })).toThrow('got "70000"');
    expect(() => webPort({ FLEET_WEB_PORT: '-1' })).toThrow();
  });

  it('puts user data in FLEET_USER_DATA or ~/.config/fleet-desk-web', () => {
    expect(webUserDataDir({}, '/home/d')).toBe(join('/home/d', '.config', 'fleet-desk-web'));
    expect(webUserDataDir({ FLEET_USER_DATA: '/tmp/x' }, '/home/d')).toBe('/tmp/x');
  });

  it('finds out/renderer beside the built out/main/web.js, or FLEET_RENDERER_DIR', () => {
    const moduleUrl = pathToFileURL('/app/out/main/web.js').href;
    expect(webRendererDir({}, moduleUrl)).toBe(resolve('/app/out/renderer'));
    expect(webRendererDir({ FLEET_RENDERER_DIR: '/srv/r' }, moduleUrl)).toBe('/srv/r');
  });

  it('describes the web platform without native hooks', async () => {
    const hooks = webPlatformHooks('1.2.3');
    expect(hooks).toMatchObject({ shell: 'web', version: '1.2.3' });
    expect(hooks.saveFile).toBeUndefined();
    expect(hooks.showEmbed).toBeUndefined();
    await expect(hooks.openExternal('https://example.com')).resolves.toBeUndefined();
  });
});

describe('the web shell reuses the last port', () => {
  const servers: Server[] = [];
  const dirs: string[] = [];
  afterEach(async () => {
    for (const s of servers.splice(0)) await new Promise((r) => s.close(r));
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });
  function userData(): string {
    const dir = mkdtempSync(join(tmpdir(), 'fleet-port-'));
    dirs.push(dir);
    return dir;
  }
  /** Listens on 127.0.0.1 like the web shell does; resolves with the port, rejects like listen. */
  function listenOn(port: number): Promise<number> {
    const server = createServer();
    return new Promise((ok, fail) => {
      server.once('error', fail);
      server.listen(port, '127.0.0.1', () => {
        servers.push(server);
        ok((server.address() as { port: number }).port);
      });
    });
  }

  it('keeps the port as a plain number and reads it back; anything else in the file is no port', () => {
    const dir = userData();
    expect(readLastPort(dir)).toBeNull();
    rememberPort(dir, 43117);
    expect(readFileSync(join(dir, LAST_PORT_FILE), 'utf8')).toBe('43117\n');
    expect(readLastPort(dir)).toBe(43117);
    for (const bad of ['0', '70000', 'http://127.0.0.1:4000/#secret=abc', '12 34', '-5', '1e3', '0x50']) {
      writeFileSync(join(dir, LAST_PORT_FILE), bad);
      expect(readLastPort(dir)).toBeNull();
    }
  });

  it('starts on the last port when it is free', async () => {
    const free = await listenOn(0);
    await new Promise((r) => servers.pop()!.close(r));
    const { started, movedFrom } = await startOnLastPort(listenOn, { requested: 0, lastPort: free });
    expect(started).toBe(free);
    expect(movedFrom).toBeNull();
    expect(runningLine(`http://127.0.0.1:${free}/#secret=s`, movedFrom)).toMatch(/^Fleet Desk is running\. Open/);
  });

  it('takes a free port when the last one is taken, and says so', async () => {
    const taken = await listenOn(0);
    const { started, movedFrom } = await startOnLastPort(listenOn, { requested: 0, lastPort: taken });
    expect(started).not.toBe(taken);
    expect(started).toBeGreaterThan(0);
    expect(movedFrom).toBe(taken);
    expect(runningLine(`http://127.0.0.1:${started}/#secret=s`, movedFrom)).toContain(`Fleet Desk is running on a new address (port ${taken}, used last time, is taken)`);
  });

  it('a port asked for in FLEET_WEB_PORT wins over the last one, and its failure is not hidden', async () => {
    const taken = await listenOn(0);
    await expect(startOnLastPort(listenOn, { requested: taken, lastPort: 1234 })).rejects.toMatchObject({ code: 'EADDRINUSE' });
  });

  it('another failure than a taken port is not retried elsewhere', async () => {
    const boom = Object.assign(new Error('renderer missing'), { code: 'ENOENT' });
    let tries = 0;
    const start = async () => {
      tries++;
      throw boom;
    };
    await expect(startOnLastPort(start, { requested: 0, lastPort: 4000 })).rejects.toBe(boom);
    expect(tries).toBe(1);
  });
});
