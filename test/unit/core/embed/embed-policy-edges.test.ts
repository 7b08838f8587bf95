/** The embed URL policy at its edges (mutation survivors of embed-policy.ts). */
import { describe, expect, it } from 'vitest';
import { checkEmbedUrl, embedFrameSources, embedPolicy, embedPolicyFromCore, embedUrlRefusal } from '../../../../src-main/core/embed/embed-policy';
import type { FleetDeskCore } from '../../../../src-main/core/ports';

describe('embed policy edges', () => {
  it('refuses a map address carrying a user name, a password or both, even on the service’s own host', () => {
    const policy = embedPolicy({ baseUrl: 'https://api.example.com/v1' });
    for (const url of ['https://user@maps.example.com/e', 'https://:pw@maps.example.com/e', 'https://user:pw@maps.example.com/e']) {
      expect(embedUrlRefusal(url, policy), url).toBe('The map address for maps.example.com carries a user name or password (not an http(s) map address Fleet Desk opens).');
    }
  });

  it('keeps only exact http(s) origins the user added, and none that are opaque', () => {
    const policy = embedPolicy({ baseUrl: 'https://api.example.com/v1', embedOrigins: ['https://maps.partner.net/', 'https://maps.partner.net/path', 'not a url', 'file:///etc/passwd', 'data:text/html,x'] });
    expect(policy.origins).toEqual(['https://maps.partner.net']);
    expect(embedFrameSources(policy)).not.toContain('null');
    expect(embedPolicy({ baseUrl: 'https://api.example.com/v1' }).origins).toEqual([]);
  });

  it('has no site for a base URL that is not http(s)', () => {
    expect(embedPolicy({ baseUrl: 'ftp://files.example.com/v1' }).site).toBeNull();
    expect(embedPolicy({ baseUrl: 'not a url' }).site).toBeNull();
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

  it('matches an exact host only for a host site, and a registrable domain only for a domain site', () => {
    const host = embedPolicy({ baseUrl: 'http://fleetserver:8080/v1' });
    expect(embedUrlRefusal('http://fleetserver:9000/e', host)).toBeNull();
    expect(embedUrlRefusal('http://other.fleetserver/e', host)).not.toBeNull();
    const nowhere = embedPolicy({ baseUrl: 'not a url' });
    expect(embedUrlRefusal('http://fleetserver/e', nowhere)).not.toBeNull();
  });

  it('refuses at $.mapEmbed', () => {
    expect(() => checkEmbedUrl('https://evil.net/e', embedPolicy({ baseUrl: 'https://api.example.com/v1' }))).toThrow(expect.objectContaining({ path: '$.mapEmbed' }));
  });

  it('frames an IPv4 host site but leaves an IPv6 literal out of the CSP sources', () => {
    expect(embedFrameSources(embedPolicy({ baseUrl: 'http://10.0.0.5:8080/v1' }))).toEqual(['https://10.0.0.5:*', 'http://10.0.0.5:*']);
    expect(embedFrameSources(embedPolicy({ baseUrl: 'http://[::1]:4000/v1' }))).toEqual([]);
  });

  it('has an empty policy when no profile is active', async () => {
    const core = { handlers: { 'profiles:list': async () => ({ activeId: 'gone', profiles: [] }) } } as unknown as FleetDeskCore;
    expect(await embedPolicyFromCore(core)).toEqual({ site: null, origins: [] });
  });
});
