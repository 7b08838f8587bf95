/**
 * What the alert rules know of the branch's sites, handed in by whoever owns them (the
 * sites service): the site each machine is on, and the site standing for a region code.
 * Without sites every answer is "none", so the place rules raise nothing.
 */
import type { SiteKind } from '../../contract';

export interface AlertSite {
  id: string;
  name: string;
  kind: SiteKind;
}

export interface AlertPlaces {
  /** The site the machine is on as of the list being evaluated, or null (off every site, or no position). */
  siteOf(assetId: string): AlertSite | null;
  /** The site whose region code is `code`, so alerts use its name instead of the code. */
  siteForRegion(code: string): { name: string } | null;
  /** False while the branch has no sites: "off its site" would then hold for every machine. */
  hasSites(): boolean;
}

export const NO_PLACES: AlertPlaces = {
  siteOf: () => null,
  siteForRegion: () => null,
  hasSites: () => false,
};

/**
 * The site each machine was on when the site rule last looked at it, kept between
 * evaluations (in memory only). A machine it has not seen yet is only remembered, so a
 * start raises no "entered" for every machine already on a site.
 */
export class SiteMemory {
  private readonly sites = new Map<string, AlertSite | null>();

  has(assetId: string): boolean {
    return this.sites.has(assetId);
  }

  get(assetId: string): AlertSite | null {
    return this.sites.get(assetId) ?? null;
  }

  set(assetId: string, site: AlertSite | null): void {
    this.sites.set(assetId, site);
  }

  clear(): void {
    this.sites.clear();
  }
}
