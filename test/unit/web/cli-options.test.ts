import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { webPlatformHooks, webPort, webRendererDir, webUserDataDir } from '../../../src-main/web/cli-options';

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
