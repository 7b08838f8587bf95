/** The add/edit form's fields and the checks the dispatcher sees before anything is sent. */
import type { Profile, ProfileInput } from '@contract';

export type FieldName = 'name' | 'baseUrl' | 'aempUrl' | 'authorizeUrl' | 'tokenUrl' | 'clientId' | 'clientSecret' | 'scopes' | 'embedOrigins';

/**
 * The form's text fields: a profile input whose secret field is always present (empty =
 * unchanged) and whose embed origins are one text, separated by spaces or commas.
 */
export type ProfileDraft = Omit<ProfileInput, 'clientSecret' | 'embedOrigins'> & { clientSecret: string; embedOrigins: string };

export type FieldErrors = Partial<Record<FieldName, string>>;

export function emptyDraft(): ProfileDraft {
  return { name: '', baseUrl: '', aempUrl: '', authorizeUrl: '', tokenUrl: '', clientId: '', clientSecret: '', scopes: '', embedOrigins: '' };
}

export function draftFrom(p: Profile): ProfileDraft {
  return {
    id: p.id,
    name: p.name,
    baseUrl: p.baseUrl,
    aempUrl: p.aempUrl,
    authorizeUrl: p.authorizeUrl,
    tokenUrl: p.tokenUrl,
    clientId: p.clientId,
    clientSecret: '',
    scopes: p.scopes,
    embedOrigins: p.embedOrigins.join(' '),
  };
}

const splitOrigins = (text: string) => text.split(/[\s,]+/).filter(Boolean);

/** `scheme://host[:port]` only: an embed origin names a site, not a page. */
function isHttpOrigin(s: string): boolean {
  if (!isHttpUrl(s)) return false;
  const u = new URL(s);
  return u.pathname === '/' && !/[?#]/.test(s);
}

function isHttpUrl(s: string): boolean {
  try {
    const u = new URL(s);
    // Credentials in a URL would end up in the (non-secret) profiles file.
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '' && u.username === '' && u.password === '';
  } catch {
    return false;
  }
}

/** Field messages; empty when the draft can be sent. The main side checks again. */
export function validateDraft(d: ProfileDraft): FieldErrors {
  const e: FieldErrors = {};
  const t = (s: string) => s.trim();
  if (!t(d.name)) e.name = 'Name is required.';
  if (!t(d.baseUrl)) e.baseUrl = 'Base URL is required.';
  else if (!isHttpUrl(t(d.baseUrl))) e.baseUrl = 'Base URL must be a full http:// or https:// address.';
  else if (!t(d.baseUrl).replace(/\/+$/, '').endsWith('/v1')) e.baseUrl = 'Base URL must end in /v1 (for example https://fleet.example.com/v1).';
  if (t(d.aempUrl) && !isHttpUrl(t(d.aempUrl))) e.aempUrl = 'Fleet (AEMP) URL must be empty or a full http:// or https:// address.';
  if (t(d.authorizeUrl) && !isHttpUrl(t(d.authorizeUrl))) e.authorizeUrl = 'Authorize URL must be empty or a full http:// or https:// address.';
  if (t(d.tokenUrl) && !isHttpUrl(t(d.tokenUrl))) e.tokenUrl = 'Token URL must be empty or a full http:// or https:// address.';
  if (!e.authorizeUrl && !e.tokenUrl && !t(d.authorizeUrl) !== !t(d.tokenUrl)) e.tokenUrl = 'Give both the authorize URL and the token URL, or neither.';
  if ((t(d.authorizeUrl) || t(d.tokenUrl)) && !t(d.clientId)) e.clientId = 'Client id is required for signing in with OAuth.';
  if (!splitOrigins(d.embedOrigins).every(isHttpOrigin)) {
    e.embedOrigins = 'Embed map origins are http:// or https:// addresses without a path, separated by spaces (for example https://maps.example.com).';
  }
  return e;
}

export function toInput(d: ProfileDraft): ProfileInput {
  const input: ProfileInput = {
    name: d.name.trim(),
    baseUrl: d.baseUrl.trim(),
    aempUrl: d.aempUrl.trim(),
    authorizeUrl: d.authorizeUrl.trim(),
    tokenUrl: d.tokenUrl.trim(),
    clientId: d.clientId.trim(),
    scopes: d.scopes.trim(),
    embedOrigins: splitOrigins(d.embedOrigins),
  };
  if (d.id) input.id = d.id;
  if (d.clientSecret.trim()) input.clientSecret = d.clientSecret.trim();
  return input;
}

const FIELDS: FieldName[] = ['name', 'baseUrl', 'aempUrl', 'authorizeUrl', 'tokenUrl', 'clientId', 'clientSecret', 'scopes', 'embedOrigins'];

/** The field a main-side error points at (its `path`, e.g. `embedOrigins.1`), if any. */
export function fieldOf(path: string | undefined): FieldName | null {
  const head = path?.split('.')[0];
  return head && (FIELDS as string[]).includes(head) ? (head as FieldName) : null;
}

export function canSignIn(p: Profile): boolean {
  return Boolean(p.authorizeUrl && p.tokenUrl && p.clientId);
}
