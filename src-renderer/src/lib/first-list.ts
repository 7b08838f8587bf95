/**
 * The page's first asset list (issue 16, cold start). `ask-first-list.ts`, the first module
 * main.ts imports, asks for it before the rest of the bundle is evaluated and the app is
 * mounted, so the answer travels while the page builds itself; the assets store takes the
 * answer once when it loads (see AssetsStore.init). This module imports nothing but the
 * bridge, so asking costs the page almost no work first.
 */
import type { AssetRowSnapshot } from '@contract';
import { call } from './bridge';

let asked: Promise<AssetRowSnapshot | null> | null = null;

/** Asks for the list now unless an earlier ask is still waiting to be taken. */
export function askFirstList(): void {
  if (asked) return;
  const answer = call('assets:get');
  // A failure is shown when the store takes it, not as an unhandled rejection before.
  answer.catch(() => {});
  asked = answer;
}

/** The answer asked for early, handed out once; null when nothing was asked. */
export function takeFirstList(): Promise<AssetRowSnapshot | null> | null {
  const answer = asked;
  asked = null;
  return answer;
}
