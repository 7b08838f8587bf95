/** How HTTP answers and network failures become dispatcher messages. */
import { describe, expect, it } from 'vitest';
import { FleetError, registerSecret } from '../../../../src-main/core/errors';
import { classifyFetchFailure, describeEndpoint, errorForStatus, serviceMessage } from '../../../../src-main/core/http/http-errors';
import type { HttpResponse } from '../../../../src-main/core/ports';

const answer = (status: number, body = ''): HttpResponse => ({ status, body, headers: {}, url: 'https://fleet.example/v1/assets' });
const withCode = (code: string, depth = 0): Error => {
  let err: Error & { code?: string; cause?: unknown } = Object.assign(new Error('inner'), { code });
  for (let i = 0; i < depth; i++) err = new Error('outer', { cause: err });
  return err;
};

describe('describeEndpoint', () => {
  it('names the path only: never the query, the fragment or credentials', () => {
    expect(describeEndpoint('https://user:pw@fleet.example/v1/assets?token=s3cret#x')).toBe('/v1/assets');
    expect(describeEndpoint('https://fleet.example')).toBe('/');
  });

  it('says "the service" for an address that is not a URL, and / for one without a path', () => {
    expect(describeEndpoint('not a url')).toBe('the service');
    expect(describeEndpoint('fleet:')).toBe('/');
  });
});

describe('serviceMessage', () => {
  it('passes on message, then error_description, then error, trimmed', () => {
    expect(serviceMessage(JSON.stringify({ message: '  Quota used up  ', error: 'x' }))).toBe('Quota used up');
    expect(serviceMessage(JSON.stringify({ error_description: 'Bad unit id', error: 'invalid' }))).toBe('Bad unit id');
    expect(serviceMessage(JSON.stringify({ error: 'invalid_request' }))).toBe('invalid_request');
  });

  it('skips blank and non-text values', () => {
    expect(serviceMessage(JSON.stringify({ message: '   ', error: 'second' }))).toBe('second');
    expect(serviceMessage(JSON.stringify({ message: 42, error: { nested: true } }))).toBeNull();
  });

  it('cuts the message at 300 characters', () => {
    expect(serviceMessage(JSON.stringify({ message: 'm'.repeat(500) }))).toBe('m'.repeat(300));
  });

  it('passes nothing on from an empty, non-JSON, non-object or huge body', () => {
    expect(serviceMessage('')).toBeNull();
    expect(serviceMessage('<html>oops</html>')).toBeNull();
    expect(serviceMessage('"just text"')).toBeNull();
    expect(serviceMessage('null')).toBeNull();
    const huge = JSON.stringify({ message: 'x', pad: 'p'.repeat(64_000) });
    expect(serviceMessage(huge)).toBeNull();
    const justUnder = JSON.stringify({ message: 'fits', pad: '' });
    expect(serviceMessage(justUnder + ' '.repeat(64_000 - justUnder.length))).toBe('fits');
  });

  it('scrubs a registered secret the service echoes back', () => {
    registerSecret('tok-echoed-0123456789');
    expect(serviceMessage(JSON.stringify({ message: 'bad token tok-echoed-0123456789' }))).not.toContain('tok-echoed-0123456789');
  });
});

