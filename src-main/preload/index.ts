/** The sandboxed preload: exposes `window.fleetDesk` (invoke/on) and nothing else. */
import { contextBridge, ipcRenderer } from 'electron';
import { createPreloadBridge } from './bridge';

contextBridge.exposeInMainWorld('fleetDesk', createPreloadBridge(ipcRenderer));
