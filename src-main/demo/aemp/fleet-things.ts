/** The units of the demo's fleet feed (the asset list's things: areas are not equipment) and the shape of its records. */
import type { EquipmentDescriptor, FleetSimulation } from '../sim';

/** One AEMP record as a plain object in AEMP 2.0 JSON shape. */
export type Rec = Record<string, unknown>;

const thingsCache = new WeakMap<FleetSimulation, readonly EquipmentDescriptor[]>();

export function aempEquipment(sim: FleetSimulation): readonly EquipmentDescriptor[] {
  let things = thingsCache.get(sim);
  if (!things) {
    things = sim.equipment.filter((u) => u.type === 'thing');
    thingsCache.set(sim, things);
  }
  return things;
}
