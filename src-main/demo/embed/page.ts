/** The embed pages: HTML shells plus one script, all served from the demo's own origin. */
import { escapeHtml } from '../../core/html-text';

export const EMBED_CSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; object-src 'none'";

export function mapPageHtml(): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Fleet map</title>
<link rel="stylesheet" href="/embed/static/leaflet/leaflet.css">
<link rel="stylesheet" href="/embed/static/map.css">
</head>
<body>
<div id="map" aria-label="Map of the branch's assets"></div>
<div id="notice" role="alert" hidden></div>
<script src="/embed/static/leaflet/leaflet.js"></script>
<script src="/embed/static/map.js"></script>
</body>
</html>
`;
}

export function expiredLinkHtml(reason: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Map session expired</title>
<link rel="stylesheet" href="/embed/static/map.css">
</head>
<body class="message">
<main>
<h1>Map session expired — request a new map</h1>
<p>${escapeHtml(reason)}</p>
<p>Open the map again from Fleet Desk to get a fresh link.</p>
</main>
</body>
</html>
`;
}

export const MAP_CSS = `html, body { margin: 0; height: 100%; font: 14px system-ui, sans-serif; color: #222; }
#map { position: absolute; inset: 0; background: #eeeade; }
#notice { position: absolute; inset: 0; z-index: 1000; display: flex; align-items: center; justify-content: center;
  background: rgba(250, 248, 242, 0.96); font-size: 18px; text-align: center; padding: 24px; }
#notice[hidden] { display: none; }
body.message main { max-width: 34em; margin: 15vh auto; padding: 0 24px; }
body.message h1 { font-size: 20px; }
.asset-label { font-weight: 600; }
`;

/** Runs in the embed page; talks only to `/embed/data` with the session cookie. */
export const MAP_JS = `'use strict';
(function () {
  var POLL_MS = 20000;
  var notice = document.getElementById('notice');
  var map = L.map('map', { zoomControl: true, attributionControl: true }).setView([40.7, -111.9], 10);
  L.tileLayer('/tiles/{z}/{x}/{y}.png', { maxZoom: 19, attribution: 'Demo tiles' }).addTo(map);
  var layer = L.layerGroup().addTo(map);
  var canvas = null; // used for big fleets, where SVG markers get slow
  var fitted = false;
  var expired = false;
  var expiryTimer = null;
  // When the session ends by this page's clock. Past it, the page says "expired" itself
  // instead of asking /embed/data for a 401 (which every devtools console logs in red).
  // The service rounds the time left up to a second and the answer took a moment to
  // arrive, so the page counts the session as ended a little early.
  var ENDS_EARLY_MS = 1500;
  var endsAt = null;

  function showNotice(text) {
    notice.textContent = text;
    notice.hidden = false;
  }

  function expire() {
    if (expired) return;
    expired = true;
    showNotice('Map session expired');
    // A native embed view has no parent frame: it can watch the title instead.
    document.title = 'Map session expired';
    if (window.parent) window.parent.postMessage({ type: 'fleet-embed-expired' }, '*');
  }

  function draw(data) {
    layer.clearLayers();
    var bounds = [];
    if (data.assets.length > 1000 && !canvas) canvas = L.canvas({ padding: 0.5 });
    data.assets.forEach(function (a) {
      if (typeof a.lat !== 'number' || typeof a.lng !== 'number') return;
      var focused = data.view.kind === 'focus';
      var marker = L.circleMarker([a.lat, a.lng], {
        radius: focused ? 9 : 6,
        color: a.inMotion ? '#1565c0' : '#455a64',
        fillColor: a.inMotion ? '#42a5f5' : '#90a4ae',
        fillOpacity: 0.9,
        weight: 2,
        renderer: canvas || undefined
      });
      var label = document.createElement('div');
      var title = document.createElement('div');
      title.className = 'asset-label';
      title.textContent = a.name;
      var detail = document.createElement('div');
      detail.textContent = a.assetId + (a.category ? ' · ' + a.category : '') + (a.inMotion ? ' · ' + a.speedKmh + ' km/h' : ' · parked');
      label.appendChild(title);
      label.appendChild(detail);
      marker.bindPopup(label);
      marker.addTo(layer);
      bounds.push([a.lat, a.lng]);
    });
    if (!fitted && bounds.length > 0) {
      fitted = true;
      if (bounds.length === 1) map.setView(bounds[0], 15);
      else map.fitBounds(bounds, { padding: [24, 24] });
    }
    if (bounds.length === 0) showNotice('No positions to show for this map.');
  }

  function load() {
    if (expired) return;
    if (expiryTimer) { clearTimeout(expiryTimer); expiryTimer = null; }
    if (endsAt !== null && Date.now() >= endsAt) { expire(); return; }
    fetch('/embed/data', { credentials: 'same-origin', cache: 'no-store' })
      .then(function (res) {
        if (res.status === 401) { expire(); return null; }
        if (!res.ok) throw new Error('status ' + res.status);
        return res.json();
      })
      .then(function (data) {
        if (!data) return;
        endsAt = Date.now() + data.expiresInSec * 1000 - ENDS_EARLY_MS;
        draw(data);
        if (expiryTimer) clearTimeout(expiryTimer);
        expiryTimer = setTimeout(load, Math.max(0, Math.min(POLL_MS, endsAt - Date.now())));
      })
      .catch(function () {
        showNotice('The map could not load its data. It will retry.');
        expiryTimer = setTimeout(function () { notice.hidden = true; load(); }, POLL_MS);
      });
  }

  // Check again at once when the dispatcher comes back to the map.
  window.addEventListener('focus', load);
  document.addEventListener('visibilitychange', function () { if (!document.hidden) load(); });
  load();
})();
`;
