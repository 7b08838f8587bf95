/**
 * `node --import tsx test/bench/search-keystroke.ts [--assets 50000 --rounds 5]`: the asset
 * list's pure work per search keystroke (src-renderer/src/lib/list), on the demo fleet's
 * rows, for the keystrokes the page bench types (renderer-figures.ts). Prints per step:
 * building the index once per snapshot, then each keystroke's list (search, counts, sort)
 * by the plain scan (test/fixtures/list/plain-scan.ts) and by the ListView the store uses. Without the page (Svelte, the DOM,
 * the map), so it tells where the list's own time goes.
 */
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import type { ListQuery } from '../../src-renderer/src/lib/list/assetIndex';
import { assetRow } from '../../src-main/core/assets/asset-row';
import { normalizeAssetList } from '../../src-main/core/assets/asset-schema';
import { AssetListRenderer } from '../../src-main/demo/asset-list';
import { EmbedSigner } from '../../src-main/demo/embed/signer';
import { FleetSimulation } from '../../src-main/demo/sim';
import { indexAssets } from '../../src-renderer/src/lib/list/assetIndex';
import { plainScan } from '../fixtures/list/plain-scan';
import { ListView } from '../../src-renderer/src/lib/list/listView';
import { SiteLayer } from '../../src-renderer/src/lib/list/siteLayer';
import type { Site, SitePresence } from '../../src-main/contract';
import { SEARCH_VALUES } from './search-values';
import { percentile } from './stats';

const { values } = parseArgs({ options: { assets: { type: 'string', default: '50000' }, rounds: { type: 'string', default: '5' } } });
const count = Number(values.assets);
const rounds = Number(values.rounds);
const NOW = Date.UTC(2026, 2, 10, 18, 30, 7);

const sim = new FleetSimulation(42, count);
const parsed = normalizeAssetList(JSON.parse(new AssetListRenderer(sim, new EmbedSigner(), 'http://127.0.0.1:9').render(NOW)), new Date(NOW));
const rows = parsed.assets.map(assetRow);

const t0 = performance.now();
const index = indexAssets(rows);
const indexMs = performance.now() - t0;

const query = (search: string): ListQuery => ({ search, filters: [], sort: 'name', descending: false, columns: [] });
const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

/** Times `keystroke` for every value, `rounds` times after one warm-up round (ms per keystroke). */
function time(keystroke: (search: string) => void): number[] {
  const samples: number[] = [];
  for (let round = 0; round <= rounds; round++) {
    for (const search of SEARCH_VALUES) {
      const start = performance.now();
      keystroke(search);
      if (round > 0) samples.push(performance.now() - start);
    }
  }
  return samples;
}
const line = (label: string, samples: number[]) =>
  console.log(`${label.padEnd(46)} p50 ${fmt(percentile(samples, 50))}  p95 ${fmt(percentile(samples, 95))}  max ${fmt(Math.max(...samples))}`);

console.log(`${rows.length} rows; index built in ${fmt(indexMs)}; ${SEARCH_VALUES.length} keystrokes × ${rounds} rounds`);
// Before: the plain scan with a sort per keystroke, and the id list and set the store built from it.
line('plain scan + sort (plainScan)', time((search) => plainScan(index, query(search), NOW, 60)));
line('plain scan + sort + id list + id set', time((search) => new Set(plainScan(index, query(search), NOW, 60).rows.map((r) => r.asset.assetId))));
// Now: one ListView per index, as the store keeps it.
const view = new ListView(index);
line('ListView (sorted once, recent searches)', time((search) => view.apply(query(search), NOW, 60)));
line('ListView + listed-id lookup (one question)', time((search) => view.listed(view.apply(query(search), NOW, 60).rows).has('thing:1')));
// Once per snapshot: the first list of a new index (ListView builds its flat arrays and sort order) against the plain scan.
const firstList: number[] = [];
const plainFirst: number[] = [];
for (let round = 0; round < rounds; round++) {
  const a = performance.now();
  new ListView(index).apply(query(''), NOW, 60);
  const b = performance.now();
  plainScan(index, query(''), NOW, 60);
  firstList.push(b - a);
  plainFirst.push(performance.now() - b);
}
line('once per snapshot: first list, ListView', firstList);
line('once per snapshot: first list, plain scan', plainFirst);

// With sites: every machine with a position on one of 20 sites or off them (the search
// then also looks in the site's name), and the work once per announcement of the sites.
const sites: Site[] = Array.from({ length: 20 }, (_, i) => ({
  id: `s-${String(i).padStart(8, '0')}`,
  name: `Site ${i} yard`,
  kind: 'yard',
  notes: '',
  shape: { type: 'circle', center: [-111.9, 40.6], radiusM: 500 },
  regionCode: null,
  createdAt: 0,
  updatedAt: 0,
}));
const presence: Record<string, SitePresence> = {};
rows.forEach((row, i) => {
  if (row.lat === null) return;
  presence[row.assetId] = i % 3 === 0 ? { siteId: null, since: null, sinceAtLeast: false, place: '6 km NE of Sandy, UT' } : { siteId: sites[i % 20].id, since: NOW - i * 60_000, sinceAtLeast: false, place: null };
});
const layer = new SiteLayer(sites, presence);
const withSites = new ListView(index, layer);
line('ListView with sites (search looks in site names)', time((search) => withSites.apply(query(search), NOW, 60)));
const perAnnouncement: number[] = [];
for (let round = 0; round < rounds; round++) {
  const a = performance.now();
  const fresh = new SiteLayer(sites, { ...presence });
  view.withSites(fresh).apply(query(''), NOW, 60);
  perAnnouncement.push(performance.now() - a);
}
line('once per sites announcement: layer + first list', perAnnouncement);
