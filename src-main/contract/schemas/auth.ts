/** Tokens a user pastes or types for a test (they go to the main side, never back). */
import * as v from 'valibot';
import { count } from './text';

export const MAX_TOKEN_LENGTH = 16_384;

export const TokenSchema = v.pipe(
  v.string('The token must be text'),
  v.trim(),
  v.minLength(1, 'Paste a token first'),
  v.maxLength(MAX_TOKEN_LENGTH, `This is too long to be a token (at most ${count(MAX_TOKEN_LENGTH)} characters)`),
  v.regex(/^[^\p{Cc}\s]+$/u, 'A token has no spaces or line breaks in it'),
);

export const KeepOfflineDataSchema = v.boolean('Say whether to keep the offline data');
