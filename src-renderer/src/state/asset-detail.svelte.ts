/**
 * The full record of the asset shown in the details pane. The renderer holds rows only
 * (state/assets.svelte.ts); the pane asks the main side for one asset (`assets:detail`)
 * when it is selected, and again when a refresh gives it a new row. A failed or empty
 * answer is reported and the last good record of that asset stays on screen.
 */
import type { Asset, AssetRow } from '@contract';
import { call, errorOf } from '../lib/bridge';

export class AssetDetail {
  /** The last good full record of the followed asset; null before the first answer. */
  record = $state.raw<Asset | null>(null);
  loading = $state(false);
  /** Why the newest ask failed (the record shown, if any, is the last good one). */
  error = $state<string | null>(null);

  /** The row the newest ask was made for: a new row of the same asset means new data. */
  #askedFor: AssetRow | null = null;
  #asks = 0;

  /** Follows the row shown: asks when the asset or its row changed; null forgets everything. */
  follow(row: AssetRow | null): void {
    if (row === this.#askedFor) return;
    if (!row) {
      this.#askedFor = null;
      this.#asks++; // an answer still on its way is for an asset no longer shown
      this.record = null;
      this.loading = false;
      this.error = null;
      return;
    }
    if (row.assetId !== this.#askedFor?.assetId) {
      this.record = null;
      this.error = null;
    }
    this.#askedFor = row;
    void this.#ask(row.assetId);
  }

  /** Asks again for the followed asset (the pane's "Try again"). */
  retry(): void {
    if (this.#askedFor) void this.#ask(this.#askedFor.assetId);
  }

  async #ask(assetId: string): Promise<void> {
    const ask = ++this.#asks;
    this.loading = true;
    try {
      const record = await call('assets:detail', assetId);
      if (ask !== this.#asks) return; // another asset (or a newer row) was asked for since
      if (record) {
        this.record = record;
        this.error = null;
      } else {
        this.error = `The main side no longer holds ${assetId} (it left the list, or the branch changed); ${this.record ? 'showing what was last loaded' : 'no details to show'}.`;
      }
    } catch (err) {
      if (ask !== this.#asks) return;
      this.error = `Could not load the details of ${assetId} (${errorOf(err).message.replace(/\.$/, '')}).${this.record ? ' Showing what was last loaded.' : ''}`;
    } finally {
      if (ask === this.#asks) this.loading = false;
    }
  }
}
