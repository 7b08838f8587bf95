/** The profile part of the IPC argument check: the test token and embed origins. */
import { describe, expect, it } from 'vitest';
import { validateInvoke } from '../../../../src-main/core/ipc/validate-args';

const profile = {
  name: 'Depot North',
  baseUrl: 'https://api.fleet.example/v1',
  aempUrl: '',
  authorizeUrl: '',
  tokenUrl: '',
  clientId: '',
  scopes: '',
  embedOrigins: [],
  speedUnit: 'unstated',
};

const refused = (channel: string, args: unknown[]) => {
  try {
    validateInvoke(channel, args);
  } catch (err) {
    return err as { kind: string; message: string };
  }
  throw new Error('expected a refusal');
};

describe('profiles:test arguments', () => {
  it('takes a draft alone, or a draft and a token typed for the test (or null)', () => {
    expect(validateInvoke('profiles:test', [profile]).args).toEqual([profile]);
    expect(validateInvoke('profiles:test', [profile, 'typed.token.1']).args).toEqual([profile, 'typed.token.1']);
    expect(validateInvoke('profiles:test', [profile, null]).args).toEqual([profile, null]);
  });

  it('refuses a malformed token and a third argument, naming the argument', () => {
    expect(refused('profiles:test', [profile, 'two words']).message).toBe('A token has no spaces or line breaks in it. (Fleet Desk refused the token for the test, argument 2 of "profiles:test".)');
    expect(refused('profiles:test', [profile, 42]).kind).toBe('invalid-argument');
    expect(refused('profiles:test', [profile, 'a', 'b']).message).toBe('"profiles:test" takes 1 or 2 arguments, got 3.');
    expect(refused('profiles:test', []).message).toBe('"profiles:test" takes 1 or 2 arguments, got 0.');
  });

  it('still needs every argument of a channel without optional ones', () => {
    expect(refused('auth:pasteToken', ['demo']).message).toBe('"auth:pasteToken" takes 2 arguments, got 1.');
  });
});

describe('embed origins in a profile', () => {
  it('accepts a list of http(s) addresses', () => {
    const withOrigins = { ...profile, embedOrigins: ['https://maps.partner.example', 'http://10.0.0.5:8080'] };
    expect(validateInvoke('profiles:save', [withOrigins]).args).toEqual([withOrigins]);
  });

  it.each([[['javascript:alert(1)']], [['https://user:pw@maps.example']], ['https://maps.example'], [Array.from({ length: 21 }, (_, i) => `https://m${i}.example`)]])(
    'refuses %j',
    (embedOrigins) => {
      expect(refused('profiles:save', [{ ...profile, embedOrigins }]).kind).toBe('invalid-argument');
    },
  );
});
