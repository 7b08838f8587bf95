import type { Equipment } from '../../contract';
import { cleanText, describeNote, type TextNote } from '../service-text';
import { readDistance, readEngineStatus, readFuelRemaining, readFuelUsed, readHours, readLocation, type IssueSink } from './normalize-elements';
import { asArray, datetimeOf, isNode, keyOf, pick, text } from './tolerant';

/**
 * A data element may be repeated (several readings); the newest one is used. An empty
 * XML element (`<Location/>`) counts as absent.
 */
function element<T>(
  equipment: Record<string, unknown>,
  name: string,
  path: string,
  sink: IssueSink,
  read: (el: unknown, path: string, sink: IssueSink) => T | null,
): T | null {
  const key = keyOf(equipment, name);
  const all = asArray(pick(equipment, name));
  if (all.length === 0) return null;
  let index = 0;
  if (all.length > 1) {
    let newest = -Infinity;
    all.forEach((el, i) => {
      const t = Date.parse(datetimeOf(el) ?? '');
      if (Number.isFinite(t) && t > newest) {
        newest = t;
        index = i;
      }
    });
  }
  return read(all[index], all.length > 1 ? `${path}.${key}[${index}]` : `${path}.${key}`, sink);
}

/** Normalises one `Equipment` element; null (with an issue) when it cannot be identified. */
export function normalizeEquipment(raw: unknown, path: string, sink: IssueSink): Equipment | null {
  if (!isNode(raw)) {
    sink.issues.push({ path, message: 'Equipment entry is not an element with fields; skipped.' });
    return null;
  }
  // Some feeds put the header fields straight on the equipment.
  const headerRaw = pick(raw, 'EquipmentHeader', 'Header');
  const header = isNode(headerRaw) ? headerRaw : raw;
  const headerPath = isNode(headerRaw) ? `${path}.${keyOf(raw, 'EquipmentHeader', 'Header')}` : path;
  // A machine's text is service text: echoed secrets redacted, over-long text cut.
  const notes: TextNote[] = [];
  const field = (...names: string[]): string | null => {
    const value = text(pick(header, ...names));
    return value === null ? null : cleanText(value, `${headerPath}.${keyOf(header, ...names)}`, notes);
  };
  const equipmentId = field('EquipmentID', 'EquipmentId', 'ID');
  const serialNumber = field('SerialNumber');
  const vin = field('PIN', 'VIN');
  const make = field('OEMName', 'Make');
  const model = field('Model');
  for (const note of notes) sink.issues.push({ path: note.path, message: describeNote(note) });
  if (equipmentId === null && serialNumber === null && vin === null) {
    sink.issues.push({ path: `${path}.EquipmentHeader`, message: 'Equipment has no equipment id, serial number or PIN/VIN; skipped.' });
    return null;
  }
  return {
    equipmentId,
    serialNumber,
    vin,
    make,
    model,
    location: element(raw, 'Location', path, sink, readLocation),
    operatingHours: element(raw, 'CumulativeOperatingHours', path, sink, readHours),
    idleHours: element(raw, 'CumulativeIdleHours', path, sink, readHours),
    distance: element(raw, 'Distance', path, sink, readDistance),
    fuelUsed: element(raw, 'FuelUsed', path, sink, readFuelUsed),
    fuelRemaining: element(raw, 'FuelRemaining', path, sink, readFuelRemaining),
    engineRunning: element(raw, 'EngineStatus', path, sink, readEngineStatus),
    linkedAssetId: null,
  };
}
