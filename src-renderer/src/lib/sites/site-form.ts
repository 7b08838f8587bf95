/**
 * The site form's check before `sites:save`: the contract's SiteInputSchema, the rule the
 * main side checks too, so the form shows the very sentence the main side would answer,
 * next to the field it is about. Pure.
 */
import * as v from 'valibot';
import { SiteInputSchema, type Site, type SiteInput, type SiteKind, type SiteShape } from '@contract';

export interface SiteDraft {
  name: string;
  kind: SiteKind;
  notes: string;
}

export type SiteFormField = 'name' | 'kind' | 'notes' | 'shape';
export type SiteFormErrors = Partial<Record<SiteFormField, string>>;

export function draftOf(site: Site | null): SiteDraft {
  return site ? { name: site.name, kind: site.kind, notes: site.notes } : { name: '', kind: 'job', notes: '' };
}

/** The input to save, or the messages per field (the first one of each). */
export function checkSite(draft: SiteDraft, shape: SiteShape, id?: string, regionCode: string | null = null): { ok: true; input: SiteInput } | { ok: false; errors: SiteFormErrors } {
  const input: SiteInput = { ...(id ? { id } : {}), name: draft.name, kind: draft.kind, notes: draft.notes, shape, regionCode };
  const checked = v.safeParse(SiteInputSchema, input);
  if (checked.success) return { ok: true, input: { ...input, name: checked.output.name } };
  const errors: SiteFormErrors = {};
  for (const issue of checked.issues) {
    const key = issue.path?.[0]?.key;
    const field: SiteFormField = key === 'name' || key === 'kind' || key === 'notes' ? key : 'shape';
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

/** The input that puts a site back exactly as it was (undo of an edit or a delete). */
export function inputOf(site: Site): SiteInput {
  return { id: site.id, name: site.name, kind: site.kind, notes: site.notes, shape: site.shape, regionCode: site.regionCode };
}
