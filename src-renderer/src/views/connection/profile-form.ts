/** The add/edit form's fields and the checks the dispatcher sees before anything is sent. */
import * as v from 'valibot';
import { DEFAULT_SPEED_UNIT, ProfileInputSchema, type Profile, type ProfileInput, type SpeedUnit } from '@contract';

export type FieldName = 'name' | 'baseUrl' | 'aempUrl' | 'authorizeUrl' | 'tokenUrl' | 'clientId' | 'clientSecret' | 'scopes' | 'embedOrigins' | 'speedUnit';

/** The fields typed as text (the speed unit is picked from a list). */
export type TextFieldName = Exclude<FieldName, 'speedUnit'>;

/**
 * The form's text fields: a profile input whose secret field is always present (empty =
 * unchanged), whose embed origins are one text, separated by spaces or commas, and whose
 * speed unit is always chosen (the schema still checks it: a select's value can be anything).
 */
export type ProfileDraft = Omit<ProfileInput, 'clientSecret' | 'embedOrigins' | 'speedUnit'> & { clientSecret: string; embedOrigins: string; speedUnit: SpeedUnit };

export type FieldErrors = Partial<Record<FieldName, string>>;

export function emptyDraft(): ProfileDraft {
  return { name: '', baseUrl: '', aempUrl: '', authorizeUrl: '', tokenUrl: '', clientId: '', clientSecret: '', scopes: '', embedOrigins: '', speedUnit: DEFAULT_SPEED_UNIT };
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
    speedUnit: p.speedUnit,
  };
}

const splitOrigins = (text: string) => text.split(/[\s,]+/).filter(Boolean);

/**
 * Field messages; empty when the draft can be sent. The rules are the contract's
 * ProfileInputSchema, the same `profiles:save` and the profile store check with.
 */
export function validateDraft(d: ProfileDraft): FieldErrors {
  const e: FieldErrors = {};
  const result = v.safeParse(ProfileInputSchema, toInput(d), { abortPipeEarly: true });
  for (const issue of result.issues ?? []) {
    const field = fieldOf(v.getDotPath(issue) ?? undefined);
    if (field) e[field] ??= `${issue.message}.`;
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
    speedUnit: d.speedUnit,
  };
  if (d.id) input.id = d.id;
  if (d.clientSecret.trim()) input.clientSecret = d.clientSecret.trim();
  return input;
}

const FIELDS: FieldName[] = ['name', 'baseUrl', 'aempUrl', 'authorizeUrl', 'tokenUrl', 'clientId', 'clientSecret', 'scopes', 'embedOrigins', 'speedUnit'];

/** The field a main-side error points at (its `path`, e.g. `embedOrigins.1`), if any. */
export function fieldOf(path: string | undefined): FieldName | null {
  const head = path?.split('.')[0];
  return head && (FIELDS as string[]).includes(head) ? (head as FieldName) : null;
}

export function canSignIn(p: Profile): boolean {
  return Boolean(p.authorizeUrl && p.tokenUrl && p.clientId);
}

/** Whether the profile's row offers "Sign in": only when it can sign in and is not signed in already. */
export function offersSignIn(p: Profile): boolean {
  return canSignIn(p) && !p.signedIn;
}
