import type { Equipment } from '../../../../../src-main/contract';

/** A unit of the fleet feed with nothing known but what the test sets. */
export function unit(over: Partial<Equipment>): Equipment {
  return {
    equipmentId: null,
    serialNumber: null,
    vin: null,
    make: null,
    model: null,
    location: null,
    operatingHours: null,
    idleHours: null,
    distance: null,
    fuelUsed: null,
    fuelRemaining: null,
    engineRunning: null,
    linkedAssetId: null,
    ...over,
  };
}
