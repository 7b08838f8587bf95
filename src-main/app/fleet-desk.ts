/**
 * The composition root: builds the core from its areas (sign-in and profiles, HTTP
 * client, offline store, refresh schedule, settings, fleet interface) and hands both
 * shells one handler table, built once, and one event stream. The built-in demo service
 * runs in-process only while the demo profile is active (demo-runner.ts); FLEET_*
 * variables add a real service.
 */
import { hostname } from 'node:os';
import { createNearestHandlers } from '../core/handlers/nearest';
import { describePlace } from '../core/places/gazetteer';
import { NearestIndex } from '../core/places/nearest-index';
import { createSiteHandlers } from '../core/handlers/sites';
import { createNoteHandlers } from '../core/handlers/notes';
import { NoteService } from '../core/notes/note-service';
import { SiteService } from '../core/sites/site-service';
import { ArrivalLookback } from '../core/sites/arrival-lookback';
import { AempClient } from '../core/aemp/aemp-client';
import { linkedMachines } from '../core/utilization/sources';
import type { DescribePlace } from '../core/sites/presence';
import { createUtilizationHandlers } from '../core/handlers/utilization';
import { createPrintHandlers } from '../core/handlers/print';
import { OSM_ATTRIBUTION, OSM_TILE_URL } from '../contract';
import type { AempListing, AppInfo, AssetChange, AssetSnapshot, EventChannel, EventSink, FleetEvents, InvokeHandlers, RoomSharedChange } from '../contract';
import { AlertService } from '../core/alerts/alert-service';
import { AlertRulesStore } from '../core/alerts/rules-store';
import { createAuthModule, DEMO_PROFILE_ID } from '../core/auth';
import { readEnvConfig } from '../core/config';
import { scrubSecrets } from '../core/errors';
import { createAlertHandlers } from '../core/handlers/alerts';
import { acceptAssetList, createAssetHandlers, refreshAssets } from '../core/handlers/assets';
import { createAuthHandlers } from '../core/handlers/auth';
import { createAempHandlers } from '../core/handlers/aemp';
import { createEmbedHandlers } from '../core/handlers/embed';
import { createOfflineHandlers } from '../core/handlers/offline';
import { createSettingsHandlers } from '../core/handlers/settings';
import { createHttpClient } from '../core/http/http-client';
import type { CoreContext, FleetDeskCore, FleetDeskOptions, OfflineStore } from '../core/ports';
import { accounts, type KeychainBackend } from '../core/auth/token-vault';
import { DispatchRoom } from '../core/room/dispatch-room';
import { SharedAcks } from '../core/room/shared-acks';
import { SharedNotes } from '../core/room/shared-notes';
import { SharedRules } from '../core/room/shared-rules';
import { SharedSites } from '../core/room/shared-sites';
import { branchOf } from '../core/room/names';
import { roomFromEnv } from '../core/room/room-config';
import { SettingsStore } from '../core/settings/settings-store';
import { TileCache } from '../core/tiles/tile-cache';
import { TileService, tileUserAgent } from '../core/tiles/tile-service';
import { createStoreFactory } from '../core/store/sqlite-store';
import { AssetRepository } from '../core/assets/asset-repository';
import { RefreshScheduler } from '../core/sync/refresh-scheduler';
import { followAuth } from '../core/sync/follow-auth';
import { followKeychain } from '../core/sync/follow-keychain';
import { createDemoRunner, wholeNumberFromEnv } from './demo-runner';
import { DEMO_PROFILE_NAME, demoProfileSites, demoProfileUrls, NOT_RUNNING } from './demo-profile';

/** A tile URL of an earlier run's demo service (its port changes every run). */
const DEMO_TILE_URL = /^http:\/\/127\.0\.0\.1:\d+\/tiles\/\{z\}\/\{x\}\/\{y\}\.png$/;
const EARLIER_DEMO_ATTRIBUTION = 'Fleet Desk demo tiles';
/** How long a start that showed the offline copy waits before its first refresh. */
export const START_REFRESH_AFTER_CACHE_MS = 1500;

export interface FleetDeskBuildOptions extends FleetDeskOptions {
  /** The keychain to use instead of loading keytar here (the core's worker relays to the main thread's keytar). */
  keychain?: KeychainBackend;
  /** Words for a position off every site (the offline gazetteer); without it such machines have no place words. */
  describePlace?: DescribePlace;
  /** The dispatch room's timing (tests shorten it) and how this desk names itself there (default: the machine's name). */
  room?: { leaseMs?: number; snapshotEveryMs?: number; refreshIntervalSec?: number; deskName?: string };
}

