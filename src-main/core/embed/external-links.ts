/**
 * When a page in the embed view may send the dispatcher to the system browser. A map
 * page is service content: on its own, by script, it may open nothing. A link opens only
 * when it is an http(s) address without a user name or password, only just after the
 * dispatcher pressed a mouse button or a key in that view, one press for one link, and
 * never sooner than a second after the previous one, so a page cannot fill the desktop
 * with browser tabs.
 */
import { isHttpUrl } from '../../contract';

/** How long a press in the embed view counts as the dispatcher asking for a link. */
export const GESTURE_VALID_MS = 1000;
/** The least time between two links a page hands to the system browser. */
export const MIN_OPEN_GAP_MS = 1000;

export interface ExternalOpenHistory {
  /** When the dispatcher last pressed a mouse button or a key in the view (ms), null: never. */
  lastGestureAt: number | null;
  /** When a link of the view last went to the system browser (ms), null: never. */
  lastOpenedAt: number | null;
}

export type ExternalOpenVerdict = 'open' | 'not-web' | 'no-gesture' | 'too-soon';

export function externalOpenVerdict(url: string, now: number, history: ExternalOpenHistory): ExternalOpenVerdict {
  if (!isHttpUrl(url)) return 'not-web';
  const { lastGestureAt, lastOpenedAt } = history;
  if (lastGestureAt === null || now - lastGestureAt > GESTURE_VALID_MS || now < lastGestureAt) return 'no-gesture';
  if (lastOpenedAt !== null && lastOpenedAt >= lastGestureAt) return 'no-gesture';
  if (lastOpenedAt !== null && now - lastOpenedAt < MIN_OPEN_GAP_MS) return 'too-soon';
  return 'open';
}

/** Input event types that are the dispatcher pressing something (not a move, a wheel or a key release). */
const PRESSES = new Set(['mouseDown', 'rawKeyDown', 'keyDown', 'touchStart', 'gestureTap']);

export function isPress(type: unknown): boolean {
  return typeof type === 'string' && PRESSES.has(type);
}
