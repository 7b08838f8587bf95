/** The two Electron IPC channel names, shared by the preload and the main side. */
export const INVOKE_IPC = 'fleet:invoke';
export const EVENT_IPC = 'fleet:event';
