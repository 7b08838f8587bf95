import { describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => ({}));

const { SECURE_WEB_PREFERENCES } = await import('../../../src-main/electron/secure-web-preferences');
const { mainWindowOptions } = await import('../../../src-main/electron/window');
const { EMBED_PARTITION, embedViewOptions } = await import('../../../src-main/electron/embed-view');

// Each security preference is checked here once; the main window and the embed view are
// checked to carry this whole set (below), so neither can drift from it.
describe('secure web preferences (DESIGN.md Electron checklist)', () => {
  const prefs = () => SECURE_WEB_PREFERENCES;

  it('turns context isolation on', () => expect(prefs().contextIsolation).toBe(true));
  it('turns the sandbox on', () => expect(prefs().sandbox).toBe(true));
  it('turns node integration off in the page', () => expect(prefs().nodeIntegration).toBe(false));
  it('turns node integration off in workers', () => expect(prefs().nodeIntegrationInWorker).toBe(false));
  it('turns node integration off in subframes', () => expect(prefs().nodeIntegrationInSubFrames).toBe(false));
  it('never disables web security', () => expect(prefs().webSecurity).toBe(true));
  it('never runs insecure content on a secure page', () => expect(prefs().allowRunningInsecureContent).toBe(false));
  it("keeps Chromium's experimental features off", () => expect(prefs().experimentalFeatures).toBe(false));
  it('allows no <webview> tag', () => expect(prefs().webviewTag).toBe(false));
  it('does not navigate to a file or link dropped on the page', () => expect(prefs().navigateOnDragDrop).toBe(false));
  it('lets a page that loops on dialogs be stopped', () => expect(prefs().safeDialogs).toBe(true));
  it('lets no page open alert, confirm or prompt dialogs', () => expect(prefs().disableDialogs).toBe(true));
  it('sends no typed text to a spellchecker', () => expect(prefs().spellcheck).toBe(false));
  it('names no preload and no partition of its own', () => {
    expect('preload' in prefs()).toBe(false);
    expect('partition' in prefs()).toBe(false);
  });
  it('cannot be changed by a caller', () => {
    expect(Object.isFrozen(prefs())).toBe(true);
  });
});

describe('the main window and the embed view use the one set', () => {
  it('main window: the set plus its preload, nothing else', () => {
    expect(mainWindowOptions('/app/out/preload/index.cjs').webPreferences).toEqual({ ...SECURE_WEB_PREFERENCES, preload: '/app/out/preload/index.cjs' });
  });
  it('embed view: the set plus its own partition, and no preload', () => {
    const embed = embedViewOptions().webPreferences;
    expect(embed).toEqual({ ...SECURE_WEB_PREFERENCES, partition: EMBED_PARTITION });
    expect(embed?.preload).toBeUndefined();
  });
});
