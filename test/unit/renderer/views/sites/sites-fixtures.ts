/** Sites and presence for the site views' tests. */
import type { Site, SitePresence, SitesState } from '../../../../../src-main/contract';
import { rectangleShape } from '../../../../../src-renderer/src/lib/sites/site-shapes';

export function site(id: string, patch: Partial<Site> = {}): Site {
  return { id, name: `Site ${id}`, kind: 'yard', notes: '', shape: rectangleShape(40, -112, 41, -111), regionCode: null, createdAt: 1, updatedAt: Date.parse('2026-11-20T08:00:00Z'), ...patch };
}

export function presence(siteId: string | null, since: number | null, sinceAtLeast = false): SitePresence {
  return { siteId, since, sinceAtLeast, place: null };
}

export function sitesState(sites: Site[], present: Record<string, SitePresence> = {}): SitesState {
  return { profileId: 'demo', sites, presence: present };
}
