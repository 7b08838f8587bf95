/**
 * What another desk of the dispatch room changed in the branch's shared rules and sites,
 * told to this desk's dispatcher in the status bar (and, for rules, in the open rules
 * dialog): nobody finds a rule or a site different from what they left without being told.
 */
import { roomSharedChangeText } from '@contract';
import { bridge } from '../lib/bridge';
import { formatShortClock } from '../lib/format/time';
import { alertsStore } from './alerts.svelte';
import { ui } from './ui.svelte';

/** Starts listening; returns the way to stop. */
export function followRoomChanges(): () => void {
  return bridge().on('room:shared', (change) => {
    ui.notify(roomSharedChangeText(change, (iso) => formatShortClock(iso)));
    if (change.kind === 'rule') alertsStore.sharedRulesChanged(change);
  });
}
