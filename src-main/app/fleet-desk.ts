/**
 * The composition root: builds the whole core from its areas (sign-in and profiles,
 * HTTP client, offline store, refresh schedule, settings, fleet interface) and hands
 * both shells one handler table and one event stream. The built-in demo service runs
 * in-process so the app works with no account; FLEET_* variables add a real service.
 */
import { OSM_ATTRIBUTION, OSM_TILE_URL } from '../contract';
import type { AppInfo, AssetSnapshot, EmbedSession, EventChannel, EventSink, FleetEvents, InvokeHandlers } from '../contract';
import { AlertService } from '../core/alerts/alert-service';
import { AlertRulesStore } from '../core/alerts/rules-store';
import { createAuthModule, type AuthModule } from '../core/auth';
import { readEnvConfig } from '../core/config';
import { FleetError, scrubSecrets } from '../core/errors';
import { createAlertHandlers } from '../core/handlers/alerts';
import { createAssetHandlers, refreshAssets } from '../core/handlers/assets';
import { createAuthHandlers } from '../core/handlers/auth';
import { createAempHandlers } from '../core/handlers/aemp';
import { createOfflineHandlers } from '../core/handlers/offline';
import { createSettingsHandlers } from '../core/handlers/settings';
import { createHttpClient } from '../core/http/http-client';
import type { CoreContext, FleetDeskCore, FleetDeskOptions, OfflineStore } from '../core/ports';
import { SettingsStore } from '../core/settings/settings-store';
import { TileCache } from '../core/tiles/tile-cache';
import { TileService, tileUserAgent } from '../core/tiles/tile-service';
import { createStoreFactory } from '../core/store/sqlite-store';
import { RefreshScheduler } from '../core/sync/refresh-scheduler';
import { startDemoService, type DemoService } from '../demo';

/** A tile URL of an earlier run's demo service (its port changes every run). */
const DEMO_TILE_URL = /^http:\/\/127\.0\.0\.1:\d+\/tiles\/\{z\}\/\{x\}\/\{y\}\.png$/;
const EARLIER_DEMO_ATTRIBUTION = 'Fleet Desk demo tiles';

function positiveInt(value: string | undefined, name: string): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new FleetError('invalid-argument', `${name} must be a whole number, not "${value}"`);
  return n;
}

async function startBuiltInDemo(env: Record<string, string | undefined>, now: () => Date): Promise<DemoService> {
  return startDemoService({
    port: positiveInt(env.FLEET_DEMO_PORT, 'FLEET_DEMO_PORT'),
    seed: positiveInt(env.FLEET_DEMO_SEED, 'FLEET_DEMO_SEED'),
    // The demo runs on the app's clock, so a test that moves one moves both (and the alert scenario).
    now: () => now().getTime(),
    assetCount: positiveInt(env.FLEET_DEMO_ASSETS, 'FLEET_DEMO_ASSETS'),
    embedSessionSeconds: positiveInt(env.FLEET_DEMO_EMBED_SECONDS, 'FLEET_DEMO_EMBED_SECONDS'),
    aempPageSize: positiveInt(env.FLEET_DEMO_PAGE_SIZE, 'FLEET_DEMO_PAGE_SIZE'),
  });
}

