/**
 * The save step every settings-like form shares: check the form, show the problems beside
 * the fields without sending anything, else save, close on success, and keep the form open
 * with the reason on failure (nothing typed is lost).
 */
import { errorOf } from '../bridge';
import { errorText } from '../format/errors';

/** What a form's own check answers: the value to save, or a message per field. */
export type Checked<Errors> = { ok: true } | { ok: false; errors: Errors };

/** The form's reactive submit state (a `$state` object in the component). */
export interface SubmitState<Errors> {
  errors: Errors;
  /** Why the last save failed, in words for a dispatcher; null when it did not fail. */
  saveError: string | null;
  saving: boolean;
}

export function submitState<Errors>(noErrors: Errors): SubmitState<Errors> {
  return { errors: noErrors, saveError: null, saving: false };
}

/**
 * Runs one submit. `save` gets the checked form (only when the check passed); `onSaved`
 * runs after a save that worked (the dialog closes).
 */
export async function submitForm<Errors, Result extends Checked<Errors>>(
  state: SubmitState<Errors>,
  noErrors: Errors,
  checked: Result,
  save: (ok: Extract<Result, { ok: true }>) => Promise<void>,
  onSaved: () => void,
): Promise<void> {
  if (!checked.ok) {
    state.errors = (checked as { errors: Errors }).errors;
    return;
  }
  state.errors = noErrors;
  state.saving = true;
  state.saveError = null;
  try {
    await save(checked as Extract<Result, { ok: true }>);
    onSaved();
  } catch (err) {
    state.saveError = errorText(errorOf(err)); // written for people; a refused argument's path is not
  } finally {
    state.saving = false;
  }
}
