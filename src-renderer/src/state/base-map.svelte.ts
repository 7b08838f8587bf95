/**
 * The base map a map view draws behind its markers, as the main side announces it
 * ('map:base': the app's own tile route, the attribution, the demo map's place names).
 * Each map view keeps one while it is shown.
 */
import type { BaseMap } from '@contract';
import { call, bridge } from '../lib/bridge';

export class BaseMapSource {
  current = $state.raw<BaseMap | null>(null);
  #off: (() => void) | null = null;
  #announced = false;

  start(): void {
    this.#off = bridge().on('map:base', (base) => {
      this.#announced = true;
      this.current = base;
    });
    call('map:base').then(
      (base) => {
        // An announcement that came meanwhile is newer than this answer.
        if (!this.#announced) this.current = base;
      },
      () => {
        // No base map: the markers still show on a plain background.
      },
    );
  }

  stop(): void {
    this.#off?.();
    this.#off = null;
  }
}
