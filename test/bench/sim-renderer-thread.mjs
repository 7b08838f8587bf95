/**
 * The renderer's side of the simulated Electron main (electron-main-sim.ts), on its own
 * thread as a renderer process would be: it receives every message as the bytes Electron's
 * structured clone would carry, decodes them here (off the main thread, as a renderer does),
 * asks for the list at start as the page does, keeps the list it was sent up to date, and
 * on request sends a small call every 10 ms and times each answer on its own clock (so a
 * blocked main thread shows as a slow answer, whatever the main thread itself reports).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { deserialize, serialize } from 'node:v8';

const INVOKE_IPC = workerData.invokeChannel;
const port = workerData.port;
const epochNow = () => performance.timeOrigin + performance.now();

/** The serialized bytes in an ArrayBuffer of their own, so it can be handed over without a copy. */
function transferable(bytes) {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : new Uint8Array(bytes);
}

const decoder = new TextDecoder();
/** As the preload does (src-main/preload/bridge.ts): JSON from the main side (bytes or text) becomes the value it stands for. */
const fromWire = (data) => {
  if (typeof data === 'string') return JSON.parse(data);
  if (ArrayBuffer.isView(data)) return JSON.parse(decoder.decode(data));
  if (Array.isArray(data) && data.length > 0 && data.every((part) => ArrayBuffer.isView(part))) {
    // An answer the main thread holds, in parts (src-main/electron/ipc.ts).
    const partDecoder = new TextDecoder();
    return JSON.parse(data.map((part) => partDecoder.decode(part, { stream: true })).join('') + partDecoder.decode());
  }
  return data;
};
const eventPayload = (data) => (typeof data === 'string' || ArrayBuffer.isView(data) ? fromWire(data).payload : data);

let nextId = 1;
const pending = new Map();

function invoke(channel, args = []) {
  const id = nextId++;
  const bytes = transferable(serialize([INVOKE_IPC, channel, args]));
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    port.postMessage({ kind: 'invoke', id, bytes }, [bytes.buffer]);
  });
}

/** What the page would hold: the list (by id) and when each new list arrived. */
const state = {
  assets: null,
  fetchedAt: null,
  firstListAt: null,
  /** { at, fetchedAt, how } per list or change applied */
  lists: [],
  statusState: null,
  lastSyncAt: null,
  errors: [],
};

/**
 * The rows of a list whose rows came as columns (src-main/contract/row-wire.ts, written by
 * the core's worker): one object per asset, as the page's decoder builds them. The bench
 * only counts and replaces rows, so the fields are copied without their meaning.
 */
function rowsOf(assets) {
  if (Array.isArray(assets)) return assets;
  const keys = Object.keys(assets).filter((key) => key !== 'form');
  const rows = new Array(assets.assetId.length);
  for (let i = 0; i < rows.length; i++) {
    const row = {};
    for (const key of keys) row[key] = assets[key][i];
    rows[i] = row;
  }
  return rows;
}

function holdList(snapshot, how) {
  if (!snapshot) return;
  snapshot = { ...snapshot, assets: rowsOf(snapshot.assets) };
  state.assets = new Map(snapshot.assets.map((a) => [a.assetId, a]));
  state.fetchedAt = snapshot.fetchedAt;
  const at = epochNow();
  state.firstListAt ??= at;
  state.lists.push({ at, fetchedAt: snapshot.fetchedAt, how, assets: snapshot.assets.length });
}

function applyChange(change) {
  if (!state.assets || state.fetchedAt !== change.baseFetchedAt) {
    // Made against another list: ask for the whole one, as the page does.
    invoke('assets:get').then((r) => r.ok && holdList(r.value, 'reload'), (err) => state.errors.push(String(err)));
    return;
  }
  for (const asset of change.changed) state.assets.set(asset.assetId, asset);
  for (const id of change.removed) state.assets.delete(id);
  state.fetchedAt = change.fetchedAt;
  state.lists.push({ at: epochNow(), fetchedAt: change.fetchedAt, how: 'change', changed: change.changed.length });
}

port.on('message', (message) => {
  if (message.kind === 'reply') {
    const waiting = pending.get(message.id);
    pending.delete(message.id);
    waiting?.resolve(fromWire(deserialize(message.bytes)));
  } else if (message.kind === 'event') {
    const [, name, data] = deserialize(message.bytes);
    const payload = eventPayload(data);
    if (name === 'assets') holdList(payload, 'event');
    else if (name === 'assets:changed') applyChange(payload);
    else if (name === 'status') {
      state.statusState = payload.state;
      state.lastSyncAt = payload.lastSyncAt;
    }
  }
});

// The page's start: what Workspace.init asks for, all at once.
Promise.allSettled([invoke('app:info'), invoke('settings:get'), invoke('status:get'), invoke('assets:get')]).then(([, , status, snapshot]) => {
  if (status.status === 'fulfilled' && status.value.ok) {
    state.statusState ??= status.value.value.state;
    state.lastSyncAt ??= status.value.value.lastSyncAt;
  }
  if (snapshot.status === 'fulfilled' && snapshot.value.ok && snapshot.value.value && state.fetchedAt === null) holdList(snapshot.value.value, 'get');
});

/** Small calls every `everyMs`, each timed from send to answer on this thread. */
let pinger = null;
function startPings(channel, everyMs) {
  const times = [];
  let inFlight = 0;
  const timer = setInterval(() => {
    const start = performance.now();
    inFlight++;
    invoke(channel).then(
      () => times.push(performance.now() - start),
      () => times.push(Number.NaN),
    ).finally(() => inFlight--);
  }, everyMs);
  pinger = { timer, times, inFlightAtStop: () => inFlight };
}

parentPort.on('message', (message) => {
  if (message.control === 'state') {
    const { assets, ...rest } = state;
    parentPort.postMessage({ control: 'state', state: { ...rest, held: assets?.size ?? 0 } });
  } else if (message.control === 'pings-start') {
    startPings(message.channel, message.everyMs);
    parentPort.postMessage({ control: 'pings-started' });
  } else if (message.control === 'pings-stop') {
    clearInterval(pinger?.timer);
    parentPort.postMessage({ control: 'pings', times: pinger?.times ?? [], unanswered: pinger?.inFlightAtStop() ?? 0 });
    pinger = null;
  }
});
