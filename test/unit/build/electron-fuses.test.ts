/**
 * The packaged app's Electron fuses, read the way electron-builder itself reads them:
 * its own config loader and schema check on electron-builder.yml, then its own mapping
 * of the options onto @electron/fuses' wires. A misspelt option name fails the schema
 * check; a missing or flipped fuse fails the assertions.
 */
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import type { Configuration } from 'electron-builder';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '..', '..', '..');
// electron-builder's own copies of its config loader and fuse library, wherever npm placed them.
const fromBuilder = createRequire(createRequire(resolve(ROOT, 'package.json')).resolve('electron-builder'));

interface BuilderConfigApi {
  getConfig(projectDir: string, configPath: string | null, configFromOptions: null): Promise<Configuration>;
  validateConfiguration(config: Configuration, debugLogger: unknown): Promise<void>;
}
type FuseWires = Record<string | number, unknown>;

let config: Configuration;
let wires: FuseWires;
let FuseV1Options: Record<string, number>;

beforeAll(async () => {
  const api = fromBuilder('app-builder-lib/out/util/config/config') as BuilderConfigApi;
  const { DebugLogger } = fromBuilder('builder-util') as { DebugLogger: new (enabled: boolean) => unknown };
  config = await api.getConfig(ROOT, null, null);
  await api.validateConfiguration(config, new DebugLogger(false));
  const { PlatformPackager } = fromBuilder('app-builder-lib') as {
    PlatformPackager: { prototype: { generateFuseConfig(fuses: unknown): Promise<FuseWires> } };
  };
  // The same translation electron-builder runs right before it flips the wires.
  wires = await PlatformPackager.prototype.generateFuseConfig.call(null, config.electronFuses ?? {});
  ({ FuseV1Options } = createRequire(fromBuilder.resolve('app-builder-lib'))('@electron/fuses') as { FuseV1Options: Record<string, number> });
}, 30_000);

describe('electron-builder.yml fuses', () => {
  it('sets every fuse we rely on, under the option names electron-builder knows', () => {
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      enableCookieEncryption: true,
    });
  });

  it.each([
    ['RunAsNode', false],
    ['EnableNodeOptionsEnvironmentVariable', false],
    ['EnableNodeCliInspectArguments', false],
    ['EnableEmbeddedAsarIntegrityValidation', true],
    ['OnlyLoadAppFromAsar', true],
    ['EnableCookieEncryption', true],
  ])('flips the %s wire to %s', (fuse, value) => {
    expect(FuseV1Options[fuse]).toBeTypeOf('number');
    expect(wires[FuseV1Options[fuse]]).toBe(value);
  });
});
