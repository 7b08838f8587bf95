/** The embed map policy: which map addresses Fleet Desk opens, and which sites the page may frame. */
import { describe, expect, it } from 'vitest';
import {
  checkEmbedUrl,
  embedFrameSources,
  embedPolicy,
  embedPolicyFromCore,
  embedUrlRefusal,
  isEmbedUrlAllowed,
} from '../../../../src-main/core/embed/embed-policy';
import { coreAnswering } from '../../../fixtures/core-handlers';

const api = () => embedPolicy({ baseUrl: 'https://api.example.com/v1' });

describe('embedPolicy accepts maps on the service’s own site and refuses others', () => {
  it.each([
    'https://example.com/embed?jws=x',
    'https://api.example.com/map',
    'https://maps.eu.example.com/view#all',
    'http://example.com/embed',
    'https://example.com:8443/embed',
  ])('accepts %s for a service at api.example.com', (url) => {
    expect(isEmbedUrlAllowed(url, api())).toBe(true);
    expect(embedUrlRefusal(url, api())).toBeNull();
  });

  it.each([
    ['https://example.com.evil.net/embed', 'example.com.evil.net'],
    ['https://evilexample.com/embed', 'evilexample.com'],
    ['https://example.org/embed', 'example.org'],
    ['https://com/embed', 'com'],
    ['https://127.0.0.1/embed', '127.0.0.1'],
  ])('refuses %s, naming %s', (url, host) => {
    expect(isEmbedUrlAllowed(url, api())).toBe(false);
    const message = embedUrlRefusal(url, api())!;
    expect(message).toContain(host);
    expect(message).toContain('example.com');
  });

  it.each(['javascript:alert(1)', 'data:text/html,<script>1</script>', 'file:///etc/passwd', 'ftp://example.com/x', 'https://user:pw@example.com/embed', 'not a url', ''])(
    'refuses %j: only http(s) without credentials',
    (url) => {
      expect(isEmbedUrlAllowed(url, api())).toBe(false);
      expect(embedUrlRefusal(url, api())).toMatch(/http/);
    },
  );

  it('uses the public-suffix list: a country suffix or a hosting suffix is not a site', () => {
    const uk = () => embedPolicy({ baseUrl: 'https://api.fleet.co.uk/v1' });
    expect(isEmbedUrlAllowed('https://maps.fleet.co.uk/e', uk())).toBe(true);
    expect(isEmbedUrlAllowed('https://other.co.uk/e', uk())).toBe(false);
    const hosted = () => embedPolicy({ baseUrl: 'https://fleet-a.github.io/v1' });
    expect(isEmbedUrlAllowed('https://maps.fleet-a.github.io/e', hosted())).toBe(true);
    expect(isEmbedUrlAllowed('https://fleet-b.github.io/e', hosted())).toBe(false);
  });

  it('matches IP literals, localhost and single-label hosts exactly (any port)', () => {
    const demo = () => embedPolicy({ baseUrl: 'http://127.0.0.1:4000/v1' });
    expect(isEmbedUrlAllowed('http://127.0.0.1:4000/embed/auth?jws=x', demo())).toBe(true);
    expect(isEmbedUrlAllowed('http://127.0.0.1:5111/embed', demo())).toBe(true);
    expect(isEmbedUrlAllowed('http://127.0.0.2:4000/embed', demo())).toBe(false);
    expect(isEmbedUrlAllowed('http://localhost:4000/embed', demo())).toBe(false);
    const local = () => embedPolicy({ baseUrl: 'http://localhost:4000/v1' });
    expect(isEmbedUrlAllowed('http://localhost:9/embed', local())).toBe(true);
    expect(isEmbedUrlAllowed('http://a.localhost:4000/embed', local())).toBe(false);
    const v6 = () => embedPolicy({ baseUrl: 'http://[::1]:4000/v1' });
    expect(isEmbedUrlAllowed('http://[::1]:4001/embed', v6())).toBe(true);
    expect(isEmbedUrlAllowed('http://[::2]:4000/embed', v6())).toBe(false);
    const intranet = () => embedPolicy({ baseUrl: 'http://fleetserver:8080/v1' });
    expect(isEmbedUrlAllowed('http://fleetserver/embed', intranet())).toBe(true);
    expect(isEmbedUrlAllowed('http://otherserver/embed', intranet())).toBe(false);
  });

  it('refuses a map address carrying a user name, a password or both, even on the service’s own host', () => {
    const policy = embedPolicy({ baseUrl: 'https://api.example.com/v1' });
    for (const url of ['https://user@maps.example.com/e', 'https://:pw@maps.example.com/e', 'https://user:pw@maps.example.com/e']) {
      expect(embedUrlRefusal(url, policy), url).toBe('The map address for maps.example.com carries a user name or password (not an http(s) map address Fleet Desk opens).');
    }
  });

  it('has no site for a base URL that is not http(s)', () => {
    expect(embedPolicy({ baseUrl: 'ftp://files.example.com/v1' }).site).toBeNull();
    expect(embedPolicy({ baseUrl: 'not a url' }).site).toBeNull();
  });

  it('matches an exact host only for a host site, and a registrable domain only for a domain site', () => {
    const host = embedPolicy({ baseUrl: 'http://fleetserver:8080/v1' });
    expect(embedUrlRefusal('http://fleetserver:9000/e', host)).toBeNull();
    expect(embedUrlRefusal('http://other.fleetserver/e', host)).not.toBeNull();
    const nowhere = embedPolicy({ baseUrl: 'not a url' });
    expect(embedUrlRefusal('http://fleetserver/e', nowhere)).not.toBeNull();
  });
});

