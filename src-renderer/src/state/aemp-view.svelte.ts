/** State of the Fleet view: the listing per version, loading progress, the open machine. */
import { equipmentForSerial, type AempVersion, type AppError, type Equipment, type AempListing, type AempProgress, type Units } from '@contract';
import { call, errorOf, bridge } from '../lib/bridge';
import { checkIdentifier } from '../lib/aemp/progress';
import { lookupErrorText } from '../lib/aemp/messages';
import { HistoryCache } from '../lib/aemp/history-cache';
import { BaseMapSource } from './base-map.svelte';
import { appEvents } from './events';
import { session } from './session.svelte';

/** The base map of the track replay: the main side's tile route and its attribution ('map:base'). */
export interface MapSettings {
  tileUrl: string;
  tileAttribution: string;
}

export class AempViewState {
  version = $state<AempVersion>('2.0');
  listing = $state.raw<AempListing | null>(null);
  loading = $state(false);
  progress = $state.raw<AempProgress | null>(null);
  listError = $state.raw<AppError | null>(null);
  /** The units of the settings (the session follows their changes). */
  readonly units: Units = $derived(session.settings.units);
  /** The one source of the base map every map view follows ('map:base'). */
  readonly base = new BaseMapSource();
  /** The track replay's tiles; the same object while the route and attribution stay (the map is not rebuilt). */
  readonly map: MapSettings = $derived.by(() => {
    const next = { tileUrl: this.base.current?.url ?? '', tileAttribution: this.base.current?.attribution ?? '' };
    const last = this.#lastMap;
    if (next.tileUrl === last.tileUrl && next.tileAttribution === last.tileAttribution) return last;
    return (this.#lastMap = next);
  });
  #lastMap: MapSettings = { tileUrl: '', tileAttribution: '' };
  selected = $state.raw<Equipment | null>(null);
  lookupBusy = $state(false);
  lookupError = $state<string | null>(null);
  /** Histories loaded while this view lives; another branch's machines are other machines. */
  readonly historyCache = new HistoryCache();

  #loadToken = 0;
  /** A serial number to open once the listing has loaded (see `requestSerial`). */
  #pendingSerial: string | null = null;
  #unsubscribe: (() => void) | null = null;

  start(): void {
    const offProgress = bridge().on('aemp:progress', (p) => {
      if (p.version === this.version && this.loading) this.progress = p;
    });
    this.base.start();
    const offProfiles = appEvents.on('profile-switched', () => this.#branchSwitched());
    // A "Not signed in" from before the sign-in is no longer true: ask again.
    const offSignIn = appEvents.on('signed-in', () => void this.load(this.version));
    this.#unsubscribe = () => {
      offProgress();
      this.base.stop();
      offProfiles();
      offSignIn();
    };
    void this.load(this.version);
  }

  stop(): void {
    this.#unsubscribe?.();
    this.#unsubscribe = null;
    this.#loadToken++;
  }

  /**
   * Another branch: its machines are other machines, and what went wrong in the last one
   * (an error, a look-up) is not this one's. Everything shown goes; its listing loads.
   */
  #branchSwitched(): void {
    this.historyCache.clear();
    this.listing = null;
    this.selected = null;
    this.lookupError = null;
    this.#pendingSerial = null;
    void this.load(this.version);
  }

  setVersion(version: AempVersion): void {
    if (version === this.version) return;
    this.version = version;
    this.selected = null;
    this.lookupError = null;
    void this.load(version);
  }

  /** Shows stored data at once, then loads every page; a failure keeps what is shown. */
  async load(version: AempVersion = this.version): Promise<void> {
    const token = ++this.#loadToken;
    this.listError = null;
    this.progress = null;
    // A reload keeps the shown list until a new one arrives; a version switch clears it.
    if (this.listing?.version !== version) this.listing = null;
    this.loading = true;
    try {
      const cached = await call('aemp:cached', version);
      if (token === this.#loadToken && cached && (this.listing === null || this.listing.source === 'cache')) this.listing = cached;
    } catch {
      // No stored data: the network load below decides what is shown.
    }
    if (token !== this.#loadToken) return;
    try {
      const fresh = await call('aemp:list', version);
      if (token === this.#loadToken) this.listing = fresh;
    } catch (err) {
      if (token === this.#loadToken) this.listError = errorOf(err);
    } finally {
      if (token === this.#loadToken) {
        this.loading = false;
        this.progress = null;
      }
    }
    if (token === this.#loadToken) await this.#openPending();
  }

  /** Looks a machine up; `version` defaults to the shown one. */
  async lookUp(raw: string, version: AempVersion = this.version): Promise<boolean> {
    const checked = checkIdentifier(raw);
    if (!checked.ok) {
      // What stays on screen must be the machine asked for, or nothing.
      this.selected = null;
      this.lookupError = checked.message;
      return false;
    }
    this.lookupBusy = true;
    this.lookupError = null;
    try {
      // The core fills an AEMP 1.2 answer's missing VIN with the one looked up by.
      this.selected = await call('aemp:equipment', version, checked.value);
      return true;
    } catch (err) {
      this.selected = null;
      this.lookupError = lookupErrorText(errorOf(err), checked.value, version);
      return false;
    } finally {
      this.lookupBusy = false;
    }
  }

  open(e: Equipment): void {
    this.selected = e;
  }

  close(): void {
    this.selected = null;
  }

  /**
   * Opens a machine by serial number: from the listing when present, else by look-up.
   * While the listing is still loading, the request waits for it.
   */
  async requestSerial(serial: string): Promise<void> {
    const s = serial.trim();
    if (!s) return;
    this.#pendingSerial = s;
    if (!this.loading) await this.#openPending();
  }

  async #openPending(): Promise<void> {
    const s = this.#pendingSerial;
    if (!s) return;
    this.#pendingSerial = null;
    const found = equipmentForSerial(this.listing?.equipment ?? [], s); // the rule the core links by
    if (found) {
      this.selected = found;
      this.lookupError = null;
    } else {
      // AEMP 1.2 looks machines up by VIN only; 2.0 also accepts a serial number.
      await this.lookUp(s, '2.0');
    }
  }
}
