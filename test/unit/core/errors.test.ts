import { describe, expect, it } from 'vitest';
import { FleetError, registerSecret, scrubSecrets, toAppError } from '../../../src-main/core/errors';

describe('errors', () => {
  it('keeps the kind, path and status of a FleetError', () => {
    const err = toAppError(new FleetError('bad-payload', 'fuel is not a number', { path: '$[2].metrics.fuel.value', status: 200 }));
    expect(err).toEqual({ kind: 'bad-payload', message: 'fuel is not a number', path: '$[2].metrics.fuel.value', status: 200 });
  });

  it('wraps foreign errors as internal', () => {
    expect(toAppError(new TypeError('x is undefined'))).toEqual({ kind: 'internal', message: 'Unexpected error: x is undefined' });
  });

  it('scrubs bearer headers, secret parameters and registered secrets', () => {
    registerSecret('s3cr3t-token-value');
    const text = 'Authorization: Bearer abc.def-ghi and ?code_verifier=xyz&state=1 then s3cr3t-token-value';
    const out = scrubSecrets(text);
    expect(out).not.toContain('abc.def-ghi');
    expect(out).not.toContain('xyz');
    expect(out).not.toContain('s3cr3t-token-value');
    expect(out).toContain('state=1');
  });
});