describe('embedPolicy accepts exactly the origins the user added', () => {
  const partner = () => embedPolicy({ baseUrl: 'https://api.example.com/v1', embedOrigins: ['https://maps.partner.net', 'http://10.0.0.5:8080'] });

  it('accepts exactly those origins (scheme, host and port)', () => {
    expect(isEmbedUrlAllowed('https://maps.partner.net/e?x=1', partner())).toBe(true);
    expect(isEmbedUrlAllowed('http://10.0.0.5:8080/e', partner())).toBe(true);
    expect(isEmbedUrlAllowed('http://maps.partner.net/e', partner())).toBe(false);
    expect(isEmbedUrlAllowed('https://maps.partner.net:8443/e', partner())).toBe(false);
    expect(isEmbedUrlAllowed('https://other.partner.net/e', partner())).toBe(false);
    expect(isEmbedUrlAllowed('http://10.0.0.5:8081/e', partner())).toBe(false);
  });

  it('names the added origins in a refusal', () => {
    expect(embedUrlRefusal('https://evil.example.net/e', partner())).toContain('https://maps.partner.net');
  });

  it('keeps only exact http(s) origins the user added, and none that are opaque', () => {
    const policy = embedPolicy({ baseUrl: 'https://api.example.com/v1', embedOrigins: ['https://maps.partner.net/', 'https://maps.partner.net/path', 'not a url', 'file:///etc/passwd', 'data:text/html,x'] });
    expect(policy.origins).toEqual(['https://maps.partner.net']);
    expect(embedFrameSources(policy)).not.toContain('null');
    expect(embedPolicy({ baseUrl: 'https://api.example.com/v1' }).origins).toEqual([]);
  });
});

