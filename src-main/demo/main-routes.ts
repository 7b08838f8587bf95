import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AssetListRenderer } from './asset-list';
import type { DemoContext } from './context';
import { BRANCH_VIEW, subsetView } from './embed/signer';
import type { FaultState } from './faults';

const ASSET_ID = /^(thing|area):[0-9]{1,9}$/;

/** The main interface under `/v1`. Returns false for paths it does not know. */
export function handleMainRequest(req: IncomingMessage, res: ServerResponse, url: URL, demo: DemoContext, assets: AssetListRenderer, faults: FaultState): boolean {
  const path = url.pathname.replace(/\/+$/, '');
  switch (path) {
    case '/v1/branch/current/assets': {
      if (!demo.requireBearer(req, res)) return true;
      const body = assets.render(demo.now(), { ...faults.settings, random: faults.random });
      demo.sendBody(res, 200, 'application/json; charset=utf-8', body);
      return true;
    }
    case '/v1/branch/current/urls':
      if (!demo.requireBearer(req, res)) return true;
      demo.sendJson(res, 200, { mapEmbed: demo.embedUrl(BRANCH_VIEW) });
      return true;
    case '/v1/branch/current/batch/assetUrls':
      if (!demo.requireBearer(req, res)) return true;
      subsetUrl(res, url, demo);
      return true;
    default:
      return false;
  }
}

function subsetUrl(res: ServerResponse, url: URL, demo: DemoContext): void {
  const raw = url.searchParams.get('assets');
  if (raw === null || raw.trim() === '') {
    demo.sendError(res, 400, 'invalid_request', 'Query parameter "assets" is required: a comma-separated list of asset ids such as thing:1,thing:2.');
    return;
  }
  const ids = [...new Set(raw.split(',').map((id) => id.trim()))];
  const malformed = ids.filter((id) => !ASSET_ID.test(id));
  if (malformed.length > 0) {
    const shown = malformed.map((id) => (id === '' ? '(empty)' : JSON.stringify(id))).join(', ');
    demo.sendError(res, 400, 'invalid_request', `Malformed asset id(s): ${shown}. Each id must look like thing:<number> or area:<number>.`);
    return;
  }
  const unknown = ids.filter((id) => !demo.sim.equipmentById(id));
  if (unknown.length > 0) {
    demo.sendError(res, 404, 'not_found', `Unknown asset id(s) in this branch: ${unknown.join(', ')}.`);
    return;
  }
  demo.sendJson(res, 200, { mapEmbed: demo.embedUrl(subsetView(ids)) });
}
