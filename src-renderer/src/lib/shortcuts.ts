/**
 * The one table of keyboard shortcuts. The window's key handler matches presses
 * against it, the keyboard help lists it, the buttons' tooltips quote it, and the
 * Electron menu's accelerators are checked against it
 * (test/unit/renderer/lib/shortcuts-menu.test.ts), so a shortcut shown anywhere is
 * the one that works in both shells.
 */
import type { MenuCommand } from '@contract';

export type ShortcutCommand = MenuCommand | 'close-panels' | 'keyboard-help';

/** Where a shortcut works; the window's handler serves 'Anywhere', the lists serve their own keys. */
export type ShortcutPlace = 'Anywhere' | 'Asset list' | 'Alert list' | 'Map';

/** What a key pressed in the focused map asks for (the map's own handler runs it: mapCommandFor). */
export type MapCommand = 'nearest-centre' | 'nearest-selected' | 'measure-selected';

/** One key press: `mod` is Ctrl, or Cmd on macOS. */
export interface KeyChord {
  readonly key: string;
  readonly mod?: boolean;
  readonly shift?: boolean;
  /** A printable key that must not fire while the dispatcher types in a field. */
  readonly printable?: boolean;
}

interface ShortcutBase {
  readonly keys: readonly KeyChord[];
  /** What it does, as the help says it. */
  readonly does: string;
}

/** A shortcut the window's handler runs, in every view. */
export interface WindowShortcut extends ShortcutBase {
  readonly where: 'Anywhere';
  readonly command: ShortcutCommand;
}

/** A key a focused list handles itself; listed so the help shows every key there is. */
export interface ListShortcut extends ShortcutBase {
  readonly where: Exclude<ShortcutPlace, 'Anywhere' | 'Map'>;
}

/** A key the focused map handles itself. */
export interface MapShortcut extends ShortcutBase {
  readonly where: 'Map';
  readonly command?: MapCommand;
}

export type Shortcut = WindowShortcut | ListShortcut | MapShortcut;

/** Takes back the last site edit when the map has the focus (the map's own key handler). */
export const SITE_UNDO_CHORD: KeyChord = { key: 'Z', mod: true };

export const SHORTCUTS: readonly Shortcut[] = [
  { where: 'Anywhere', command: 'keyboard-help', keys: [{ key: 'F1' }, { key: '?', printable: true }], does: 'Show the keyboard shortcuts' },
  { where: 'Anywhere', command: 'show-assets', keys: [{ key: '1', mod: true }], does: 'Show the Assets view' },
  { where: 'Anywhere', command: 'show-aemp', keys: [{ key: '2', mod: true }], does: 'Show the Fleet view' },
  { where: 'Anywhere', command: 'show-utilization', keys: [{ key: '3', mod: true }], does: 'Show the Utilization view' },
  { where: 'Anywhere', command: 'focus-search', keys: [{ key: 'F', mod: true }], does: 'Search the asset list' },
  { where: 'Anywhere', command: 'refresh', keys: [{ key: 'R', mod: true }], does: 'Refresh now' },
  { where: 'Anywhere', command: 'open-branch-map', keys: [{ key: 'M', mod: true }], does: 'Open the branch map' },
  { where: 'Anywhere', command: 'open-selection-map', keys: [{ key: 'M', mod: true, shift: true }], does: 'Open the map of the selected assets' },
  { where: 'Anywhere', command: 'export', keys: [{ key: 'E', mod: true }], does: 'Export the listed assets or their positions' },
  { where: 'Anywhere', command: 'open-settings', keys: [{ key: ',', mod: true }], does: 'Open Settings' },
  { where: 'Anywhere', command: 'close-panels', keys: [{ key: 'Escape' }], does: 'Close the dialog or the topmost panel' },
  { where: 'Asset list', keys: [{ key: '↑' }, { key: '↓' }, { key: 'Page Up' }, { key: 'Page Down' }, { key: 'Home' }, { key: 'End' }], does: 'Move through the assets' },
  { where: 'Asset list', keys: [{ key: '↑', shift: true }, { key: '↓', shift: true }], does: 'Extend the selection' },
  { where: 'Asset list', keys: [{ key: 'Space' }], does: 'Select or unselect the asset' },
  { where: 'Asset list', keys: [{ key: 'A', mod: true }], does: 'Select every listed asset' },
  { where: 'Alert list', keys: [{ key: '↑' }, { key: '↓' }, { key: 'Page Up' }, { key: 'Page Down' }, { key: 'Home' }, { key: 'End' }], does: 'Move through the alerts' },
  { where: 'Alert list', keys: [{ key: 'Enter' }, { key: 'Space' }], does: 'Show the alert’s asset' },
  { where: 'Alert list', keys: [{ key: 'A' }], does: 'Acknowledge the alert' },
  { where: 'Map', keys: [{ key: 'N' }], command: 'nearest-centre', does: 'Nearest machines to the map centre' },
  { where: 'Map', keys: [{ key: 'N', shift: true }], command: 'nearest-selected', does: 'Nearest machines to the selected machine' },
  { where: 'Map', keys: [{ key: 'D' }], command: 'measure-selected', does: 'Measure from the selected machine to the map centre (or between two selected machines)' },
  { where: 'Map', keys: [SITE_UNDO_CHORD], does: 'Undo the last site edit (new site, change or delete)' },
  { where: 'Map', keys: [{ key: 'Escape' }], does: 'Stop drawing a site or measuring, or close the nearest machines' },
];

