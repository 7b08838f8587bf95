/**
 * A service under someone else's control, on 127.0.0.1, for the bounded-work tests
 * (bounded work on hostile input). It starts well behaved (a small asset list and a two-page AEMP
 * listing) so the core under test has last good data; `GET /__control/arm` turns on
 * the hostile answer of its case:
 *
 * - `endless-pages`: every AEMP page has 300 new units and a `next` link to a new,
 *   distinct page on the same origin, for ever;
 * - `many-assets`: an asset list of 100,000 realistic assets (~2.5 KB each, ~250 MB);
 * - `endless-body`: an asset list body that never ends;
 * - `endless-page-body`: an AEMP page body that never ends;
 * - `largest-list`: realistic assets up to just under the asset-list byte limit (~50,000):
 *   the biggest list the core accepts, which it must load and keep;
 * - `too-many-small`: MAX_ASSETS_PER_LIST + 1 tiny assets (well under the byte limit).
 *
 * Bodies are streamed with back-pressure, so this process stays small; an endless body
 * stops at SAFETY_CEILING_BYTES (and the socket is cut) so that a core whose limits were
 * removed fails its test instead of eating the machine. No vitest import: the RSS
 * measurement script uses this file outside vitest.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MAX_ASSET_LIST_BYTES, MAX_ASSETS_PER_LIST } from '../../../src-main/core/limits';

export type HostileCase = 'endless-pages' | 'many-assets' | 'endless-body' | 'endless-page-body' | 'largest-list' | 'too-many-small';

export const HOSTILE_CASES: readonly HostileCase[] = ['endless-pages', 'many-assets', 'endless-body', 'endless-page-body', 'largest-list', 'too-many-small'];

export const HOSTILE_TOKEN = 'hostile-test-token-Qm81zX0pLr4v';
export const GOOD_ASSETS = 20;
export const GOOD_UNITS = 10;
export const MANY_ASSETS = 100_000;
export const UNITS_PER_HOSTILE_PAGE = 300;
/** An endless body stops here whatever happens (a broken core must not take the machine down). */
export const SAFETY_CEILING_BYTES = 3 * 1024 ** 3;

export interface HostileService {
  origin: string;
  baseUrl: string;
  aempUrl: string;
  armed: boolean;
  /** Hostile pages served since arming (endless-pages). */
  pagesServed: number;
  /** Bytes of hostile bodies sent since arming. */
  bytesSent: number;
  /** Assets in the hostile list (largest-list, too-many-small), once sent. */
  assetsSent: number;
  close(): Promise<void>;
}

/** One asset like the demo service's, ~2.5 KB of JSON. */
export function assetJson(i: number): string {
  const at = '2026-03-01T10:00:00Z';
  const m = (value: unknown, source: string) => `{"value":${JSON.stringify(value)},"meta":{"collectedOn":"${at}","source":"${source}","other":{}}}`;
  return (
    `{"assetId":"thing:${i}","type":"thing","name":"Dump truck ${i}","serialNumber":"SN${String(i).padStart(9, '0')}","category":"dump truck",` +
    `"urls":{"embedUrl":"http://127.0.0.1:9/embed/auth?req=%2Fembed%2Fmap%23focus%3Dthing%3A${i}&jws=eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIvZW1iZWQvbWFwI2ZvY3VzPXRoaW5nOjIiLCJleHAiOjE3OTU0MDM3MDB9.hpJ0noVOgnNpG3VclWq1ciSfMbjA1MO4MZKeoSwMyjQ"},` +
    `"metrics":{"gps":${m({ lat: 40 + (i % 1000) / 1000, lng: -112 + (i % 997) / 1000 }, 'gps-receiver')},"speed":${m(i % 90, 'gps-receiver')},` +
    `"heading":${m(244.5, 'gps-receiver')},"in-motion":${m(false, 'gps-receiver')},"altitude":${m(1366, 'gps-receiver')},` +
    `"last-device-update":${m('2026-03-01T10:00:00.000Z', 'telematics-device')},"time-zone":${m('America/Denver', 'telematics-device')},` +
    `"address-region":${m('UT', 'telematics-device')},"geo-regions":${m(['region:UT'], 'telematics-device')},"ignition":${m(false, 'can-bus')},` +
    `"fuel":${m(76.7, 'can-bus')},"engine-runtime":${m(60358816077, 'can-bus')},"battery":${m(12.65, 'can-bus')},"odometer":${m(35719125525, 'can-bus')},` +
    `"lights1-runtime":${m(51257298658, 'telematics-device')},"cab-temperature":${m(2.1, 'can-bus')},"signal-strength":${m(-95, 'telematics-device')},` +
    `"device-battery":${m(74, 'telematics-device')}}}`
  );
}

/** One AEMP 2.0 unit, ~540 bytes of JSON. */
export function unitJson(i: number): string {
  const at = '2026-03-01T10:00:00Z';
  return (
    `{"EquipmentHeader":{"OEMName":"Komatsu","Model":"PC210LC-11","EquipmentID":"EQ-${i}","SerialNumber":"KMT${i}","PIN":"PIN${i}"},` +
    `"Location":{"datetime":"${at}","Latitude":40.561287,"Longitude":-111.831678,"Altitude":1358,"AltitudeUnits":"metres"},` +
    `"CumulativeOperatingHours":{"datetime":"${at}","Hour":18627.7926},"FuelUsed":{"datetime":"${at}","FuelUnits":"litre","FuelConsumed":111766.8},` +
    `"Distance":{"datetime":"${at}","OdometerUnits":"kilometre","Odometer":357191.255},` +
    `"FuelRemaining":{"datetime":"${at}","Percent":73.8},"EngineStatus":{"datetime":"${at}","Running":false}}`
  );
}

