/**
 * How a site's outline looks on the map, by kind. Colours come from the Okabe–Ito palette
 * (told apart with the common colour-vision deficiencies), and a restricted area is also
 * dashed, so it never depends on colour alone.
 */
import { SITE_KINDS, type SiteKind } from '@contract';

export interface SiteStyle {
  color: string;
  fillColor: string;
  fillOpacity: number;
  weight: number;
  /** SVG dash pattern; null for a solid line. */
  dashArray: string | null;
}

/** Outline colour per kind: restricted red-orange, yards a neutral grey, job sites the accent blue. */
export const SITE_COLOURS: Record<SiteKind, string> = {
  restricted: '#d55e00',
  yard: '#5f6670',
  job: '#0072b2',
  customer: '#009e73',
  other: '#cc79a7',
};

/** The dash pattern of a restricted area's outline. */
export const RESTRICTED_DASH = '8 6';

export function siteStyle(kind: SiteKind, highlighted = false): SiteStyle {
  const colour = SITE_COLOURS[kind] ?? SITE_COLOURS.other;
  return {
    color: colour,
    fillColor: colour,
    // Restricted areas are filled a little more, so they read as "keep out" at a glance.
    fillOpacity: kind === 'restricted' ? 0.16 : 0.08,
    weight: highlighted ? 4 : 2,
    dashArray: kind === 'restricted' ? RESTRICTED_DASH : null,
  };
}

/** The kinds in the order the legend lists them. */
export const SITE_LEGEND_KINDS: readonly SiteKind[] = SITE_KINDS;
