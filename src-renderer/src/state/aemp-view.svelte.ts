/** State of the Fleet view: the listing per version, loading progress, the open unit. */
import type { AempVersion, AppError, BaseMap, Equipment, AempListing, AempProgress, Settings, Units } from '@contract';
import { call, errorOf, bridge } from '../lib/bridge';
import { checkIdentifier } from '../lib/aemp/progress';
import { lookupErrorText } from '../lib/aemp/messages';
import { HistoryCache } from '../lib/aemp/history-cache';

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
  units = $state<Units>('metric');
  map = $state.raw<MapSettings>({ tileUrl: '', tileAttribution: '' });
  /** asset-list serial number → asset id, to link units the core did not link. */
  assetBySerial = $state.raw<Readonly<Record<string, string>>>({});
  selected = $state.raw<Equipment | null>(null);
  lookupBusy = $state(false);
  lookupError = $state<string | null>(null);
  /** Histories loaded while this view lives; another branch's units are other units. */
  readonly historyCache = new HistoryCache();
  #activeProfile: string | null = null;

  #loadToken = 0;
  /** A serial number to open once the listing has loaded (see `requestSerial`). */
  #pendingSerial: string | null = null;
  #unsubscribe: (() => void) | null = null;

  start(): void {
    const offProgress = bridge().on('aemp:progress', (p) => {
      if (p.version === this.version && this.loading) this.progress = p;
    });
    const offSettings = bridge().on('settings', (s) => this.#applySettings(s));
    const offBase = bridge().on('map:base', (b) => this.#applyBaseMap(b));
    const offProfiles = bridge().on('profiles:changed', (p) => {
      if (this.#activeProfile !== null && p.activeId !== this.#activeProfile) this.historyCache.clear();
      this.#activeProfile = p.activeId;
    });
    this.#unsubscribe = () => {
      offProgress();
      offSettings();
      offBase();
      offProfiles();
    };
    void this.#loadSettings();
    void call('map:base').then(
      (b) => this.#applyBaseMap(b),
      () => undefined, // no base map: the track on a plain background
    );
    void this.#loadAssets();
    void this.load(this.version);
  }

  stop(): void {
    this.#unsubscribe?.();
    this.#unsubscribe = null;
    this.#loadToken++;
  }

  async #loadSettings(): Promise<void> {
    try {
      this.#applySettings(await call('settings:get'));
    } catch {
      // Defaults (metric, no tiles) are fine when settings cannot be read.
    }
  }

  #applySettings(s: Settings): void {
    this.units = s.units;
  }

  #applyBaseMap(b: BaseMap): void {
    if (b.url !== this.map.tileUrl || b.attribution !== this.map.tileAttribution) this.map = { tileUrl: b.url, tileAttribution: b.attribution };
  }

  async #loadAssets(): Promise<void> {
    try {
      const snapshot = await call('assets:get');
      const bySerial: Record<string, string> = Object.create(null);
      for (const a of snapshot?.assets ?? []) if (a.serialNumber) bySerial[a.serialNumber] = a.assetId;
      this.assetBySerial = bySerial;
    } catch {
      // Without the asset list, only links the core made are shown.
    }
  }

  linkedAssetId(e: Equipment): string | null {
    return e.linkedAssetId ?? (e.serialNumber ? (this.assetBySerial[e.serialNumber] ?? null) : null);
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

  /** Looks a unit up; `version` defaults to the shown one. */
  async lookUp(raw: string, version: AempVersion = this.version): Promise<boolean> {
    const checked = checkIdentifier(raw);
    if (!checked.ok) {
      // What stays on screen must be the unit asked for, or nothing.
      this.selected = null;
      this.lookupError = checked.message;
      return false;
    }
    this.lookupBusy = true;
    this.lookupError = null;
    try {
      const found = await call('aemp:equipment', version, checked.value);
      // AEMP 1.2 looks units up by VIN, and its answer may leave the VIN out: show the one used.
      this.selected = version === '1.2' && !found.vin ? { ...found, vin: checked.value } : found;
      return true;
    } catch (err) {
      this.selected = null;
      this.lookupError = lookupErrorText(errorOf(err), checked.value);
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
   * Opens a unit by serial number: from the listing when present, else by look-up.
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
    const found = this.listing?.equipment.find((e) => e.serialNumber === s);
    if (found) {
      this.selected = found;
      this.lookupError = null;
    } else {
      // AEMP 1.2 looks units up by VIN only; 2.0 also accepts a serial number.
      await this.lookUp(s, '2.0');
    }
  }
}
