/** The token endpoint's answer, read by a schema: the tokens it grants, or its refusal. */
import * as v from 'valibot';
import { FleetError, registerSecret, scrubSecrets } from '../errors';

export interface TokenSet {
  accessToken: string;
  refreshToken: string | null;
  /** Seconds the access token lives; null = long-lived (no `expires_in`). */
  expiresInSec: number | null;
  tokenType: string | null;
}

const nonEmpty = v.pipe(v.string('must be a string'), v.trim(), v.minLength(1, 'must not be empty'));
const seconds = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.trim(), v.regex(/^\d+(\.\d+)?$/))], 'must be a number of seconds'),
  v.transform((x) => Number(x)),
  v.number(),
  v.check((n) => Number.isFinite(n) && n >= 0, 'must be a number of seconds'),
);
const optional = <T extends v.GenericSchema>(s: T) => v.optional(v.nullable(s));

const TokenResponseSchema = v.object({
  access_token: nonEmpty,
  token_type: optional(nonEmpty),
  type: optional(nonEmpty),
  expires_in: optional(seconds),
  refresh_token: optional(nonEmpty),
});

export const ErrorResponseSchema = v.object({ error: nonEmpty, error_description: v.optional(v.string()) });

function jsonPath(issue: v.BaseIssue<unknown>): string {
  const keys = (issue.path ?? []).map((p) => p.key);
  return '$' + keys.map((k) => (typeof k === 'number' ? `[${k}]` : `.${String(k)}`)).join('');
}

/**
 * Reads a token endpoint answer. Accepts `token_type`, `type` or neither; `expires_in`
 * as a number, a numeric string or absent (long-lived); `refresh_token` optional.
 * Anything else is rejected with a FleetError ('bad-payload') naming the JSON path.
 */
export function parseTokenResponse(json: unknown): TokenSet {
  const err = v.safeParse(ErrorResponseSchema, json);
  if (err.success && !(typeof json === 'object' && json !== null && 'access_token' in json)) {
    const d = err.output.error_description ? `: ${err.output.error_description}` : '';
    throw new FleetError('auth-flow', scrubSecrets(`The token endpoint refused the request (${err.output.error}${d}).`));
  }
  const parsed = v.safeParse(TokenResponseSchema, json);
  if (!parsed.success) {
    const issue = parsed.issues[0];
    const path = jsonPath(issue);
    const what = path === '$' ? 'is not a JSON object' : `${path.slice(2)} ${issue.message.startsWith('Invalid') ? 'is missing or invalid' : issue.message}`;
    throw new FleetError('bad-payload', `The token endpoint's answer is not usable: ${what}.`, { path });
  }
  const o = parsed.output;
  registerSecret(o.access_token);
  registerSecret(o.refresh_token);
  return {
    accessToken: o.access_token,
    refreshToken: o.refresh_token ?? null,
    expiresInSec: o.expires_in ?? null,
    tokenType: o.token_type ?? o.type ?? null,
  };
}
