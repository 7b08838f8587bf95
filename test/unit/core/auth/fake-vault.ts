import type { TokenVault } from '../../../../src-main/core/auth/token-vault';

/** An in-memory vault for tests, exposing what it holds. */
export function fakeVault(): TokenVault & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  return {
    entries,
    inMemoryOnly: false,
    problem: null,
    onProblem: () => () => undefined,
    async get(a) {
      return entries.get(a) ?? null;
    },
    async set(a, s) {
      entries.set(a, s);
    },
    async delete(a) {
      entries.delete(a);
    },
  };
}