describe('errorForStatus', () => {
  it.each([
    [401, 'unauthorized', 'The service no longer accepts the sign-in for /v1/assets (401); please sign in again'],
    [403, 'forbidden', 'The service refused access to /v1/assets (403)'],
    [404, 'not-found', 'The service has nothing at /v1/assets (404)'],
    [414, 'bad-request', 'The request to /v1/assets is too long for the service (414)'],
    [500, 'server', 'The service failed to answer /v1/assets (500)'],
    [503, 'server', 'The service failed to answer /v1/assets (503)'],
    [499, 'bad-request', 'The service rejected the request to /v1/assets (499)'],
    [400, 'bad-request', 'The service rejected the request to /v1/assets (400)'],
  ])('maps %i to %s with a plain message', (status, kind, message) => {
    const err = errorForStatus(answer(status), '/v1/assets');
    expect(err).toBeInstanceOf(FleetError);
    expect(err.kind).toBe(kind);
    expect(err.message).toBe(message);
    expect(err.status).toBe(status);
  });

  it("adds the service's own words after a colon, except to a 401", () => {
    const body = JSON.stringify({ message: 'unit 7 is archived' });
    expect(errorForStatus(answer(404, body), '/v1/assets').message).toBe('The service has nothing at /v1/assets (404): unit 7 is archived');
    expect(errorForStatus(answer(401, body), '/v1/assets').message).not.toContain('archived');
  });

  it('reports throttling with the wait asked for, rounded up to whole seconds', () => {
    const err = errorForStatus(answer(503), '/v1/assets', { throttled: true, retryAfterMs: 1_200 });
    expect(err.kind).toBe('rate-limited');
    expect(err.message).toBe('The service is limiting requests to /v1/assets (503). It asked to wait 2 s.');
    expect(err.retryAfterMs).toBe(1_200);
    expect(errorForStatus(answer(429), '/v1/assets', { throttled: true }).message).toBe('The service is limiting requests to /v1/assets (429).');
  });
});

describe('classifyFetchFailure', () => {
  it('keeps a FleetError as it is', () => {
    const own = new FleetError('cancelled', 'stopped');
    expect(classifyFetchFailure(own, 'connect', '/x')).toBe(own);
    expect(classifyFetchFailure(own, 'body', '/x')).toBe(own);
  });

  it('names a connection that broke while the body arrived', () => {
    const cause = withCode('ECONNREFUSED');
    const err = classifyFetchFailure(cause, 'body', '/v1/assets');
    expect(err.kind).toBe('network');
    expect(err.cause).toBe(cause);
    expect(err.message).toBe('The connection to the service broke off while receiving data (/v1/assets)');
  });

  it.each([
    ['ECONNREFUSED', 'refused the connection'],
    ['ECONNRESET', 'reset the connection'],
    ['ENOTFOUND', 'could not be found (DNS)'],
    ['EAI_AGAIN', 'could not be found (DNS)'],
    ['EHOSTUNREACH', 'is unreachable'],
    ['ENETUNREACH', 'is unreachable (no network)'],
    ['EPIPE', 'closed the connection'],
    ['UND_ERR_SOCKET', 'closed the connection'],
    ['ESOMETHINGELSE', 'could not be reached'],
  ])('says what %s means', (code, what) => {
    const err = classifyFetchFailure(withCode(code, 1), 'connect', '/v1/assets');
    expect(err.kind).toBe('network');
    expect(err.message).toBe(`The service ${what} (/v1/assets)`);
  });

  it('keeps the failure as the cause, for the log', () => {
    const cause = withCode('ECONNRESET');
    expect(classifyFetchFailure(cause, 'connect', '/x').cause).toBe(cause);
  });

  it('reads a code only from error objects', () => {
    const callable = Object.assign(() => undefined, { code: 'ECONNREFUSED' });
    expect(classifyFetchFailure(callable, 'connect', '/x').message).toBe('The service could not be reached (/x)');
  });

  it('looks for the code through up to five causes, no deeper', () => {
    expect(classifyFetchFailure(withCode('ECONNREFUSED', 4), 'connect', '/x').message).toBe('The service refused the connection (/x)');
    expect(classifyFetchFailure(withCode('ECONNREFUSED', 5), 'connect', '/x').message).toBe('The service could not be reached (/x)');
  });

  it('takes the outermost code, and copes with no error object at all', () => {
    const outer = Object.assign(new Error('outer', { cause: withCode('ECONNREFUSED') }), { code: 'ENOTFOUND' });
    expect(classifyFetchFailure(outer, 'connect', '/x').message).toBe('The service could not be found (DNS) (/x)');
    expect(classifyFetchFailure(undefined, 'connect', '/x').message).toBe('The service could not be reached (/x)');
    expect(classifyFetchFailure(Object.assign(new Error('n'), { code: 7 }), 'connect', '/x').message).toBe('The service could not be reached (/x)');
  });
});
