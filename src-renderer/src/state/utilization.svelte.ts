/**
 * The Utilization view's state: the range asked for, the last report the core built for it,
 * and the background history fetch as 'utilization:progress' tells it. A failed load keeps
 * the last good report on screen with the reason; a newer answer always wins over an older
 * one that arrives late.
 */
import type { AppError, UtilizationProgress, UtilizationRange, UtilizationReport } from '@contract';
import { bridge, call, errorOf } from '../lib/bridge';
import { checkRange, DEFAULT_PRESET, presetRange, zoneOrLocal, type RangePreset } from '../lib/utilization/ranges';
import { appEvents } from './events';
import { clock } from './clock.svelte';

export class UtilizationStore {
  preset = $state<RangePreset>(DEFAULT_PRESET);
  /** The custom range's inputs, as typed. */
  customFrom = $state('');
  customTo = $state('');
  report = $state.raw<UtilizationReport | null>(null);
  /** Why the last load failed; the report shown is the last good one. */
  error = $state.raw<AppError | null>(null);
  loading = $state(false);
  progress = $state.raw<UtilizationProgress | null>(null);
  /** Why the last fetch or cancel could not start. */
  fetchError = $state.raw<AppError | null>(null);

  /** The zone days are cut in: the last report's (the branch's), else this computer's. */
  readonly timeZone: string = $derived(zoneOrLocal(this.report?.timeZone));

  #seq = 0;
  #offs: (() => void)[] = [];

  /** Listens to the fetch's progress and branch switches (once), then loads the range. */
  async open(now: number): Promise<void> {
    if (this.#offs.length === 0) {
      this.#offs.push(
        bridge().on('utilization:progress', (p) => this.#onProgress(p)),
        appEvents.on('profile-switched', () => {
          this.progress = null;
          void this.reload(clock.now);
        }),
      );
    }
    await this.reload(now);
  }

  /** The range the inputs ask for, or the dispatcher-facing reason it cannot be used. */
  rangeFor(now: number): { ok: true; range: UtilizationRange } | { ok: false; message: string } {
    if (this.preset === 'custom') return checkRange(this.customFrom, this.customTo);
    return { ok: true, range: presetRange(this.preset, now, this.timeZone) };
  }

  /** Loads the report of the range asked for; an unusable range is reported and nothing shown is lost. */
  async reload(now: number): Promise<void> {
    const asked = this.rangeFor(now);
    if (!asked.ok) {
      this.error = { kind: 'invalid-argument', message: asked.message };
      return;
    }
    await this.load(asked.range);
    // The first report may tell a branch zone other than this computer's: a preset is then its days there.
    if (this.preset !== 'custom' && this.report && this.error === null) {
      const again = presetRange(this.preset, now, this.timeZone);
      if (again.from !== this.report.range.from || again.to !== this.report.range.to) await this.load(again);
    }
  }

  async load(range: UtilizationRange): Promise<void> {
    const seq = ++this.#seq;
    this.loading = true;
    try {
      const report = await call('utilization:report', range);
      if (seq !== this.#seq) return;
      this.report = report;
      this.error = null;
    } catch (err) {
      if (seq !== this.#seq) return;
      this.error = errorOf(err);
    } finally {
      if (seq === this.#seq) this.loading = false;
    }
  }

  /** Starts fetching the shown range's histories; progress arrives as events. */
  async fetch(now: number): Promise<void> {
    const asked = this.rangeFor(now);
    if (!asked.ok) {
      this.fetchError = { kind: 'invalid-argument', message: asked.message };
      return;
    }
    try {
      this.progress = await call('utilization:fetch', asked.range);
      this.fetchError = null;
    } catch (err) {
      this.fetchError = errorOf(err);
    }
  }

  async cancel(): Promise<void> {
    try {
      await call('utilization:cancel');
      this.fetchError = null;
    } catch (err) {
      this.fetchError = errorOf(err);
    }
  }

  #onProgress(p: UtilizationProgress): void {
    // A late word of another branch's fetch (before a switch) is not this branch's progress.
    if (this.report && p.profileId !== this.report.profileId) return;
    const was = this.progress?.state;
    this.progress = p;
    // A fetch that ended brought histories: the report of the range is built again from them.
    if (was === 'running' && p.state !== 'running') void this.reload(clock.now);
  }

  dispose(): void {
    for (const off of this.#offs) off();
    this.#offs = [];
    this.#seq++;
    this.preset = DEFAULT_PRESET;
    this.customFrom = '';
    this.customTo = '';
    this.report = null;
    this.error = null;
    this.loading = false;
    this.progress = null;
    this.fetchError = null;
  }
}

export const utilization = new UtilizationStore();