export async function createFleetDesk(options: FleetDeskOptions): Promise<FleetDeskCore> {
  const env = options.env ?? process.env;
  // Fails early, with the variable's name, when a FLEET_* setting is malformed.
  readEnvConfig(env);
  // FLEET_HTTP_TIMEOUT_MS shortens the per-attempt timeout (tests with stalled services).
  const httpTimeoutMs = positiveInt(env.FLEET_HTTP_TIMEOUT_MS, 'FLEET_HTTP_TIMEOUT_MS');
  const { platform, userDataDir } = options;
  const now = options.now ?? (() => new Date());

  const sinks = new Set<EventSink>();
  const emit: EventSink = <E extends EventChannel>(name: E, payload: FleetEvents[E]) => {
    for (const sink of sinks) {
      try {
        sink(name, payload);
      } catch (err) {
        console.error(scrubSecrets(`Fleet Desk: an event listener failed: ${err instanceof Error ? err.message : String(err)}`));
      }
    }
  };

  const demo = await startBuiltInDemo(env, now);
  let auth: AuthModule;
  try {
    auth = await createAuthModule({
      userDataDir,
      env,
      demo: {
        name: 'Demo service (built in)',
        baseUrl: demo.baseUrl,
        aempUrl: demo.aempUrl,
        authorizeUrl: demo.authorizeUrl,
        tokenUrl: demo.tokenUrl,
        clientId: demo.clientId,
        scopes: 'assets:read fleet:read',
      },
    });
  } catch (err) {
    await demo.close();
    throw err;
  }
  // The demo service's tokens live only as long as this run, so the demo profile is
  // signed in afresh at every start.
  await auth.seedToken('demo', demo.demoToken);

  const settings = new SettingsStore(userDataDir);
  // Earlier versions stored the demo's own tile URL as the setting; the demo now draws its
  // own map whatever the setting, and real profiles get the standard tile server.
  // (Matched with the attribution those versions filled in, so a tile server the user set
  // up on this machine is left alone.)
  const stored = settings.get();
  if (DEMO_TILE_URL.test(stored.tileUrl) && stored.tileAttribution === EARLIER_DEMO_ATTRIBUTION) {
    settings.update({ tileUrl: OSM_TILE_URL, tileAttribution: OSM_ATTRIBUTION });
  }

  const MB = 1024 * 1024;
  const tileCache = new TileCache({ folder: userDataDir, limitBytes: settings.get().tileCacheMb * MB });
  const tiles = new TileService({
    cache: tileCache,
    settings: () => settings.get(),
    demo: () => auth.profiles.activeId === 'demo',
    demoMap: { tileUrl: demo.tileUrl, places: demo.places },
    userAgent: tileUserAgent(platform.version, env.FLEET_TILE_CONTACT),
  });
  const announceBaseMap = (): void => emit('map:base', tiles.baseMap());

  const stores = createStoreFactory(userDataDir);
  let store: OfflineStore = stores.open(auth.profiles.activeId);
  const http = createHttpClient(auth.activeTokenSource, httpTimeoutMs ? { defaultTimeoutMs: httpTimeoutMs } : {});

  const alertRules = new AlertRulesStore(userDataDir);
  const alerts = new AlertService({
    profileId: () => auth.profiles.activeId,
    demo: () => auth.profiles.activeId === 'demo',
    store: () => store,
    rules: alertRules,
    emit,
    notify: platform.notify ? (n) => platform.notify?.(n) : undefined,
    now,
  });

  const ctx: CoreContext = {
    userDataDir,
    platform,
    // The refresh's change announcement tells the alert evaluation which assets changed.
    emit: (name, payload) => {
      if (name === 'assets:changed') alerts.noteChange(payload as FleetEvents['assets:changed']);
      emit(name, payload);
    },
    connection: () => auth.profiles.connection(),
    http: () => http,
    store: () => store,
    settings: () => settings.get(),
  };

  /** Rules are evaluated on fresh lists only; a failure there never fails the refresh. */
  const evaluateAlerts = (snapshot: AssetSnapshot): void => {
    try {
      alerts.evaluate(snapshot);
    } catch (err) {
      console.error(scrubSecrets(`Fleet Desk: evaluating alerts failed: ${err instanceof Error ? err.message : String(err)}`));
    }
  };

  const scheduler = new RefreshScheduler<AssetSnapshot>({
    refresh: async () => {
      const snapshot = await refreshAssets(ctx, now);
      evaluateAlerts(snapshot);
      return snapshot;
    },
    intervalSec: () => settings.get().refreshIntervalSec,
    profileId: () => auth.profiles.activeId,
  });
  scheduler.onStatus((status) => emit('status', status));

  const notices = (): string | null => [store.notice, settings.notice, auth.profiles.notice, tileCache.notice].filter(Boolean).join(' ') || null;
  const refreshFlags = (): void => {
    scheduler.setNotice(notices());
    scheduler.setTokenInMemoryOnly(auth.vault.inMemoryOnly);
  };

  /** Shows what the store has for the active profile, before any network answer. */
  const serveCache = (): void => {
    const cached = store.loadAssetSnapshot();
    alerts.baseline(cached);
    if (!cached) return;
    scheduler.markCached(cached.fetchedAt);
    emit('assets', cached);
  };

  const switchProfile = async (profileId: string): Promise<void> => {
    if (store) store.close();
    store = stores.open(profileId);
    scheduler.reset();
    refreshFlags();
    serveCache();
    alerts.announceCounts();
    announceBaseMap();
  };

  const assetHandlers = createAssetHandlers(ctx, scheduler);
  const authHandlers = createAuthHandlers({
    ctx,
    profiles: auth.profiles,
    vault: auth.vault,
    sessions: auth.sessions,
    endpointFor: auth.endpointFor,
    removeOfflineData: (profileId) => {
      if (profileId === auth.profiles.activeId) store.close();
      stores.remove(profileId);
      if (profileId === auth.profiles.activeId) {
        store = stores.open(profileId);
        alerts.announceCounts();
      }
    },
    forgetProfile: (profileId) => alertRules.remove(profileId),
    onActiveProfileChanged: switchProfile,
  });

  // Embed sessions the renderer opened, so the Electron shell can draw one by id.
  const embedSessions = new Map<string, EmbedSession>();

  const handlers: InvokeHandlers = {
    ...assetHandlers,
    ...createSettingsHandlers(settings, (next, previous) => {
      if (next.refreshIntervalSec !== previous.refreshIntervalSec) scheduler.reschedule();
      if (next.tileCacheMb !== previous.tileCacheMb) tileCache.setLimit(next.tileCacheMb * MB);
      emit('settings', next);
      if (next.tileUrl !== previous.tileUrl || next.tileAttribution !== previous.tileAttribution) announceBaseMap();
    }),
    ...authHandlers,
    ...createOfflineHandlers(ctx),
    ...createAempHandlers(ctx),
    ...createAlertHandlers(ctx, alerts, { now }),
    'map:base': async () => tiles.baseMap(),
    'app:info': async (): Promise<AppInfo> => ({
      shell: platform.shell,
      version: platform.version,
      platform: process.platform,
      demo: auth.profiles.activeId === 'demo',
    }),
    'embed:open': async (request) => {
      const session = await assetHandlers['embed:open'](request);
      embedSessions.set(session.id, session);
      if (embedSessions.size > 20) embedSessions.delete(embedSessions.keys().next().value as string);
      return session;
    },
    'embed:show': async (sessionId, bounds) => {
      if (!platform.showEmbed) return; // the web shell draws embeds in an iframe
      const session = embedSessions.get(sessionId);
      if (!session) throw new FleetError('invalid-argument', 'That map session is unknown or was replaced; open the map again.');
      await platform.showEmbed(session.url, session.id, bounds);
    },
    'embed:hide': async () => {
      await platform.hideEmbed?.();
    },
    // Signing in or out changes what the schedule can do.
    'auth:signIn': async (profileId) => {
      const state = await authHandlers['auth:signIn'](profileId);
      if (state.state === 'signed-in' && profileId === auth.profiles.activeId) scheduler.resume();
      return state;
    },
    'auth:pasteToken': async (profileId, token) => {
      const result = await authHandlers['auth:pasteToken'](profileId, token);
      if (result.ok && profileId === auth.profiles.activeId) scheduler.resume();
      return result;
    },
    'auth:signOut': async (profileId, keepOfflineData) => {
      await authHandlers['auth:signOut'](profileId, keepOfflineData);
      if (profileId === auth.profiles.activeId) await scheduler.refreshNow().catch(() => undefined);
    },
  };

  let started = false;
  return {
    handlers,
    tiles,
    subscribe(sink) {
      sinks.add(sink);
      return () => sinks.delete(sink);
    },
    async start() {
      if (started) return;
      started = true;
      refreshFlags();
      try {
        store.prune(settings.get().retentionDays, new Date());
      } catch (err) {
        console.error(scrubSecrets(`Fleet Desk: pruning old observations failed: ${err instanceof Error ? err.message : String(err)}`));
      }
      alerts.prune(settings.get().retentionDays);
      serveCache();
      alerts.announceCounts();
      scheduler.start();
    },
    async stop() {
      scheduler.stop();
      auth.dispose();
      store.close();
      tileCache.close();
      await demo.close();
    },
  };
}
