import { describe, expect, it } from 'vitest';
import { readEnvConfig } from '../../../src-main/core/config';
import { FleetError } from '../../../src-main/core/errors';

function refusal(env: Record<string, string>): FleetError {
  try {
    readEnvConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(FleetError);
    return err as FleetError;
  }
  throw new Error('expected the configuration to be refused');
}

describe('readEnvConfig', () => {
  it('is the demo when nothing is set', () => {
    expect(readEnvConfig({})).toEqual({ demo: true });
    expect(readEnvConfig({ FLEET_BASE_URL: '  ' })).toEqual({ demo: true });
  });

  it('reads every variable and trims trailing slashes', () => {
    expect(
      readEnvConfig({
        FLEET_BASE_URL: 'https://fleet.example.com/api/v1/',
        FLEET_AEMP_URL: 'https://aemp.example.com/',
        FLEET_TOKEN: 'abc.def.ghi',
        FLEET_WEB_PORT: '8080',
      }),
    ).toEqual({ baseUrl: 'https://fleet.example.com/api/v1', aempUrl: 'https://aemp.example.com', token: 'abc.def.ghi', webPort: 8080, demo: false });
  });

  it('names the variable in every refusal and never echoes the token', () => {
    expect(refusal({ FLEET_BASE_URL: 'fleet.example.com/v1' }).message).toMatch(/^FLEET_BASE_URL is not a valid URL/);
    expect(refusal({ FLEET_BASE_URL: 'ftp://fleet.example.com/v1' }).message).toMatch(/^FLEET_BASE_URL must start with http/);
    expect(refusal({ FLEET_BASE_URL: 'https://fleet.example.com/v2' }).message).toMatch(/^FLEET_BASE_URL must end in \/v1/);
    expect(refusal({ FLEET_AEMP_URL: 'nope' }).message).toMatch(/^FLEET_AEMP_URL/);
    expect(refusal({ FLEET_WEB_PORT: '70000' }).message).toMatch(/^FLEET_WEB_PORT/);
    expect(refusal({ FLEET_WEB_PORT: 'http' }).kind).toBe('invalid-argument');
    const err = refusal({ FLEET_TOKEN: 'secret part two' });
    expect(err.message).toMatch(/^FLEET_TOKEN/);
    expect(err.message).not.toContain('secret part');
  });

  it('reads FLEET_EMBED_ORIGINS as exact origins, each once', () => {
    expect(readEnvConfig({ FLEET_EMBED_ORIGINS: 'https://maps.partner.example/, http://10.0.0.5:8080 https://MAPS.partner.example' }).embedOrigins).toEqual([
      'https://maps.partner.example',
      'http://10.0.0.5:8080',
    ]);
  });

  it.each(['http://*', 'https://*', 'https://*.evil.test', 'https://u:p@maps.example', 'https://maps.example/embed', 'ftp://maps.example'])(
    'refuses FLEET_EMBED_ORIGINS holding %s, naming the entry',
    (bad) => {
      const err = refusal({ FLEET_EMBED_ORIGINS: `https://maps.partner.example ${bad}` });
      expect(err.kind).toBe('invalid-argument');
      expect(err.message).toMatch(/^FLEET_EMBED_ORIGINS: /);
      expect(err.message).toContain(`“${bad}” is not an embed map origin`);
    },
  );
});
