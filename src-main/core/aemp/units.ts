/** Unit spellings seen in fleet feeds, converted to metres and litres. */

const METRES_PER: Record<string, number> = {
  m: 1,
  metre: 1,
  metres: 1,
  meter: 1,
  meters: 1,
  km: 1000,
  kilometre: 1000,
  kilometres: 1000,
  kilometer: 1000,
  kilometers: 1000,
  mi: 1609.344,
  mile: 1609.344,
  miles: 1609.344,
  ft: 0.3048,
  foot: 0.3048,
  feet: 0.3048,
};

const LITRES_PER: Record<string, number> = {
  l: 1,
  litre: 1,
  litres: 1,
  liter: 1,
  liters: 1,
  // US gallons: AEMP feeds are US-born and none we know of send imperial gallons.
  gal: 3.785411784,
  gallon: 3.785411784,
  gallons: 3.785411784,
  'us gallon': 3.785411784,
  'us gallons': 3.785411784,
};

function normalise(unit: string): string {
  return unit.trim().toLowerCase().replace(/\s+/g, ' ');
}

/** Factor to metres for a length unit, or null for an unknown spelling. */
export function metresPer(unit: string | null, fallback: string): number | null {
  return METRES_PER[normalise(unit ?? fallback)] ?? null;
}

/** Factor to litres for a volume unit, or null for an unknown spelling. */
export function litresPer(unit: string | null, fallback: string): number | null {
  return LITRES_PER[normalise(unit ?? fallback)] ?? null;
}
