/**
 * What the list shows, searches, sorts and filters by for each machine's site, made once
 * per announcement of the sites or of where the machines are (never per row drawn or per
 * keystroke). The core decides which site a machine is on; this only turns its answer
 * into the list's words and filter ids.
 */
import type { Site, SitePresence } from '@contract';
import type { IndexedAsset } from './assetIndex';

/** The filter group of the site chips: one chip per site, and the two below. */
export const SITE_GROUP = 'site';
/** Machines with a position that is on no site. */
export const NOT_ON_SITE_FILTER = 'site:none';
/** Machines without a usable position (no site can be known). */
export const NO_POSITION_FILTER = 'site:no-position';

export function siteFilterId(siteId: string): string {
  return `${SITE_GROUP}:${siteId}`;
}

/** One machine's site as the list uses it. */
export interface SiteFact {
  /** The site it is on, or null. */
  site: Site | null;
  /** It has a usable position (a machine without one is on no site and nowhere in words). */
  positioned: boolean;
  /** Off every site: where it is in words; null on a site or when nothing is near. */
  place: string | null;
  /** Epoch ms since when it has been on its site; null off a site or when unknown. */
  since: number | null;
  /** `since` is only when Fleet Desk first saw it there. */
  sinceAtLeast: boolean;
  /** Its chip's filter id; null while the branch has no sites (there are no site chips then). */
  filterId: string | null;
  /** Lowercase site name added to the search key ('' off a site). */
  searchText: string;
  /** Sort text: on-site rows by site name before off-site rows by place; null when blank. */
  sortText: string | null;
}

const NO_POSITION: SiteFact = { positioned: false, site: null, place: null, since: null, sinceAtLeast: false, filterId: NO_POSITION_FILTER, searchText: '', sortText: null };
const UNPLACED: SiteFact = { ...NO_POSITION, positioned: true, filterId: NOT_ON_SITE_FILTER };
const NO_SITE_KNOWN: SiteFact = { ...UNPLACED, filterId: null };
const NO_POSITION_KNOWN: SiteFact = { ...NO_POSITION, filterId: null };

export class SiteLayer {
  readonly sites: readonly Site[];
  readonly #facts = new Map<string, SiteFact>();
  /** Lowercase note text per machine: the search finds machines by the dispatchers' notes too. */
  readonly #notes = new Map<string, string>();

  constructor(sites: readonly Site[], presence: Readonly<Record<string, SitePresence>>, notes: Iterable<{ assetId: string; text: string }> = []) {
    this.sites = sites;
    for (const note of notes) if (note.text) this.#notes.set(note.assetId, note.text.toLowerCase());
    const byId = new Map(sites.map((site) => [site.id, site]));
    for (const [assetId, entry] of Object.entries(presence)) {
      const site = entry.siteId ? (byId.get(entry.siteId) ?? null) : null;
      const place = site ? null : entry.place;
      this.#facts.set(assetId, {
        positioned: true,
        site,
        place,
        since: site ? entry.since : null,
        sinceAtLeast: site !== null && entry.since !== null && entry.sinceAtLeast,
        filterId: sites.length === 0 ? null : site ? siteFilterId(site.id) : NOT_ON_SITE_FILTER,
        searchText: site ? site.name.toLowerCase() : '',
        // "\u0000" sorts before any name: every on-site row comes before the places.
        sortText: site ? `\u0000${site.name.toLowerCase()}` : place ? place.toLowerCase() : null,
      });
    }
  }

  /** What the search looks in beyond the row's own key: the site's name and the machine's note ('' for neither). */
  searchTextOf(row: Pick<IndexedAsset, 'asset' | 'hasGps'>): string {
    const site = this.factOf(row).searchText;
    const note = this.#notes.get(row.asset.assetId);
    if (!note) return site;
    return site ? `${site}\u0000${note}` : note;
  }

  /**
   * The row's site. A machine the core has not placed is "not on a site" when it has a
   * position (its place is not known yet) and "no position" otherwise.
   */
  factOf(row: Pick<IndexedAsset, 'asset' | 'hasGps'>): SiteFact {
    const fact = this.#facts.get(row.asset.assetId);
    if (fact) return fact;
    if (this.sites.length === 0) return row.hasGps ? NO_SITE_KNOWN : NO_POSITION_KNOWN;
    return row.hasGps ? UNPLACED : NO_POSITION;
  }
}

/** The layer before any site is known: every machine off a site. */
export const NO_SITES = new SiteLayer([], {});

export interface SiteCount {
  /** "North yard", "not on a site" or "without a position". */
  label: string;
  count: number;
  /** The site, for a site's count. */
  site: Site | null;
}

/**
 * Where a selection is: how many on each site (most first, then by name), then how many
 * on none and how many without a position. The number of sites is the site entries'.
 */
export function siteCountsOf(rows: readonly Pick<IndexedAsset, 'asset' | 'hasGps'>[], sites: SiteLayer): SiteCount[] {
  const bySite = new Map<Site, number>();
  let off = 0;
  let nowhere = 0;
  for (const row of rows) {
    const fact = sites.factOf(row);
    if (fact.site) bySite.set(fact.site, (bySite.get(fact.site) ?? 0) + 1);
    else if (fact.positioned) off++;
    else nowhere++;
  }
  const out: SiteCount[] = [...bySite].map(([site, count]) => ({ label: site.name, count, site }));
  out.sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
  if (off > 0) out.push({ label: 'not on a site', count: off, site: null });
  if (nowhere > 0) out.push({ label: 'without a position', count: nowhere, site: null });
  return out;
}
