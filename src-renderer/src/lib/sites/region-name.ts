/**
 * How one of the service's `geo-regions` codes reads wherever it is shown: the name of the
 * site that stands for it (the dispatcher set the site's region code), with the code as
 * secondary text; the code as people read it ("SLC-YARD") when no site matches. A site's
 * code and the service's match with or without the `region:` prefix and in any case, as the
 * alert rules match region codes.
 */
import { regionCodeText, regionKey, type AlertRecord, type Site } from '@contract';

export interface RegionName {
  /** What to show: the site's name, or the code without its prefix. */
  text: string;
  /** The code as people read it ("SLC-YARD" for "region:SLC-YARD"): the secondary text beside a site's name. */
  code: string;
  /** The tooltip: the service's code. */
  title: string;
  /** The site the code stands for, or null. */
  site: Site | null;
}

const keyOf = regionKey;

// One lookup per sites list: the sites are replaced whole when they change.
const lookups = new WeakMap<readonly Site[], Map<string, Site>>();

/** The site whose region code is `code`, or null. */
export function siteForRegion(sites: readonly Site[], code: string): Site | null {
  let byCode = lookups.get(sites);
  if (!byCode) {
    byCode = new Map();
    for (const site of sites) {
      const key = site.regionCode ? keyOf(site.regionCode) : null;
      if (key && !byCode.has(key)) byCode.set(key, site);
    }
    lookups.set(sites, byCode);
  }
  const key = keyOf(code);
  return key ? (byCode.get(key) ?? null) : null;
}

export function regionName(sites: readonly Site[], code: string): RegionName {
  const site = siteForRegion(sites, code);
  const bare = regionCodeText(code);
  return { text: site ? site.name : bare, code: bare, title: `The service's code: ${code}`, site };
}

/**
 * A region alert's message with the site's name for the code ("Entered North yard" for
 * "Entered SLC-YARD"), and the tooltip naming the code; other alerts as they are.
 */
export function alertMessage(sites: readonly Site[], alert: Pick<AlertRecord, 'rule' | 'message' | 'value'>): { text: string; title: string } {
  if (alert.rule !== 'region' || typeof alert.value !== 'string') return { text: alert.message, title: alert.message };
  const name = regionName(sites, alert.value);
  const code = regionCodeText(alert.value);
  if (!name.site || !alert.message.endsWith(code)) return { text: alert.message, title: alert.message };
  const text = `${alert.message.slice(0, alert.message.length - code.length)}${name.site.name}`;
  return { text, title: `${alert.message} (the service's code ${alert.value})` };
}
