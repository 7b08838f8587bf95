/**
 * The active branch's sites and where each machine is, as the core announces them
 * ('sites:changed') after a refresh, an edit, an import or a profile switch. Views read
 * `sites`, `byId` and `presence`; they never compute membership themselves.
 */
import type { AppError, Site, SitePresence, SitesChange, SitesState } from '@contract';
import { bridge, call } from '../lib/bridge';
import { siteForRegion } from '../lib/sites/region-name';

class SitesStore {
  profileId = $state<string | null>(null);
  sites = $state.raw<Site[]>([]);
  /** assetId → presence (machines with a position). */
  presence = $state.raw<Record<string, SitePresence>>({});
  /** Why the sites could not be loaded; the last good ones stay shown. */
  error = $state<AppError | null>(null);

  byId = $derived(new Map(this.sites.map((site) => [site.id, site])));
  /** siteId → how many machines are on it (absent: none). */
  counts = $derived.by(() => {
    const out: Record<string, number> = {};
    for (const entry of Object.values(this.presence)) {
      if (entry.siteId) out[entry.siteId] = (out[entry.siteId] ?? 0) + 1;
    }
    return out;
  });

  #off: (() => void) | null = null;

  async init(): Promise<void> {
    this.#off?.();
    this.#off = bridge().on('sites:changed', (change) => this.apply(change));
    await this.load();
  }

  async load(): Promise<void> {
    try {
      this.replace(await call('sites:get'));
      this.error = null;
    } catch (err) {
      this.error = err as AppError;
    }
  }

  replace(state: SitesState): void {
    this.profileId = state.profileId;
    this.sites = state.sites;
    this.presence = state.presence;
  }

  /** Applies a change; one for another branch than the one held means the branch changed: load it whole. */
  apply(change: SitesChange): void {
    if (this.profileId !== null && change.profileId !== this.profileId) {
      this.profileId = change.profileId;
      this.sites = change.sites ?? [];
      this.presence = {};
      void this.load();
      return;
    }
    this.profileId = change.profileId;
    if (change.sites) this.sites = change.sites;
    const keys = Object.keys(change.presence);
    if (keys.length === 0) return;
    const next = { ...this.presence };
    for (const id of keys) {
      const entry = change.presence[id];
      if (entry) next[id] = entry;
      else delete next[id];
    }
    this.presence = next;
  }

  /** The site a machine is on, or null. */
  siteOf(assetId: string): Site | null {
    const id = this.presence[assetId]?.siteId;
    return id ? (this.byId.get(id) ?? null) : null;
  }

  /** The site that stands for one of the service's `geo-regions` codes, or null. */
  forRegion(code: string): Site | null {
    return siteForRegion(this.sites, code);
  }

  dispose(): void {
    this.#off?.();
    this.#off = null;
    this.profileId = null;
    this.sites = [];
    this.presence = {};
    this.error = null;
  }
}

export const sitesStore = new SitesStore();
