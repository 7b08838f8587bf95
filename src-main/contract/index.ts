/**
 * The one typed contract between the renderer and the main side.
 *
 * Every call the renderer may make (the `CALLS` table, calls.ts) and every event the
 * main side may push (`FleetEvents`, events.ts) is declared in the modules this file
 * gathers, one per area. The Electron preload, the ipcMain registration, the web shell's
 * HTTP bridge and the renderer are all typed from these maps, so a mismatch is a compile
 * error. They hold types and a few constant tables only: the renderer imports them, so
 * they must never import Node or Electron code.
 *
 * Nothing in here ever carries an access token, a refresh token or a client secret
 * towards the renderer. (`auth:pasteToken` and `profiles:save` carry secrets the
 * user typed *into* the main side; no result type has a secret field.)
 */

export { equipmentForSerial, equipmentKeys, identifierKey } from './equipment-link';
// The shared rules (valibot schemas); the data types the renderer sends are inferred from them.
export * from './schemas';
export * from './row-wire';
export * from './staleness';
export * from './row-fields';
export * from './speed';
export * from './metric-labels';
export * from './region-codes';
// One module per area of the contract.
export * from './errors';
export * from './assets';
export * from './embeds';
export * from './status';
export * from './profiles';
export * from './settings';
export * from './base-map';
export * from './offline';
export * from './aemp';
export * from './alerts';
export * from './app-info';
export * from './events';
export * from './sites';
export * from './place-words';
export * from './utilization';
export * from './notes';
// The calls (name → arguments and result) are one table in calls.ts; their types come from it.
export { CALLS, INVOKE_CHANNELS } from './calls';
export type { CallArg, CallSpec, FleetInvoke, Handler, InvokeArgs, InvokeChannel, InvokeHandlers, InvokeResult } from './calls';
