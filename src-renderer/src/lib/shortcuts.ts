/** Maps a key press to a menu command, so shortcuts and the app menu share one handler. */
import type { MenuCommand } from '@contract';

export type ShortcutCommand = MenuCommand | 'close-panels';

export function shortcutFor(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>): ShortcutCommand | null {
  if (e.key === 'Escape') return 'close-panels';
  const mod = e.ctrlKey || e.metaKey;
  if (!mod || e.altKey) return null;
  const key = e.key.toLowerCase();
  if (key === 'f' && !e.shiftKey) return 'focus-search';
  if (key === 'r' && !e.shiftKey) return 'refresh';
  if (key === 'm') return e.shiftKey ? 'open-selection-map' : 'open-branch-map';
  if (key === ',') return 'open-settings';
  if (key === 'e' && !e.shiftKey) return 'export';
  return null;
}
