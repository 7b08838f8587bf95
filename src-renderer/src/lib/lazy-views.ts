/**
 * Views the first rows do not need, as chunks of their own, for a fast cold start: the
 * page evaluates and mounts the list first, then loads these. Each loader starts its
 * import once and hands out the same promise after that; `preloadViews` starts them all
 * once the first rows are shown, so a view opened later is already there.
 */
export function loadOnce<M>(load: () => Promise<M>): () => Promise<M> {
  let loading: Promise<M> | null = null;
  return () => {
    if (!loading) {
      loading = load();
      // A failed load is tried again next time (a chunk the server could not send at once).
      loading.catch(() => (loading = null));
    }
    return loading;
  };
}

export const views = {
  map: loadOnce(() => import('../views/map/AssetMap.svelte')),
  aemp: loadOnce(() => import('../views/aemp/AempView.svelte')),
  utilization: loadOnce(() => import('../views/utilization/UtilizationView.svelte')),
  embed: loadOnce(() => import('../views/embed/EmbedPanel.svelte')),
  alertsPanel: loadOnce(() => import('../views/alerts/AlertsPanel.svelte')),
  alertRules: loadOnce(() => import('../views/alerts/AlertRulesDialog.svelte')),
  settings: loadOnce(() => import('../views/settings/SettingsDialog.svelte')),
  exportDialog: loadOnce(() => import('../views/export/ExportDialog.svelte')),
  connection: loadOnce(() => import('../views/connection/ConnectionPanel.svelte')),
  sitesPane: loadOnce(() => import('../views/sites/SitesPane.svelte')),
};

/** How long a view waits for an idle moment before it is loaded anyway (ms). */
export const PRELOAD_IDLE_WAIT_MS = 2000;

/**
 * Loads every lazy view not loaded yet, one per idle moment of the page (after the first
 * rows are shown): evaluating them at once would hold the page while the map places its
 * markers. Failures wait for the view's own load.
 */
export function preloadViews(loaders: readonly (() => Promise<unknown>)[] = Object.values(views)): void {
  const idle: (fn: () => void) => void =
    typeof requestIdleCallback === 'function' ? (fn) => requestIdleCallback(fn, { timeout: PRELOAD_IDLE_WAIT_MS }) : (fn) => setTimeout(fn, 0);
  const next = (i: number) => {
    if (i >= loaders.length) return;
    idle(() => {
      loaders[i]().catch(() => {});
      next(i + 1);
    });
  };
  next(0);
}

/** The longest the map waits for the first rows (a main side that never answers must not keep it away). */
export const FIRST_ROWS_WAIT_MS = 3000;

/**
 * Calls `then` once the page has painted what `started` (the stores' first load) showed,
 * or after FIRST_ROWS_WAIT_MS when that load takes longer; whether it worked or not.
 */
export function afterFirstRows(started: Promise<unknown>, then: () => void): void {
  let done = false;
  const go = () => {
    if (done) return;
    done = true;
    // A frame paints the rows; a task queued from that frame's callbacks runs after the paint.
    const frame = typeof requestAnimationFrame === 'function' ? requestAnimationFrame : (fn: () => void) => setTimeout(fn, 0);
    frame(() => setTimeout(then, 0));
  };
  started.then(go, go);
  setTimeout(go, FIRST_ROWS_WAIT_MS);
}
