/**
 * Whether the page still reaches Fleet Desk (web shell only): null while it does;
 * `restarted` when a new run refuses this tab's key; `unreachable` when nothing answers.
 */
import { watchBridgeLoss, type BridgeLoss } from '../lib/bridge';

export class BridgeHealth {
  loss = $state<BridgeLoss | null>(null);
  #off: (() => void) | null = null;

  start(): void {
    this.stop();
    this.#off = watchBridgeLoss((loss) => (this.loss = loss));
  }

  stop(): void {
    this.#off?.();
    this.#off = null;
  }
}
