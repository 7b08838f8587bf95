/**
 * The one rule that links AEMP equipment to asset-list assets, shared by the core (which
 * sets `Equipment.linkedAssetId`) and the renderer (which opens an asset's equipment).
 *
 * The asset list carries a serial number but no VIN, so an asset is known by its serial
 * number. A machine matches it by its own serial number first, then by its PIN/VIN (AEMP 2.0's
 * product identification number is the serial number for many makers). Both sides are
 * compared trimmed and case-insensitively; blank values never match.
 */

/** The form in which identifiers are compared, or null for a blank one. */
export function identifierKey(text: string | null | undefined): string | null {
  if (typeof text !== 'string') return null;
  const key = text.trim().toLowerCase();
  return key === '' ? null : key;
}

/** The keys a machine is matched by, in order of preference (serial number, then PIN/VIN). */
export function equipmentKeys(equipment: { serialNumber: string | null; vin: string | null }): string[] {
  const keys: string[] = [];
  for (const text of [equipment.serialNumber, equipment.vin]) {
    const key = identifierKey(text);
    if (key !== null && !keys.includes(key)) keys.push(key);
  }
  return keys;
}

/**
 * The machine among `equipment` that an asset with this serial number links to: one whose
 * serial number matches, else one whose PIN/VIN matches; null when none does.
 */
export function equipmentForSerial<E extends { serialNumber: string | null; vin: string | null }>(equipment: readonly E[], serial: string | null | undefined): E | null {
  const key = identifierKey(serial);
  if (key === null) return null;
  return equipment.find((e) => identifierKey(e.serialNumber) === key) ?? equipment.find((e) => identifierKey(e.vin) === key) ?? null;
}