describe('embedUrlRefusal and checkEmbedUrl say what is allowed when they refuse', () => {
  it('returns an allowed URL and throws a bad-payload error naming the host otherwise', () => {
    expect(checkEmbedUrl('https://example.com/e', api())).toBe('https://example.com/e');
    expect(() => checkEmbedUrl('https://evil.example.net/e', api())).toThrow(expect.objectContaining({ kind: 'bad-payload', message: expect.stringContaining('evil.example.net') }));
  });

  it('names what is allowed in a refusal: the site, the added origins, both, or nowhere', () => {
    const site = embedPolicy({ baseUrl: 'https://api.example.com/v1' });
    expect(embedUrlRefusal('https://evil.net/e', site)).toBe(
      "The service sent a map on evil.net, which is not the service's own site (example.com); Fleet Desk does not open it. If evil.net belongs to your service, add https://evil.net to the profile's embed map origins.",
    );
    const host = embedPolicy({ baseUrl: 'http://fleetserver:8080/v1', embedOrigins: ['https://a.example', 'https://b.example'] });
    expect(embedUrlRefusal('https://evil.net/e', host)).toContain(
      "which is not the service's own host (fleetserver) or the embed map origins added to the profile (https://a.example, https://b.example);",
    );
    const nowhere = embedPolicy({ baseUrl: 'not a url' });
    expect(embedUrlRefusal('https://evil.net/e', nowhere)).toContain('which is not nowhere (the profile has no usable base URL);');
  });

  it('refuses at $.mapEmbed', () => {
    expect(() => checkEmbedUrl('https://evil.net/e', embedPolicy({ baseUrl: 'https://api.example.com/v1' }))).toThrow(expect.objectContaining({ path: '$.mapEmbed' }));
  });
});

describe('embedFrameSources lists the sites the page may frame (CSP frame-src)', () => {
  it('lists the site (apex and subdomains, any port) and the added origins', () => {
    const sources = embedFrameSources(embedPolicy({ baseUrl: 'https://api.example.com/v1', embedOrigins: ['https://maps.partner.net:8443'] }));
    expect(sources).toEqual([
      'https://example.com:*',
      'https://*.example.com:*',
      'http://example.com:*',
      'http://*.example.com:*',
      'https://maps.partner.net:8443',
    ]);
  });

  it('never copies a wildcard or any other non-origin into frame-src', () => {
    const policy = embedPolicy({ baseUrl: 'http://127.0.0.1:4000/v1', embedOrigins: ['http://*', 'https://*', 'https://*.evil.test', 'https://u:p@maps.example', 'https://maps.partner.net/'] });
    expect(embedFrameSources(policy)).toEqual(['https://127.0.0.1:*', 'http://127.0.0.1:*', 'https://maps.partner.net']);
  });

  it('lists an exact host for IP literals and localhost', () => {
    expect(embedFrameSources(embedPolicy({ baseUrl: 'http://127.0.0.1:4000/v1' }))).toEqual(['https://127.0.0.1:*', 'http://127.0.0.1:*']);
  });

  it('lists nothing for an unusable base URL', () => {
    expect(embedFrameSources(embedPolicy({ baseUrl: 'nonsense' }))).toEqual([]);
  });

  it('frames an IPv4 host site but leaves an IPv6 literal out of the CSP sources', () => {
    expect(embedFrameSources(embedPolicy({ baseUrl: 'http://10.0.0.5:8080/v1' }))).toEqual(['https://10.0.0.5:*', 'http://10.0.0.5:*']);
    expect(embedFrameSources(embedPolicy({ baseUrl: 'http://[::1]:4000/v1' }))).toEqual([]);
  });
});

describe('embedPolicyFromCore reads the active profile', () => {
  it('reads the active profile', async () => {
    const core = coreAnswering({
      'profiles:list': async () => ({
        activeId: 'b',
        profiles: [
          { id: 'a', baseUrl: 'https://a.example.org/v1', embedOrigins: [] },
          { id: 'b', baseUrl: 'https://api.example.com/v1', embedOrigins: ['https://maps.partner.net'] },
        ],
      }),
    });
    const policy = await embedPolicyFromCore(core);
    expect(isEmbedUrlAllowed('https://example.com/e', policy)).toBe(true);
    expect(isEmbedUrlAllowed('https://maps.partner.net/e', policy)).toBe(true);
    expect(isEmbedUrlAllowed('https://a.example.org/e', policy)).toBe(false);
  });

  it('has an empty policy when no profile is active', async () => {
    const core = coreAnswering({ 'profiles:list': async () => ({ activeId: 'gone', profiles: [] }) });
    expect(await embedPolicyFromCore(core)).toEqual({ site: null, origins: [] });
  });
});
