/**
 * Secret scrubbing and the error type. Each test registers its own secrets and forgets
 * them after, so tests do not lean on one another's registrations.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  FleetError,
  forgetSecret,
  hasRegisteredSecret,
  mayHoldSecretInJson,
  redactRegisteredSecrets,
  registerSecret,
  scrubSecrets,
  toAppError,
} from '../../../src-main/core/errors';

const registered: string[] = [];
const register = (secret: string) => {
  registered.push(secret);
  registerSecret(secret);
};

afterEach(() => {
  for (const s of registered.splice(0)) forgetSecret(s);
});

describe('registerSecret and forgetSecret remember which secrets to scrub', () => {
  it('registers secrets of six characters or more, not shorter ones', () => {
    register('abcdef');
    register('abcde');
    expect(scrubSecrets('x abcdef y')).toBe('x [redacted] y');
    expect(scrubSecrets('x abcde y')).toBe('x abcde y');
    expect(hasRegisteredSecret('abcde')).toBe(false);
  });

  it('stops scrubbing a forgotten secret, and forgetting an unknown one changes nothing', () => {
    register('tok-forget-me-123');
    register('tok-keep-me-456');
    forgetSecret('tok-forget-me-123');
    forgetSecret('never-registered');
    forgetSecret(null);
    expect(scrubSecrets('tok-forget-me-123 tok-keep-me-456')).toBe('tok-forget-me-123 [redacted]');
    expect(hasRegisteredSecret('tok-forget-me-123')).toBe(false);
    expect(hasRegisteredSecret('tok-keep-me-456')).toBe(true);
  });

  it('ignores empty and missing secrets', () => {
    registerSecret('');
    registerSecret(null);
    registerSecret(undefined);
    expect(scrubSecrets('plain text')).toBe('plain text');
  });
});

describe('hasRegisteredSecret and redactRegisteredSecrets find registered secrets', () => {
  it('finds a registered secret, taken literally (regular-expression characters included)', () => {
    register('a.b*c+d?e(f)g[h]i|j^k$l{m}n/o-p\\q');
    expect(hasRegisteredSecret('before a.b*c+d?e(f)g[h]i|j^k$l{m}n/o-p\\q after')).toBe(true);
    expect(hasRegisteredSecret('aXb*c+d?e(f)g[h]i|j^k$l{m}n/o-p\\q')).toBe(false);
    expect(hasRegisteredSecret('clean text')).toBe(false);
  });

  it('redacts every copy and leaves clean text as the very same string', () => {
    register('tok-redact-0001');
    expect(redactRegisteredSecrets('tok-redact-0001/tok-redact-0001')).toBe('[redacted]/[redacted]');
    const clean = 'nothing secret here';
    expect(redactRegisteredSecrets(clean)).toBe(clean);
  });

  it('finds any of several secrets after more are registered', () => {
    register('first-secret-111');
    expect(hasRegisteredSecret('second-secret-222')).toBe(false);
    register('second-secret-222');
    expect(hasRegisteredSecret('x second-secret-222 x')).toBe(true);
    expect(hasRegisteredSecret('x first-secret-111 x')).toBe(true);
  });
});

describe('mayHoldSecretInJson finds a registered secret in JSON text', () => {
  it('says no when nothing is registered or the text is clean', () => {
    expect(mayHoldSecretInJson('{"a":"tok-json-0001"}')).toBe(false);
    register('tok-json-0001');
    expect(mayHoldSecretInJson('{"a":"clean"}')).toBe(false);
    expect(mayHoldSecretInJson('{"a":"clean \\n with an escape"}')).toBe(false);
  });

  it('finds a secret written as is or with JSON escapes of any kind', () => {
    register('tok/"js\\on\b\f\n\r\t-0002');
    const written = JSON.stringify({ a: 'tok/"js\\on\b\f\n\r\t-0002' });
    expect(mayHoldSecretInJson(written)).toBe(true);
    expect(mayHoldSecretInJson(written.replace('tok/', 'tok\\/'))).toBe(true);
    register('tok-escaped-0003');
    expect(mayHoldSecretInJson('{"a":"\\u0074ok-escaped-0003"}')).toBe(true);
    expect(mayHoldSecretInJson('{"a":"tok\\u002Descaped-0003"}')).toBe(true);
    expect(mayHoldSecretInJson('{"a":"tok\\u002descaped-0003"}')).toBe(true);
    expect(mayHoldSecretInJson('{"a":"tok\\u002Xescaped-0003"}')).toBe(false);
    expect(JSON.parse('{"a":"tok\\u002Descaped-0003"}').a).toBe('tok-escaped-0003');
  });

  it('accepts short escapes only for the characters JSON has them for', () => {
    register('tok-short-0005');
    expect(mayHoldSecretInJson('{"a":"tok\\undefinedshort-0005"}')).toBe(false);
    expect(mayHoldSecretInJson('{"a":"tok\\-short-0005"}')).toBe(false);
  });
});

describe('scrubSecrets redacts credentials in text', () => {
  it('scrubs bearer headers, secret parameters and registered secrets', () => {
    register('s3cr3t-token-value');
    const text = 'Authorization: Bearer abc.def-ghi and ?code_verifier=xyz&state=1 then s3cr3t-token-value';
    const out = scrubSecrets(text);
    expect(out).not.toContain('abc.def-ghi');
    expect(out).not.toContain('xyz');
    expect(out).not.toContain('s3cr3t-token-value');
    expect(out).toContain('state=1');
  });

  it('redacts bearer credentials and secret parameters, whatever the case', () => {
    expect(scrubSecrets('Authorization: Bearer abc.DEF-123_~+/==')).toBe('Authorization: Bearer [redacted]');
    expect(scrubSecrets('authorization: BEARER   xyz')).toBe('authorization: BEARER   [redacted]');
    expect(scrubSecrets('https://a/?access_token=s1&x=1&refresh_token=s2&client_secret=s3&code_verifier=s4&token=s5&jws=s6')).toBe(
      'https://a/?access_token=[redacted]&x=1&refresh_token=[redacted]&client_secret=[redacted]&code_verifier=[redacted]&token=[redacted]&jws=[redacted]',
    );
    expect(scrubSecrets('ACCESS_TOKEN=abc def')).toBe('ACCESS_TOKEN=[redacted] def');
  });
});

/**
 * The scrubbing patterns are built once when the module loads; loading a copy afresh
 * inside each test is what lets mutation testing see a change to them (the tests above
 * check the same rules on the copy every other module shares).
 */
