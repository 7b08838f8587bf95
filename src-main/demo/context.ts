import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FaultSettings } from './faults';
import type { FleetSimulation } from './sim';
import type { TokenBook } from './tokens';

/** Demo options with every default filled in. */
export interface ResolvedDemoOptions {
  port: number;
  seed: number;
  assetCount: number;
  embedSessionSeconds: number;
  aempPageSize: number;
}

/** What the route modules (main, embed, auth, aemp) get from the server. */
export interface DemoContext {
  readonly origin: string;
  readonly sim: FleetSimulation;
  readonly tokens: TokenBook;
  readonly options: ResolvedDemoOptions;
  /** current fault settings (read-only view; change them through `controls`) */
  readonly faults: Readonly<FaultSettings>;
  /** simulation clock in ms */
  now(): number;
  /** JSON answer; body-level faults (truncation, wrong content type) apply */
  sendJson(res: ServerResponse, status: number, body: unknown, headers?: Record<string, string>): void;
  /** any other answer (e.g. XML); body-level faults apply */
  sendBody(res: ServerResponse, status: number, contentType: string, body: string | Buffer, headers?: Record<string, string>): void;
  /** JSON `{error, message}` */
  sendError(res: ServerResponse, status: number, code: string, message: string, headers?: Record<string, string>): void;
  /** true when the request carries a valid bearer token; otherwise writes the 401 itself */
  requireBearer(req: IncomingMessage, res: ServerResponse): boolean;
  /** a signed embed URL for a view path such as `/embed/map#focus=thing:7` */
  embedUrl(viewPath: string): string;
}
