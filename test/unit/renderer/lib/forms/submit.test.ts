import { describe, expect, it, vi } from 'vitest';
import { submitForm, submitState } from '../../../../../src-renderer/src/lib/forms/submit';

type Errors = Partial<Record<'name', string>>;

describe('submitForm: the save step of the settings and alert-rules forms', () => {
  it('shows the problems and sends nothing when the check fails', async () => {
    const state = submitState<Errors>({});
    const save = vi.fn(async () => {});
    const saved = vi.fn();
    await submitForm(state, {}, { ok: false, errors: { name: 'Name is required.' } }, save, saved);
    expect(state.errors).toEqual({ name: 'Name is required.' });
    expect(save).not.toHaveBeenCalled();
    expect(saved).not.toHaveBeenCalled();
  });

  it('saves the checked value, clears the earlier problems and closes', async () => {
    const state = submitState<Errors>({ name: 'Name is required.' });
    state.saveError = 'disk full';
    const save = vi.fn(async (checked: { ok: true; value: number }) => void checked);
    const saved = vi.fn();
    await submitForm(state, {}, { ok: true as const, value: 7 }, save, saved);
    expect(save).toHaveBeenCalledWith({ ok: true, value: 7 });
    expect(saved).toHaveBeenCalledTimes(1);
    expect(state).toEqual({ errors: {}, saveError: null, saving: false });
  });

  it('is busy while saving; a refusal stays open with the reason in words (no field path)', async () => {
    const state = submitState<Errors>({});
    let refuse!: (err: unknown) => void;
    const saved = vi.fn();
    const done = submitForm(state, {}, { ok: true }, () => new Promise<void>((_, reject) => (refuse = reject)), saved);
    expect(state.saving).toBe(true);
    refuse(Object.assign(new Error('Refresh every 15 s to 24 h'), { kind: 'invalid-argument', path: '$.refreshIntervalSec' }));
    await done;
    expect(state.saving).toBe(false);
    expect(state.saveError).toBe('Refresh every 15 s to 24 h');
    expect(saved).not.toHaveBeenCalled();
  });
});
