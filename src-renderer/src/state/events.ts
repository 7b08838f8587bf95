/**
 * The renderer's own typed event bus: one place where a part of the app asks another
 * to act (run a command, focus the search box, bring a row into view, show an asset
 * picked in the Fleet view). Replaces callbacks stored on a shared object, counters
 * bumped to trigger effects and untyped DOM `CustomEvent`s.
 */
import type { MenuCommand } from '@contract';
import type { IdLookup } from '../lib/list/selection';
import type { ShortcutCommand } from '../lib/shortcuts';

export interface AppEvents {
  /** A menu item, a shortcut or a button asked for an app-wide command. */
  command: ShortcutCommand | MenuCommand;
  /** The search box should take the focus. */
  'focus-search': void;
  /** The list should scroll the focused row into view (after a map click, a pick in the summary). */
  'reveal-focused': void;
  /** The alerts panel's list should take keyboard focus (a notification was clicked). */
  'focus-alert-list': void;
  /** Show this asset in the Assets view (from the Fleet view's link). */
  'show-asset': { assetId: string };
  /** A new snapshot became the shown list (the selection follows it). */
  snapshot: { profileId: string; ids: IdLookup };
  /** The active profile (branch) changed. */
  'profile-switched': { profileId: string };
  /** The active profile was signed in (what failed for want of a sign-in may now work). */
  'signed-in': { profileId: string };
}

type Listener<P> = (payload: P) => void;

/** A small typed emitter: `on` returns its own removal. */
export class EventBus<Events extends object> {
  readonly #listeners = new Map<keyof Events, Set<Listener<never>>>();

  on<K extends keyof Events>(name: K, listener: Listener<Events[K]>): () => void {
    let set = this.#listeners.get(name);
    if (!set) this.#listeners.set(name, (set = new Set()));
    set.add(listener as Listener<never>);
    return () => set.delete(listener as Listener<never>);
  }

  emit<K extends keyof Events>(name: K, ...payload: Events[K] extends void ? [] : [Events[K]]): void {
    // A copy: a listener may remove itself (or another) while the event is delivered.
    for (const listener of [...(this.#listeners.get(name) ?? [])]) (listener as Listener<unknown>)(payload[0]);
  }

  /** Forgets every listener (tests; the app never needs it). */
  clear(): void {
    this.#listeners.clear();
  }
}

export const appEvents = new EventBus<AppEvents>();
