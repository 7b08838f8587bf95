/**
 * The Electron security preferences every Fleet Desk web page runs with: the main
 * window's renderer and the embed map view alike. Written once so the two cannot drift;
 * a caller adds only what is its own (the window's preload, the embed view's partition).
 */
import type { WebPreferences } from 'electron';

export const SECURE_WEB_PREFERENCES: Readonly<WebPreferences> = Object.freeze({
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  experimentalFeatures: false,
  webviewTag: false,
  navigateOnDragDrop: false,
  // Neither the app's page nor an embed map needs alert/confirm/prompt.
  safeDialogs: true,
  disableDialogs: true,
  spellcheck: false,
});
