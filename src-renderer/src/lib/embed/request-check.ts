/**
 * The check `embed:open` makes on the main side, made before asking: a request the main
 * side would refuse (a selection past what one map can show, a malformed id) is told to
 * the dispatcher in words, without a "Try again" that cannot succeed. Same schema, same
 * sentence. Pure.
 */
import * as v from 'valibot';
import { EmbedRequestSchema, type EmbedRequest } from '@contract';

/** Why this map cannot be asked for, or null when it can. */
export function embedRequestProblem(request: EmbedRequest): string | null {
  const result = v.safeParse(EmbedRequestSchema, request, { abortEarly: true });
  return result.success ? null : result.issues[0].message;
}
