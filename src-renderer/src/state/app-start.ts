/** Starts and stops the app's stores in their order (the app shell and tests share this). */
import { alertsStore } from './alerts.svelte';
import { assets } from './assets.svelte';
import { selection } from './selection.svelte';
import { session } from './session.svelte';
import { sitesStore } from './sites.svelte';
import { notesStore } from './notes.svelte';
import { followRoomChanges } from './room-shared';
import { ui } from './ui.svelte';
import { utilization } from './utilization.svelte';

let stopRoomChanges: (() => void) | null = null;

/** Listens and loads what the main side has (cache first, no network); a failure is shown, what loaded stays. */
export async function startStores(): Promise<void> {
  const sessionReady = session.init().then((failure) => {
    if (failure) ui.actionError ??= failure;
  });
  void alertsStore.init();
  void sitesStore.init();
  void notesStore.init();
  stopRoomChanges ??= followRoomChanges();
  await Promise.all([sessionReady, assets.init()]);
}

/** Stops listening and forgets everything (the stores are singletons the app re-inits). */
export function stopStores(): void {
  session.dispose();
  assets.dispose();
  selection.dispose();
  ui.dispose();
  alertsStore.dispose();
  sitesStore.dispose();
  utilization.dispose();
  stopRoomChanges?.();
  stopRoomChanges = null;
}
