/**
 * How both shells start the core: in its worker thread (the default), or on the main
 * thread with `FLEET_CORE_THREAD=main` (for side-by-side measurement, and as a fallback).
 */
import type { FleetDeskCore, FleetDeskOptions } from '../../core/ports';
import { startCoreThread } from './host';

export type CoreThreadMode = 'worker' | 'main';

/** `FLEET_CORE_THREAD`: 'worker' (default) or 'main'; anything else is refused with the variable's name. */
export function coreThreadMode(env: Record<string, string | undefined>): CoreThreadMode {
  const raw = env.FLEET_CORE_THREAD?.trim().toLowerCase();
  if (!raw || raw === 'worker') return 'worker';
  if (raw === 'main') return 'main';
  throw new Error(`FLEET_CORE_THREAD must be "worker" (the default) or "main", got "${env.FLEET_CORE_THREAD}".`);
}

export async function startFleetDesk(options: FleetDeskOptions): Promise<FleetDeskCore> {
  const mode = coreThreadMode(options.env ?? process.env);
  if (mode === 'worker') return startCoreThread(options);
  // Loaded only here: with the worker, the main thread never loads the core's modules.
  const { createFleetDesk } = await import('../fleet-desk');
  return createFleetDesk(options);
}
