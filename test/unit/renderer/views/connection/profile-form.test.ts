import { describe, expect, it } from 'vitest';
import type { Profile } from '../../../../../src-main/contract';
import { canSignIn, offersSignIn, draftFrom, emptyDraft, fieldOf, toInput, validateDraft } from '../../../../../src-renderer/src/views/connection/profile-form';

const good = { ...emptyDraft(), name: 'North', baseUrl: 'https://north.example.com/v1/', authorizeUrl: 'https://a.example.com/authorize', tokenUrl: 'https://a.example.com/token', clientId: 'desk' };

describe('profile form checks', () => {
  it('accepts a complete draft', () => {
    expect(validateDraft(good)).toEqual({});
  });

  it.each([
    [{ name: ' ' }, 'name', 'Name is required.'],
    [{ baseUrl: 'north.example.com/v1' }, 'baseUrl', 'Base URL must be a full http:// or https:// address (without a user name or password in it).'],
    [{ baseUrl: 'https://u:p@north.example.com/v1' }, 'baseUrl', 'Base URL must be a full http:// or https:// address (without a user name or password in it).'],
    [{ baseUrl: 'https://north.example.com/v2' }, 'baseUrl', 'Base URL must end in /v1 (for example https://fleet.example.com/v1).'],
    [{ tokenUrl: '' }, 'tokenUrl', 'Give both the authorize URL and the token URL, or neither.'],
    [{ clientId: '' }, 'clientId', 'Client id is required for signing in with OAuth.'],
    [{ aempUrl: 'ftp://x' }, 'aempUrl', 'Fleet (AEMP) URL must be empty or a full http:// or https:// address.'],
    [{ speedUnit: 'knots' as never }, 'speedUnit', 'Speed unit must be km/h, mph, m/s or "not stated".'],
  ])('flags %j', (patch, field, message) => {
    expect(validateDraft({ ...good, ...patch })).toEqual({ [field]: message });
  });

  it('starts with the speed unit not stated, sends the chosen one and edits a profile with its own', () => {
    expect(emptyDraft().speedUnit).toBe('unstated');
    expect(toInput(good).speedUnit).toBe('unstated');
    expect(toInput({ ...good, speedUnit: 'm/s' }).speedUnit).toBe('m/s');
  });

  it('sends the embed origins as a list, split on spaces or commas', () => {
    expect(toInput(good).embedOrigins).toEqual([]);
    expect(toInput({ ...good, embedOrigins: ' https://a.example, https://b.example:8443\nhttp://10.0.0.5 ' }).embedOrigins).toEqual(['https://a.example', 'https://b.example:8443', 'http://10.0.0.5']);
  });

  it.each(['http://*', 'https://*', 'https://*.evil.test'])('refuses the wildcard embed origin %s, naming it', (origin) => {
    expect(validateDraft({ ...good, embedOrigins: `https://maps.example.com ${origin}` }).embedOrigins).toContain(`“${origin}” is not an embed map origin`);
  });

  it.each(['maps.example.com', 'https://maps.example.com/embed', 'ftp://maps.example.com', 'https://u:p@maps.example.com'])('flags the embed origin %s', (origin) => {
    expect(validateDraft({ ...good, embedOrigins: origin })).toHaveProperty('embedOrigins');
  });

  it('sends the secret only when one was typed, trimmed', () => {
    expect(toInput(good)).not.toHaveProperty('clientSecret');
    expect(toInput({ ...good, clientSecret: ' s3cret ', id: 'p-1' })).toMatchObject({ id: 'p-1', clientSecret: 's3cret' });
  });

  it('edits a profile without ever holding its secret', () => {
    const p: Profile = { id: 'p-1', name: 'N', baseUrl: 'https://n/v1', aempUrl: '', authorizeUrl: '', tokenUrl: '', clientId: '', scopes: '', builtIn: false, hasClientSecret: true, signedIn: false, embedOrigins: ['https://maps.example.com'], speedUnit: 'mph' };
    expect(draftFrom(p).clientSecret).toBe('');
    expect(draftFrom(p).embedOrigins).toBe('https://maps.example.com');
    expect(draftFrom(p).speedUnit).toBe('mph');
    expect(canSignIn(p)).toBe(false);
    expect(canSignIn({ ...p, authorizeUrl: 'https://a', tokenUrl: 'https://t', clientId: 'c' })).toBe(true);
  });

  it('offers "Sign in" only to a profile that can sign in and is not signed in', () => {
    const p: Profile = { id: 'p-1', name: 'N', baseUrl: 'https://n/v1', aempUrl: '', authorizeUrl: 'https://a', tokenUrl: 'https://t', clientId: 'c', scopes: '', builtIn: false, hasClientSecret: false, signedIn: false, embedOrigins: [], speedUnit: 'unstated' };
    expect(offersSignIn(p)).toBe(true);
    expect(offersSignIn({ ...p, signedIn: true })).toBe(false);
    expect(offersSignIn({ ...p, clientId: '' })).toBe(false);
  });

  it('maps main-side error paths to fields', () => {
    expect(fieldOf('baseUrl')).toBe('baseUrl');
    expect(fieldOf('$.whatever')).toBeNull();
    expect(fieldOf(undefined)).toBeNull();
    expect(fieldOf('embedOrigins.2')).toBe('embedOrigins');
  });
});
