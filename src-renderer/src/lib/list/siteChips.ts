/**
 * The site chips of the filter bar: one per site (by name), then "Not on a site" and
 * "No position". Past `limit` sites the rest wait behind "More sites"; a picked site always
 * shows, and so does a picked site that no longer exists, so it can be turned off.
 */
import type { Site, SiteKind } from '@contract';
import { NO_POSITION_FILTER, NOT_ON_SITE_FILTER, SITE_GROUP, siteFilterId } from './siteLayer';
import { groupOf } from './assetIndex';

export interface SiteChip {
  id: string;
  label: string;
  title: string | undefined;
}

export interface SiteChips {
  chips: SiteChip[];
  /** Sites left behind "More sites". */
  hidden: number;
  /** How many sites the branch has. */
  total: number;
}

const byName = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** The chips to show, or null while the branch has no sites (no site facet then). */
export function siteChips(sites: readonly Site[], filters: readonly string[], limit: number, kindLabel: (kind: SiteKind) => string): SiteChips | null {
  if (sites.length === 0) return null;
  const picked = new Set(filters.filter((id) => groupOf(id) === SITE_GROUP));
  const ordered = [...sites].sort((a, b) => byName.compare(a.name, b.name) || (a.id < b.id ? -1 : 1));
  const active = ordered.filter((site) => picked.has(siteFilterId(site.id)));
  const room = Math.max(0, limit - active.length);
  const rest = ordered.filter((site) => !picked.has(siteFilterId(site.id))).slice(0, room);
  const shown = new Set([...active, ...rest]);
  const chips: SiteChip[] = ordered.filter((site) => shown.has(site)).map((site) => ({ id: siteFilterId(site.id), label: site.name, title: kindLabel(site.kind) }));
  const known = new Set(sites.map((site) => siteFilterId(site.id)));
  for (const id of picked) {
    if (!known.has(id) && id !== NOT_ON_SITE_FILTER && id !== NO_POSITION_FILTER) chips.push({ id, label: 'Removed site', title: 'This site no longer exists: turn the filter off to list the machines again' });
  }
  chips.push(
    { id: NOT_ON_SITE_FILTER, label: 'Not on a site', title: 'Machines with a position on none of the sites' },
    { id: NO_POSITION_FILTER, label: 'No position', title: 'Machines without a usable position: no site can be known' },
  );
  return { chips, hidden: sites.length - shown.size, total: sites.length };
}
