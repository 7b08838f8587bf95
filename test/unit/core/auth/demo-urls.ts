/** The built-in demo profile's URLs as the auth tests assume them (a demo service on port 4000). */
export const DEMO_URLS = {
  baseUrl: 'http://127.0.0.1:4000/v1',
  aempUrl: 'http://127.0.0.1:4000/aemp',
  authorizeUrl: 'http://127.0.0.1:4000/oauth/authorize',
  tokenUrl: 'http://127.0.0.1:4000/oauth/token',
  clientId: 'fleet-desk',
  scopes: 'assets:read',
};