export const WINDOW_SHORTCUTS: readonly WindowShortcut[] = SHORTCUTS.filter((s): s is WindowShortcut => s.where === 'Anywhere');

/** "Ctrl+Shift+M", as the help and the tooltips show a chord. */
export function chordLabel(chord: KeyChord): string {
  return [chord.mod ? 'Ctrl' : '', chord.shift ? 'Shift' : '', chord.key].filter(Boolean).join('+');
}

/** The chord as an Electron accelerator ("CmdOrCtrl+Shift+M"). */
export function chordAccelerator(chord: KeyChord): string {
  return [chord.mod ? 'CmdOrCtrl' : '', chord.shift ? 'Shift' : '', chord.key].filter(Boolean).join('+');
}

/** "Ctrl+M" for a command, to quote in a tooltip ("F1 or ?" when it has two). */
export function keysFor(command: ShortcutCommand): string {
  const shortcut = WINDOW_SHORTCUTS.find((s) => s.command === command);
  return shortcut ? shortcut.keys.map(chordLabel).join(' or ') : '';
}

type KeyPress = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'> & { target?: EventTarget | null };

/** Whether keys typed now land in a text field (a printable shortcut must then stay text). */
export function isTypingTarget(target: EventTarget | null | undefined): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  const el = target as HTMLElement;
  if (el.isContentEditable) return true;
  if (el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) return true;
  if (!(el instanceof HTMLInputElement)) return false;
  return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file', 'image'].includes(el.type);
}

/** Whether a key press is this chord (Ctrl or Cmd for `mod`; a printable key never while typing). */
export function matchesChord(chord: KeyChord, e: KeyPress): boolean {
  const mod = e.ctrlKey || e.metaKey;
  if (e.altKey || mod !== !!chord.mod) return false;
  // A printable key such as "?" already carries its Shift; only chords with Ctrl name Shift.
  if (!chord.printable && e.shiftKey !== !!chord.shift) return false;
  if (chord.printable && isTypingTarget(e.target)) return false;
  return e.key.toLowerCase() === chord.key.toLowerCase();
}

/** The map command a key pressed in the focused map asks for, or null. */
export function mapCommandFor(e: KeyPress): MapCommand | null {
  for (const shortcut of SHORTCUTS) {
    if (shortcut.where !== 'Map' || !shortcut.command) continue;
    // Shift is part of these chords: N and Shift+N are two commands.
    if (shortcut.keys.some((chord) => matchesChord({ ...chord, printable: false }, e))) return shortcut.command;
  }
  return null;
}

/** The command a key press asks for, or null. */
export function shortcutFor(e: KeyPress): ShortcutCommand | null {
  for (const shortcut of WINDOW_SHORTCUTS) if (shortcut.keys.some((chord) => matchesChord(chord, e))) return shortcut.command;
  return null;
}