function aempPage(units: string[], links: { rel: string; href: string }[]): string {
  return `{"Version":"2","SnapshotTime":"2026-03-01T10:00:00Z","Links":${JSON.stringify(links)},"Equipment":[${units.join(',')}]}`;
}

/** Writes `next()` pieces until it returns null or the socket closes, honouring back-pressure. */
async function stream(res: ServerResponse, next: () => string | null, count: (n: number) => void): Promise<void> {
  for (;;) {
    if (res.destroyed || res.writableEnded) return;
    const piece = next();
    if (piece === null) {
      res.end();
      return;
    }
    count(Buffer.byteLength(piece));
    if (!res.write(piece)) {
      await new Promise<void>((resolve) => {
        const done = (): void => {
          res.off('drain', done);
          res.off('close', done);
          resolve();
        };
        res.on('drain', done);
        res.on('close', done);
      });
    }
  }
}

export async function startHostileService(kind: HostileCase): Promise<HostileService> {
  let origin = '';
  const service: HostileService = {
    origin: '',
    baseUrl: '',
    aempUrl: '',
    armed: false,
    pagesServed: 0,
    bytesSent: 0,
    assetsSent: 0,
    close: async () => undefined,
  };
  const count = (n: number): void => {
    service.bytesSent += n;
  };
  let hostileUnit = 1_000_000;

  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    if (path === '/__control/arm') {
      service.armed = true;
      res.writeHead(204).end();
      return;
    }
    if (req.headers.authorization !== `Bearer ${HOSTILE_TOKEN}`) {
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"message":"sign in"}');
      return;
    }
    const json = { 'content-type': 'application/json' };
    if (path === '/v1/branch/current/assets') {
      if (service.armed && (kind === 'largest-list' || kind === 'too-many-small')) {
        res.writeHead(200, json);
        const room = MAX_ASSET_LIST_BYTES - 4096;
        let i = 0;
        let size = 1;
        void stream(
          res,
          () => {
            if (i < 0) return null;
            const batch: string[] = [];
            for (let k = 0; k < 500; k++) {
              const asset = kind === 'too-many-small' ? (i < MAX_ASSETS_PER_LIST + 1 ? `{"assetId":"thing:${i + 1}","type":"thing","name":"u${i}"}` : null) : assetJson(i + 1);
              if (asset === null || size + asset.length + 1 > room) break;
              batch.push(asset);
              size += asset.length + 1;
              i += 1;
            }
            if (batch.length === 0) {
              service.assetsSent = i;
              i = -1;
              return ']';
            }
            return (i === batch.length ? '[' : ',') + batch.join(',');
          },
          count,
        );
        return;
      }
      if (!service.armed || (kind !== 'many-assets' && kind !== 'endless-body')) {
        res.writeHead(200, json).end(`[${Array.from({ length: GOOD_ASSETS }, (_, i) => assetJson(i + 1)).join(',')}]`);
        return;
      }
      res.writeHead(200, json);
      let i = 0;
      const endless = kind === 'endless-body';
      void stream(
        res,
        () => {
          if (endless && service.bytesSent > SAFETY_CEILING_BYTES) {
            res.destroy();
            return null;
          }
          if (!endless && i >= MANY_ASSETS) return i++ === MANY_ASSETS ? ']' : null;
          const batch: string[] = [];
          for (let k = 0; k < 500 && (endless || i < MANY_ASSETS); k++, i++) batch.push(assetJson(i + 1));
          return (i === batch.length ? '[' : ',') + batch.join(',');
        },
        count,
      );
      return;
    }
    if (path.startsWith('/aemp/api/v2/Fleet')) {
      const here = `${origin}${path}`;
      if (!service.armed || (kind !== 'endless-pages' && kind !== 'endless-page-body')) {
        // Good listing: two pages of GOOD_UNITS / 2 units.
        const second = path.endsWith('/Fleet/2');
        const units = Array.from({ length: GOOD_UNITS / 2 }, (_, i) => unitJson(i + 1 + (second ? GOOD_UNITS / 2 : 0)));
        const links = [{ rel: 'self', href: here }, ...(second ? [] : [{ rel: 'next', href: `${origin}/aemp/api/v2/Fleet/2` }])];
        res.writeHead(200, json).end(aempPage(units, links));
        return;
      }
      if (kind === 'endless-pages') {
        service.pagesServed += 1;
        const units = Array.from({ length: UNITS_PER_HOSTILE_PAGE }, () => unitJson(hostileUnit++));
        const nextHref = `${origin}/aemp/api/v2/Fleet/more/${service.pagesServed}-${Math.random().toString(36).slice(2)}`;
        const body = aempPage(units, [
          { rel: 'self', href: here },
          { rel: 'next', href: nextHref },
        ]);
        count(body.length);
        res.writeHead(200, json).end(body);
        return;
      }
      // endless-page-body: one page that never ends
      res.writeHead(200, json);
      let first = true;
      void stream(
        res,
        () => {
          if (service.bytesSent > SAFETY_CEILING_BYTES) {
            res.destroy();
            return null;
          }
          const units = Array.from({ length: 200 }, () => unitJson(hostileUnit++)).join(',');
          const piece = first ? `{"Version":"2","Equipment":[${units}` : `,${units}`;
          first = false;
          return piece;
        },
        count,
      );
      return;
    }
    res.writeHead(404, json).end('{"message":"nothing here"}');
  };

  const server: Server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  service.origin = origin;
  service.baseUrl = `${origin}/v1`;
  service.aempUrl = `${origin}/aemp`;
  service.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return service;
}
