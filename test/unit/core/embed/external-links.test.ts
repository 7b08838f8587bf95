import { describe, expect, it } from 'vitest';
import { externalOpenVerdict, GESTURE_VALID_MS, isPress, MIN_OPEN_GAP_MS } from '../../../../src-main/core/embed/external-links';

const LINK = 'https://www.openstreetmap.org/copyright';
const T = 1_000_000;

describe('externalOpenVerdict', () => {
  it('opens an http(s) link right after a press in the view', () => {
    expect(externalOpenVerdict(LINK, T + 100, { lastGestureAt: T, lastOpenedAt: null })).toBe('open');
    expect(externalOpenVerdict(LINK, T + GESTURE_VALID_MS, { lastGestureAt: T, lastOpenedAt: null })).toBe('open');
  });

  it('opens nothing a script asks for with no press, or a press that is too old', () => {
    expect(externalOpenVerdict(LINK, T, { lastGestureAt: null, lastOpenedAt: null })).toBe('no-gesture');
    expect(externalOpenVerdict(LINK, T + GESTURE_VALID_MS + 1, { lastGestureAt: T, lastOpenedAt: null })).toBe('no-gesture');
    expect(externalOpenVerdict(LINK, T - 1, { lastGestureAt: T, lastOpenedAt: null })).toBe('no-gesture');
  });

  it('opens one link for one press', () => {
    expect(externalOpenVerdict(LINK, T + 1500, { lastGestureAt: T + 900, lastOpenedAt: T + 950 })).toBe('no-gesture');
    expect(externalOpenVerdict(LINK, T + 1500, { lastGestureAt: T + 900, lastOpenedAt: T + 900 })).toBe('no-gesture');
  });

  it('opens at most one link a second, even with a fresh press', () => {
    expect(externalOpenVerdict(LINK, T + 500, { lastGestureAt: T + 400, lastOpenedAt: T })).toBe('too-soon');
    expect(externalOpenVerdict(LINK, T + MIN_OPEN_GAP_MS, { lastGestureAt: T + 900, lastOpenedAt: T })).toBe('open');
  });

  it.each(['file:///etc/passwd', 'javascript:alert(1)', 'smb://server/share', 'ms-settings:privacy', 'https://user:pw@example.com/', 'not a url'])(
    'never hands %s to the system browser, press or not',
    (url) => {
      expect(externalOpenVerdict(url, T + 10, { lastGestureAt: T, lastOpenedAt: null })).toBe('not-web');
    },
  );
});

describe('isPress', () => {
  it('counts mouse-button, key and touch presses', () => {
    for (const type of ['mouseDown', 'rawKeyDown', 'keyDown', 'touchStart', 'gestureTap']) expect(isPress(type), type).toBe(true);
  });

  it('does not count moves, wheels, releases or anything else', () => {
    for (const type of ['mouseMove', 'mouseUp', 'mouseWheel', 'keyUp', 'char', 'mouseEnter', undefined, 3]) expect(isPress(type), String(type)).toBe(false);
  });
});
