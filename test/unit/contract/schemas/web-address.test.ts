/** The one rule for web addresses and origins, shared by the forms, the IPC checks and the core. */
import { describe, expect, it } from 'vitest';
import { isHttpOrigin, isHttpUrl, originOf } from '../../../../src-main/contract';

describe('isHttpUrl', () => {
  it('takes http:// and https:// addresses with a host', () => {
    expect(isHttpUrl('https://fleet.example/v1')).toBe(true);
    expect(isHttpUrl('http://10.0.0.5:8080/x?y=1')).toBe(true);
    expect(isHttpUrl('http://[::1]:4000/')).toBe(true);
  });

  it.each(['https://user:pw@fleet.example/v1', 'https://user@fleet.example/', 'http://:pw@fleet.example/'])('refuses %s, which carries a user name or password', (value) => {
    expect(isHttpUrl(value)).toBe(false);
  });

  it.each(['ftp://files.example/', 'javascript:alert(1)', 'file:///etc/passwd', 'not a url', '', 'https://', ' https://fleet.example/', 'HTTPS://fleet.example/', 'https:fleet.example'])(
    'refuses %j, which is not written as an http(s) address',
    (value) => {
      expect(isHttpUrl(value)).toBe(false);
    },
  );
});

describe('originOf', () => {
  it('gives scheme://host[:port] of an http(s) address', () => {
    expect(originOf('https://fleet.example:8443/a?b#c')).toBe('https://fleet.example:8443');
    expect(originOf('http://Fleet.Example/v1')).toBe('http://fleet.example');
  });

  it.each(['ftp://files.example/a', 'wss://fleet.example/', 'blob:https://fleet.example/x', 'not a url', 'https://user:pw@fleet.example/'])('gives no origin for %s', (value) => {
    expect(originOf(value)).toBeNull();
  });
});

describe('isHttpOrigin', () => {
  it.each(['https://maps.example.com', 'https://maps.example.com/', 'http://10.0.0.5:8080', 'http://[::1]:4000', 'http://localhost:3000', 'https://xn--mnchen-3ya.example'])('takes the exact origin %s', (value) => {
    expect(isHttpOrigin(value)).toBe(true);
  });

  it.each(['http://*', 'https://*', 'https://*.evil.test', 'https://maps.*.example', 'https://ma*ps.example', 'https://maps.example.com/embed', 'https://maps.example.com?x=1', 'https://u:p@maps.example.com', 'javascript:alert(1)', '*.example.com'])(
    'refuses %s, which is not one exact site',
    (value) => {
      expect(isHttpOrigin(value)).toBe(false);
    },
  );
});
