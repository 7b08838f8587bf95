// Placeholder: the web shell's bridge (fetch + WebSocket to the loopback server) replaces this.
import type { FleetBridge } from '../../../src-main/contract';

export function createWebBridge(): FleetBridge {
  throw new Error('Fleet Desk: no bridge to the main side (web bridge not built yet)');
}
