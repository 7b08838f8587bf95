/** The base map behind the asset markers. */

/** A place name the app draws as text over the demo map. */
export interface MapPlace {
  name: string;
  lat: number;
  lng: number;
  kind: 'city' | 'water' | 'mountain' | 'road' | 'depot' | 'site' | 'airport';
  /** Shown from this zoom level on. */
  minZoom: number;
}

/** The base map behind the asset markers, as the main side serves it (tiles go through it, cached for offline use). */
export interface BaseMap {
  /** 'demo': the demo service's own map; 'server': the tile server of the settings; 'none': a plain background. */
  kind: 'demo' | 'server' | 'none';
  /** The tile template to load ({z}/{x}/{y}): a route of the app itself, never the tile server; '' for none. */
  url: string;
  /** Shown as plain text in the map's corner. */
  attribution: string;
  /** The tile server's host, for messages ('' for the demo and none). */
  host: string;
  /** Labels to draw over the tiles (the demo map; empty for tile servers, whose tiles carry their own). */
  places: MapPlace[];
}