describe('scrubSecrets builds its patterns right when the module loads', () => {
  const freshErrors = () => import('../../../src-main/core/errors');

  beforeEach(() => {
    vi.resetModules();
  });

  it('checks a copy of its own, not the one every other module shares', async () => {
    expect((await freshErrors()).scrubSecrets).not.toBe(scrubSecrets);
  });

  it('redacts a whole bearer credential after any run of blanks, padding included', async () => {
    const { scrubSecrets } = await freshErrors();
    expect(scrubSecrets('Authorization: Bearer   abc.DEF-123_~+/xyz==; next')).toBe('Authorization: Bearer   [redacted]; next');
    expect(scrubSecrets('bearer\tq1w2e3')).toBe('bearer\t[redacted]');
  });

  it('redacts secret parameter values up to the next &, blank or quote', async () => {
    const { scrubSecrets } = await freshErrors();
    expect(scrubSecrets('GET /cb?code_verifier=abcDEF123&state=ok token=zz9 jws="eyJx.y"')).toBe('GET /cb?code_verifier=[redacted]&state=ok token=[redacted] jws="eyJx.y"');
    expect(scrubSecrets("{'client_secret=s3cr3t'}")).toBe("{'client_secret=[redacted]'}");
  });

  it('takes regular-expression characters in a registered secret literally', async () => {
    const { registerSecret, hasRegisteredSecret, mayHoldSecretInJson } = await freshErrors();
    registerSecret('a.b*c+d(e)');
    expect(hasRegisteredSecret('a.b*c+d(e)')).toBe(true);
    expect(hasRegisteredSecret('aXbbbcdde')).toBe(false);
    expect(hasRegisteredSecret('nothing here')).toBe(false);
    expect(mayHoldSecretInJson('{"a":"nothing here"}')).toBe(false);
  });
});

describe('FleetError and toAppError carry errors to the renderer in the contract form', () => {
  it('keeps the kind, path and status of a FleetError', () => {
    const err = toAppError(new FleetError('bad-payload', 'fuel is not a number', { path: '$[2].metrics.fuel.value', status: 200 }));
    expect(err).toEqual({ kind: 'bad-payload', message: 'fuel is not a number', path: '$[2].metrics.fuel.value', status: 200 });
  });

  it('wraps foreign errors as internal', () => {
    expect(toAppError(new TypeError('x is undefined'))).toEqual({ kind: 'internal', message: 'Unexpected error: x is undefined' });
  });

  it('names itself FleetError in stack traces and logs', () => {
    const err = new FleetError('network', 'fleet.example cannot be reached');
    expect(err.name).toBe('FleetError');
    expect(String(err)).toBe('FleetError: fleet.example cannot be reached');
  });

  it('keeps a cause only when one is given', () => {
    const cause = new Error('inner');
    expect(new FleetError('network', 'm', { cause }).cause).toBe(cause);
    expect('cause' in new FleetError('network', 'm')).toBe(false);
  });

  it('serialises to the contract form, with only the fields it has', () => {
    expect(JSON.parse(JSON.stringify(new FleetError('not-found', 'gone')))).toEqual({ kind: 'not-found', message: 'gone' });
    expect(toAppError(new FleetError('rate-limited', 'wait', { path: '$.a', status: 429, retryAfterMs: 5000 }))).toEqual({
      kind: 'rate-limited',
      message: 'wait',
      path: '$.a',
      status: 429,
      retryAfterMs: 5000,
    });
    expect(Object.keys(toAppError(new FleetError('server', 'x')))).toEqual(['kind', 'message']);
  });

  it('scrubs the message of anything thrown', () => {
    register('tok-thrown-0004');
    expect(toAppError(new FleetError('server', 'tok-thrown-0004 failed')).message).toBe('[redacted] failed');
    expect(toAppError('tok-thrown-0004')).toEqual({ kind: 'internal', message: 'Unexpected error: [redacted]' });
  });
});
