/**
 * Sign-in news for the rest of the core: `signed-in` whenever a profile gets a token
 * (sign-in, a pasted token, a renewal, the demo's token at its start) and `signed-out`
 * whenever its tokens are deleted (sign-out, a refused renewal). Listeners decide what
 * a repeat means (the scheduler ignores a renewal while it is online).
 */
import { scrubSecrets } from '../errors';

export interface AuthEventMap {
  'signed-in': { profileId: string };
  'signed-out': { profileId: string };
}

export type AuthEventName = keyof AuthEventMap;

export interface AuthEvents {
  on<E extends AuthEventName>(name: E, listener: (event: AuthEventMap[E]) => void): () => void;
  emit<E extends AuthEventName>(name: E, event: AuthEventMap[E]): void;
}

export function createAuthEvents(log: (message: string) => void = console.error): AuthEvents {
  const listeners: { [E in AuthEventName]: Set<(event: AuthEventMap[E]) => void> } = { 'signed-in': new Set(), 'signed-out': new Set() };
  return {
    on(name, listener) {
      const set = listeners[name] as Set<typeof listener>;
      set.add(listener);
      return () => set.delete(listener);
    },
    emit(name, event) {
      for (const listener of [...(listeners[name] as Set<(e: typeof event) => void>)]) {
        // One failing listener neither stops the others nor fails the sign-in that caused it.
        try {
          listener(event);
        } catch (err) {
          log(scrubSecrets(`Fleet Desk: a ${name} listener failed: ${err instanceof Error ? err.message : String(err)}`));
        }
      }
    },
  };
}
