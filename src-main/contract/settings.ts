/** The settings a first run starts from, on both sides. */

import { DEFAULT_LIST_COLUMNS, type Settings } from './schemas';
import { STALE_MINUTES } from './staleness';

/** The standard OpenStreetMap tile server, the default for real profiles, and its required attribution. */
export const OSM_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const OSM_ATTRIBUTION = '© OpenStreetMap contributors';

/** The settings of a first run; both the main side and the renderer start from these. */
export const DEFAULT_SETTINGS: Settings = {
  refreshIntervalSec: 60,
  staleAfterMin: STALE_MINUTES.default,
  units: 'metric',
  theme: 'system',
  tileUrl: OSM_TILE_URL,
  tileAttribution: OSM_ATTRIBUTION,
  tileCacheMb: 200,
  mapShowsAll: false,
  retentionDays: 30,
  timeZone: '',
  list: { filters: [], sort: 'name', descending: false, columns: [...DEFAULT_LIST_COLUMNS] },
};