export async function createFleetDesk(options: FleetDeskBuildOptions): Promise<FleetDeskCore> {
  const env = options.env ?? process.env;
  // Fails early, with the variable's name, when a FLEET_* setting is malformed.
  readEnvConfig(env);
  // The built-in profiles' room (they have no form); checked here so a typo fails the start by name.
  const envRoom = roomFromEnv(env);
  // FLEET_HTTP_TIMEOUT_MS shortens the per-attempt timeout (tests with stalled services).
  const httpTimeoutMs = wholeNumberFromEnv(env, 'FLEET_HTTP_TIMEOUT_MS');
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

  const demo = createDemoRunner({ env, now });
  const auth = await createAuthModule({
    userDataDir,
    env,
    demo: { ...NOT_RUNNING, name: DEMO_PROFILE_NAME },
    ...(options.keychain ? { vaultOptions: { backend: options.keychain } } : {}),
  });
  /**
   * The demo service runs while its profile is active, and only then. Its port and its
   * tokens live as long as one run of it, so the profile gets its addresses and a fresh
   * token each time it starts.
   */
  const matchDemoToProfile = async (profileId: string): Promise<void> => {
    if (profileId !== DEMO_PROFILE_ID) return demo.stop();
    const before = demo.current;
    const service = await demo.start();
    if (service === before) return;
    auth.profiles.setDemoUrls({ ...demoProfileUrls(service), name: DEMO_PROFILE_NAME });
    await auth.seedToken(DEMO_PROFILE_ID, service.demoToken);
  };
  try {
    await matchDemoToProfile(auth.profiles.activeId);
  } catch (err) {
    auth.dispose();
    await demo.stop();
    throw err;
  }

  // The list and tile settings are the active branch's own (BRANCH_SETTINGS).
  const settings = new SettingsStore(userDataDir, { activeProfile: () => auth.profiles.activeId });
  // Earlier versions stored the demo's own tile URL as the setting; the demo now draws its
  // own map whatever the setting, and real profiles get the standard tile server.
  // (Matched with the attribution those versions filled in, so a tile server the user set
  // up on this machine is left alone.)
  const stored = settings.get();
  if (DEMO_TILE_URL.test(stored.tileUrl) && stored.tileAttribution === EARLIER_DEMO_ATTRIBUTION) {
    settings.update({ tileUrl: OSM_TILE_URL, tileAttribution: OSM_ATTRIBUTION }, 'shared');
  }

  const MB = 1024 * 1024;
  const tileCache = new TileCache({ folder: userDataDir, limitBytes: settings.get().tileCacheMb * MB });
  const tiles = new TileService({
    cache: tileCache,
    settings: () => settings.get(),
    demo: () => auth.profiles.activeId === DEMO_PROFILE_ID,
    demoMap: () => (demo.current ? { tileUrl: demo.current.tileUrl, places: demo.current.places } : null),
    userAgent: tileUserAgent(platform.version, env.FLEET_TILE_CONTACT),
  });
  const announceBaseMap = (): void => emit('map:base', tiles.baseMap());

  const stores = createStoreFactory(userDataDir);
  let store: OfflineStore;
  /** The active profile's asset list, read from its store once (see core/assets/asset-repository.ts). */
  let assets: AssetRepository;
  /** The nearest-machines index over the active profile's rows, built again at the first query after they change. */
  const nearest = new NearestIndex(() => assets.rows()?.assets ?? []);
  const openProfile = (profileId: string): void => {
    store = stores.open(profileId);
    assets = new AssetRepository(profileId, store);
    nearest.invalidate();
  };
  openProfile(auth.profiles.activeId);
  const http = createHttpClient(auth.activeTokenSource, httpTimeoutMs ? { defaultTimeoutMs: httpTimeoutMs } : {});

  const alertRules = new AlertRulesStore(userDataDir);
  /** How this desk names itself: in its room, and on the acknowledgements its dispatcher makes. */
  const deskName = options.room?.deskName ?? env.FLEET_DESK_NAME ?? hostname();
  /** The active room's shared acknowledgements, rules and sites, while the profile has a room. */
  let sharedAcks: SharedAcks | null = null;
  let sharedRules: SharedRules | null = null;
  let sharedSites: SharedSites | null = null;
  const alerts = new AlertService({
    dispatcher: () => deskName,
    onAcknowledged: (profileId, acks) => {
      if (profileId === auth.profiles.activeId) void sharedAcks?.publish(acks).catch(() => undefined);
    },
    onRulesChanged: (profileId, fields) => {
      if (profileId === auth.profiles.activeId) void sharedRules?.publish(fields).catch(() => undefined);
    },
    profileId: () => auth.profiles.activeId,
    demo: () => auth.profiles.activeId === DEMO_PROFILE_ID,
    store: () => store,
    rules: alertRules,
    emit,
    notify: platform.notify ? (n) => platform.notify?.(n) : undefined,
    now,
    // The sites' presence is updated from a list before that list's alerts are evaluated (noteListChange).
    siteOf: (assetId) => sites.siteOf(assetId),
    siteForRegion: (code) => sites.forRegion(code),
    hasSites: () => sites.hasSites(),
  });

  /** The active room's shared notes, while the profile has a room. */
  let sharedNotes: SharedNotes | null = null;
  const notes = new NoteService({
    profileId: () => auth.profiles.activeId,
    store: () => store,
    emit,
    author: () => deskName,
    now,
    onWritten: (profileId, note) => {
      if (profileId === auth.profiles.activeId) void sharedNotes?.publish(note).catch(() => undefined);
    },
  });

  const sites = new SiteService({
    profileId: () => auth.profiles.activeId,
    store: () => store,
    assets: () => assets,
    emit,
    now,
    describePlace: options.describePlace ?? describePlace,
    onChanged: (profileId, change) => {
      if (profileId === auth.profiles.activeId) void sharedSites?.publish(change).catch(() => undefined);
    },
    arrival: new ArrivalLookback({
      source: () => new AempClient(http, auth.profiles.connection().aempUrl),
      // Only machines the stored AEMP 2.0 listing links: a background look-back fetches no listing.
      linked: () => {
        const listing = store.getDocument<AempListing>('fleet-list', '2.0')?.value ?? null;
        return Promise.resolve(listing ? linkedMachines(listing.equipment, (e) => assets.linkedAssetId(e)) : []);
      },
      store: () => store,
      // The list shown came from the service: offline (an offline copy shown), nothing is fetched.
      online: () => assets.snapshot()?.source === 'network',
      now: () => now().getTime(),
    }),
  });
  /** The active branch's sites and where its machines are; the demo profile starts with the demo's yards and job sites. */
  const openSites = (): void => {
    sites.open();
    const running = demo.current;
    if (auth.profiles.activeId === DEMO_PROFILE_ID && running) sites.seedOnce(demoProfileSites(running));
  };
  /** Where the machines are is worked out on every refresh; a failure there never fails the refresh. */
  const placeMachines = (work: () => void): void => {
    try {
      work();
    } catch (err) {
      console.error(scrubSecrets(`Fleet Desk: placing the machines on sites failed: ${err instanceof Error ? err.message : String(err)}`));
    }
  };

  const ctx: CoreContext = {
    userDataDir,
    platform,
    emit,
    connection: () => auth.profiles.connection(),
    http: () => http,
    store: () => store,
    assets: () => assets,
    settings: () => settings.get(),
  };

  /** Rules are evaluated on fresh lists only; a failure there never fails the refresh. */
  const evaluateAlerts = (snapshot: AssetSnapshot): void => {
    try {
      // An acknowledgement the room holds for an alert raised only now applies to it.
      if (alerts.evaluate(snapshot).length > 0) sharedAcks?.raised();
    } catch (err) {
      console.error(scrubSecrets(`Fleet Desk: evaluating alerts failed: ${err instanceof Error ? err.message : String(err)}`));
    }
  };

  /** A new list's change (from the service or the room) tells the alert evaluation and the sites which machines changed. */
  const noteListChange = (change: AssetChange): void => {
    alerts.noteChange(change);
    placeMachines(() => sites.noteChange(change));
  };

  /** The active profile's dispatch room, when it has one (core/room/dispatch-room.ts). */
  let room: DispatchRoom | null = null;
  const intervalSec = (): number => options.room?.refreshIntervalSec ?? settings.get().refreshIntervalSec;

  const scheduler = new RefreshScheduler<AssetSnapshot>({
    refresh: async () => {
      // A desk that follows a live poller takes its lists from the room, never from the service.
      const followed = room && !room.shouldPoll() ? assets.snapshot() : null;
      if (followed) return followed;
      let published: AssetChange | null = null;
      let snapshot: AssetSnapshot;
      try {
        snapshot = await refreshAssets(ctx, now, (change) => {
          published = change;
          noteListChange(change);
        });
      } finally {
        // The held list may be new even when saving its offline copy failed.
        nearest.invalidate();
      }
      if (!published) placeMachines(() => sites.noteList());
      evaluateAlerts(snapshot);
      if (room?.isPoller()) await room.published(snapshot, published);
      return snapshot;
    },
    intervalSec,
    profileId: () => auth.profiles.activeId,
  });
  scheduler.onStatus((status) => emit('status', status));
  // Signing in or out of the profile shown resumes or stops the schedule.
  followAuth(auth.events, scheduler, () => auth.profiles.activeId);
  // A keychain that fails at any moment of the run is reported at once.
  followKeychain(auth.vault, scheduler);

  /**
   * Joins the profile's room (its own settings, or the environment's for a built-in
   * profile). A list from the room takes the path a fetched list takes after the fetch.
   */
  const openRoom = async (profileId: string): Promise<void> => {
    const stored = auth.profiles.get(profileId);
    const roomSettings = stored?.room ?? (auth.profiles.isBuiltIn(profileId) ? envRoom : null);
    if (!roomSettings || roomSettings.url === '') return scheduler.setRoom(null);
    const secret = roomSettings.auth === 'none' ? null : await auth.vault.get(accounts.roomSecret(profileId));
    if (auth.profiles.activeId !== profileId) return;
    room = new DispatchRoom({
      settings: roomSettings,
      secret,
      branch: branchOf(auth.profiles.connection(profileId)),
      deskName,
      intervalMs: () => intervalSec() * 1000,
      ...(options.room?.leaseMs ? { leaseMs: options.room.leaseMs } : {}),
      ...(options.room?.snapshotEveryMs ? { snapshotEveryMs: options.room.snapshotEveryMs } : {}),
      desk: {
        current: () => (auth.profiles.activeId === profileId ? assets.snapshot() : null),
        accept: (list) => {
          if (auth.profiles.activeId !== profileId) return;
          let changed = false;
          const snapshot = acceptAssetList(ctx, { profileId, ...list, source: 'network' }, (change) => {
            changed = true;
            noteListChange(change);
          });
          nearest.invalidate();
          // A large change comes without its rows: every machine is placed again.
          if (!changed) placeMachines(() => sites.noteList());
          evaluateAlerts(snapshot);
        },
      },
      onBecamePoller: () => void scheduler.refreshNow().catch(() => undefined),
      onStatus: (status) => {
        scheduler.setRoom(status);
        for (const kind of kinds) {
          if (status.state === 'unreachable') kind.left();
          else if (status.state !== 'joining') void kind.joined();
        }
      },
    });
    const joined = room;
    const onProblem = (problem: string): void => joined.report(problem);
    const notify = (change: Omit<RoomSharedChange, 'profileId'>): void => {
      if (auth.profiles.activeId === profileId) emit('room:shared', { profileId, ...change });
    };
    sharedAcks = new SharedAcks({
      bucket: (kvOptions) => joined.bucket('acks', kvOptions),
      adopt: (ack, how) => auth.profiles.activeId === profileId && alerts.adoptAcknowledgement(profileId, ack, how),
      local: () => alerts.acknowledgements(profileId),
      onProblem,
    });
    sharedNotes = new SharedNotes({
      bucket: (kvOptions) => joined.bucket('notes', kvOptions),
      apply: (note, how) => notes.applyFromRoom(profileId, note, how),
      local: () => notes.list(profileId),
      onProblem,
    });
    const demoRules = auth.profiles.activeId === DEMO_PROFILE_ID;
    sharedRules = new SharedRules({
      bucket: (kvOptions) => joined.bucket('rules', kvOptions),
      local: () => ({ rules: alertRules.get(profileId, { demo: demoRules }), changes: alertRules.changes(profileId) }),
      apply: (field, value, change) => {
        alertRules.setRule(profileId, field, value as never, change, { demo: demoRules });
      },
      notify,
      onProblem,
    });
    sharedSites = new SharedSites({
      bucket: (kvOptions) => joined.bucket('sites', kvOptions),
      local: () => (auth.profiles.activeId === profileId ? sites.list() : []),
      store: () => store,
      apply: (change) => {
        let leftOut = 0;
        placeMachines(() => {
          leftOut = sites.applyFromRoom(profileId, change);
        });
        return leftOut;
      },
      notify,
      deskName,
      now: () => now().getTime(),
      onProblem,
    });
    const kinds = [sharedAcks, sharedNotes, sharedRules, sharedSites];
    scheduler.setRoom(room.status());
    room.start();
  };
  const closeRoom = async (): Promise<void> => {
    const leaving = room;
    room = null;
    for (const kind of [sharedAcks, sharedNotes, sharedRules, sharedSites]) kind?.stop();
    sharedAcks = null;
    sharedNotes = null;
    sharedRules = null;
    sharedSites = null;
    scheduler.setRoom(null);
    await leaving?.stop();
  };

  const notices = (): string | null => [store.notice, settings.notice, auth.profiles.notice, tileCache.notice].filter(Boolean).join(' ') || null;
  const refreshFlags = (): void => {
    scheduler.setNotice(notices());
    scheduler.setKeychainProblem(auth.vault.problem);
  };

  /**
   * Shows what the store has for the active profile, before any network answer: its rows
   * only. The alerts' baseline is the stored list, taken when that is read in full (at the
   * first refresh, or an earlier detail or export), not at start.
   */
  const serveCache = (): boolean => {
    const rows = assets.rows();
    assets.onStoredList((cached) => alerts.baseline(cached));
    if (!rows) return false;
    scheduler.markCached(rows.fetchedAt);
    emit('assets', rows);
    return true;
  };

  const switchProfile = async (profileId: string): Promise<void> => {
    // A history fetch writes to the store of the profile it was started for.
    await handlers['utilization:cancel']();
    await closeRoom();
    if (store) store.close();
    openProfile(profileId);
    // The branch's own list and tile settings, before its list: the page sorts it once, as this branch does.
    emit('settings', settings.get());
    // Before the schedule starts over, so its first attempt finds the demo listening.
    await matchDemoToProfile(profileId);
    scheduler.reset();
    refreshFlags();
    serveCache();
    placeMachines(openSites);
    alerts.announceCounts();
    notes.announce();
    announceBaseMap();
    await openRoom(profileId);
  };

  const handlers: InvokeHandlers = {
    ...createAssetHandlers(ctx, scheduler),
    ...createEmbedHandlers({ ctx, snapshot: () => assets.snapshot(), now }),
    ...createAuthHandlers({
      ctx,
      profiles: auth.profiles,
      vault: auth.vault,
      sessions: auth.sessions,
      endpointFor: auth.endpointFor,
      removeOfflineData: (profileId) => {
        if (profileId === auth.profiles.activeId) store.close();
        stores.remove(profileId);
        if (profileId === auth.profiles.activeId) {
          openProfile(profileId); // the list in memory goes with the file
          placeMachines(openSites);
          alerts.announceCounts();
        }
      },
      forgetProfile: (profileId) => {
        alertRules.remove(profileId);
        settings.forgetBranch(profileId);
      },
      onActiveProfileChanged: switchProfile,
    }),
    ...createSettingsHandlers(settings, (next, previous) => {
      if (next.refreshIntervalSec !== previous.refreshIntervalSec) scheduler.reschedule();
      if (next.tileCacheMb !== previous.tileCacheMb) tileCache.setLimit(next.tileCacheMb * MB);
      emit('settings', next);
      if (next.tileUrl !== previous.tileUrl || next.tileAttribution !== previous.tileAttribution) announceBaseMap();
    }),
    ...createOfflineHandlers(ctx, { siteName: (assetId) => sites.siteOf(assetId)?.name ?? null }),
    ...createAempHandlers(ctx),
    ...createAlertHandlers(ctx, alerts, { now }),
    ...createSiteHandlers(ctx, sites, { now }),
    ...createNoteHandlers(notes),
    ...createNearestHandlers(nearest),
    ...createUtilizationHandlers(ctx, { now, siteName: (assetId) => sites.siteOf(assetId)?.name ?? null }),
    ...createPrintHandlers(platform),
    'map:base': async () => tiles.baseMap(),
    'app:info': async (): Promise<AppInfo> => ({
      shell: platform.shell,
      version: platform.version,
      platform: process.platform,
      demo: auth.profiles.activeId === DEMO_PROFILE_ID,
    }),
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
      const cached = serveCache();
      placeMachines(openSites);
      alerts.announceCounts();
      // With the offline copy on its way to the window, the start-up refresh (the heaviest
      // work of a start: the whole list read and compared) waits until the page has had
      // time to paint it; without one it starts at once.
      scheduler.start(cached ? START_REFRESH_AFTER_CACHE_MS : 0);
      await openRoom(auth.profiles.activeId);
    },
    async stop() {
      scheduler.stop();
      await closeRoom();
      auth.dispose();
      store.close();
      tileCache.close();
      await demo.stop();
    },
  };
}
