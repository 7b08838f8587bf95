/** The sandboxed preload: exposes `window.fleet` (invoke/on) and nothing else. */
import { contextBridge, ipcRenderer } from 'electron';
import { createPreloadBridge } from './bridge';

contextBridge.exposeInMainWorld('fleet', createPreloadBridge(ipcRenderer));
