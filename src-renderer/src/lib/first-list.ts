/**
 * The page's first asset list, asked early for a fast cold start. `ask-first-list.ts`, the first module
 * main.ts imports, asks for it before the rest of the bundle is evaluated and the app is
 * mounted, so the answer travels while the page builds itself; the assets store takes the
 * answer once when it loads (see AssetsStore.init). This module imports nothing but the
 * bridge and the contract the bridge loads anyway, so asking costs the page almost no work first.
 *
 * Events that come before the store listens reach no one. So this module listens for the
 * list's events from before it asks until the store takes over: when one came, the early
 * answer may be older than the list the main side has now, and the store asks again (a
 * fresh install whose first refresh ended meanwhile would otherwise show "No assets" until
 * the next refresh).
 */
import { LIST_EVENTS, type AssetRowSnapshot } from '@contract';
import { bridge, call } from './bridge';

interface EarlyAsk {
  answer: Promise<AssetRowSnapshot | null>;
  /** Whether a list event came since the ask. */
  overtaken: boolean;
  stopListening: () => void;
}

let asked: EarlyAsk | null = null;

/** Asks for the list now unless an earlier ask is still waiting to be taken. */
export function askFirstList(): void {
  if (asked) return;
  const events = bridge();
  const ask: EarlyAsk = { answer: Promise.resolve(null), overtaken: false, stopListening: () => {} };
  const overtake = () => (ask.overtaken = true);
  const offs = LIST_EVENTS.map((name) => events.on(name, overtake));
  ask.stopListening = () => offs.forEach((off) => off());
  // Listening first: in Electron the answer and the events then arrive in the order the main side sent them.
  ask.answer = call('assets:get');
  // A failure is shown when the store takes it, not as an unhandled rejection before.
  ask.answer.catch(() => {});
  asked = ask;
}

/**
 * The answer asked for early, handed out once; null when nothing was asked or when a list
 * event came since (the caller, listening by now, asks again).
 */
export function takeFirstList(): Promise<AssetRowSnapshot | null> | null {
  const ask = asked;
  asked = null;
  if (!ask) return null;
  ask.stopListening();
  return ask.overtaken ? null : ask.answer;
}
