/**
 * The scrubbing patterns of errors.ts, checked on a copy of the module loaded inside
 * each test. The patterns are built once when the module loads; loading it afresh in
 * the test is what lets mutation testing see a change to them (errors-edges.test.ts
 * checks the same rules on the copy every other module shares).
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';

const freshErrors = () => import('../../../src-main/core/errors');

beforeEach(() => {
  vi.resetModules();
});

describe('scrubbing patterns on a freshly loaded module', () => {
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
    expect(mayHoldSecretInJson('{"v":"nothing here"}')).toBe(false);
  });
});
