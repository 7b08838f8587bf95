import type { Metric } from '../contract';
import { metricsFor, metricsJsonFor } from './asset-metrics';
import { focusView, type EmbedSigner } from './embed/signer';
import type { SeededRandom } from './prng';
import type { FleetSimulation, EquipmentDescriptor } from './sim';

/** Embed URLs in the list are re-signed this often, so each stays openable for 55–60 minutes. */
const URL_WINDOW_MS = 5 * 60_000;

export interface AssetListFaults {
  malformedRate: number;
  hugePayload: boolean;
  hugePayloadBytes: number;
  random: SeededRandom;
}

type Corruption = (metrics: Record<string, Metric>) => void;

/** Ways a real feed gets single fields wrong; each keeps the rest of the asset valid. */
const CORRUPTIONS: readonly Corruption[] = [
  (m) => {
    if (m.fuel) m.fuel.value = 140;
    else if (m.gps) m.gps.value = { lat: 200, lng: (m.gps.value as { lng: number }).lng };
  },
  (m) => {
    if (m.gps) m.gps.value = { lat: (m.gps.value as { lat: number }).lat };
  },
  (m) => {
    if (m.gps) m.gps.value = { lat: 200, lng: (m.gps.value as { lng: number }).lng };
  },
  (m) => {
    if (m.ignition) m.ignition.value = 'yes';
    if (m['engine-runtime']) m['engine-runtime'].value = String(m['engine-runtime'].value);
    if (m.gps) m.gps.value = { lat: String((m.gps.value as { lat: number }).lat), lng: (m.gps.value as { lng: number }).lng };
  },
  (m) => {
    const first = Object.values(m)[0];
    if (first) first.meta.collectedOn = 'yesterday-ish';
  },
];

/**
 * Serialises `/branch/current/assets`. The static head of each asset (ids, names, its
 * signed embed URL) is built once per URL window; only metrics are computed per request.
 */
export class AssetListRenderer {
  private heads: string[] = [];
  private windowStart = Number.NaN;
  /** serialised metrics per unit, valid while the unit's last report time stays the same */
  private metricsJson: string[] = [];
  private metricsReportedAt: number[] = [];

  constructor(
    private readonly sim: FleetSimulation,
    private readonly signer: EmbedSigner,
    private readonly origin: string,
    /** the entry name inside each asset's `urls` (deployments differ; the branch endpoint says `mapEmbed`) */
    private readonly urlKey = 'embedUrl',
  ) {}

  private headsFor(nowMs: number): string[] {
    const windowStart = Math.floor(nowMs / URL_WINDOW_MS) * URL_WINDOW_MS;
    if (windowStart !== this.windowStart) {
      this.heads = this.sim.equipment.map((unit) => this.head(unit, windowStart));
      this.windowStart = windowStart;
    }
    return this.heads;
  }

  private head(unit: EquipmentDescriptor, signedAt: number): string {
    const base: Record<string, unknown> = { assetId: unit.assetId, type: unit.type, name: unit.name };
    if (unit.type === 'thing') {
      base.serialNumber = unit.serialNumber ?? '';
      base.category = unit.category;
    }
    base.urls = { [this.urlKey]: this.signer.url(this.origin, focusView(unit.assetId), signedAt) };
    const json = JSON.stringify(base);
    return `${json.slice(0, -1)},"metrics":`;
  }

  render(nowMs: number, faults?: AssetListFaults): string {
    const heads = this.headsFor(nowMs);
    const units = this.sim.equipment;
    const parts = new Array<string>(units.length);
    for (let i = 0; i < units.length; i++) {
      const unit = units[i];
      if (faults && unit.hasMetrics && faults.random.chance(faults.malformedRate)) {
        const metrics = metricsFor(unit, this.sim.stateAt(unit, nowMs));
        if (metrics) faults.random.pick(CORRUPTIONS)(metrics);
        parts[i] = `${heads[i]}${JSON.stringify(metrics)}}`;
        continue;
      }
      const reportedAt = this.sim.reportedAt(unit, nowMs);
      if (this.metricsReportedAt[i] !== reportedAt) {
        this.metricsJson[i] = metricsJsonFor(unit, this.sim.stateAt(unit, nowMs));
        this.metricsReportedAt[i] = reportedAt;
      }
      parts[i] = `${heads[i]}${this.metricsJson[i]}}`;
    }
    if (faults?.hugePayload) parts.push(...padding(faults.hugePayloadBytes));
    return `[${parts.join(',')}]`;
  }
}

/** Extra well-formed assets with long names, about `bytes` in total. */
function padding(bytes: number): string[] {
  const filler = 'x'.repeat(64 * 1024);
  const count = Math.ceil(bytes / filler.length);
  const out = new Array<string>(count);
  for (let k = 0; k < count; k++) {
    out[k] = `{"assetId":"thing:${900_000 + k}","type":"thing","name":"Padding ${k} ${filler}","serialNumber":"","category":"padding","urls":{},"metrics":null}`;
  }
  return out;
}
