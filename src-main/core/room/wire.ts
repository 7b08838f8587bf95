/**
 * What travels on the room bus, and the checks every desk makes on what it receives. The
 * bus carries the branch's list only: assets in the service's own shape, so a follower
 * reads them through the very checks a list from the service goes through
 * (normalizeAssetList): a hostile desk in the room can do no more than a hostile service
 * could. Tokens, refresh tokens and client secrets are never part of a message.
 */
import * as v from 'valibot';
import type { Asset, AssetChange, SkippedAsset } from '../../contract';
import { plainText } from '../../contract';
import { checkListShape, jsonNeedsCleaning, normalizeAssetList } from '../assets/asset-schema';
import { nestingWithin } from '../assets/json-array-spans';
import { tooDeepError } from '../assets/list-budget';
import { FleetError } from '../errors';
import { MAX_ASSET_LIST_BYTES, MAX_ASSETS_PER_LIST, MAX_FIELD_CHARS } from '../limits';

export const ROOM_WIRE_VERSION = 1;
/** The largest change message a desk publishes or reads; a larger change is sent as a full list. */
export const MAX_CHANGE_MESSAGE_BYTES = 768 * 1024;
/** One part of the full list (the server's default message limit is 1 MiB). */
export const SNAPSHOT_PART_BYTES = 512 * 1024;
export const MAX_SNAPSHOT_PARTS = Math.ceil(MAX_ASSET_LIST_BYTES / SNAPSHOT_PART_BYTES);
const MAX_SKIPPED = 20_000;

const IsoTime = v.pipe(
  v.string(),
  v.maxLength(40),
  v.check((s) => !Number.isNaN(Date.parse(s)), 'not a time'),
);
const Id = v.pipe(v.string(), v.maxLength(200));
const DeskName = plainText(80, 'Desk name');

const SkippedSchema = v.object({
  index: v.pipe(v.number(), v.integer(), v.minValue(0)),
  assetId: v.optional(Id),
  path: plainText(MAX_FIELD_CHARS, 'path'),
  reason: plainText(MAX_FIELD_CHARS, 'reason'),
});

export const ChangeMessageSchema = v.variant('kind', [
  v.object({
    v: v.literal(ROOM_WIRE_VERSION),
    kind: v.literal('change'),
    desk: DeskName,
    baseFetchedAt: IsoTime,
    fetchedAt: IsoTime,
    /** New or changed assets in the service's shape (checked like the service's list on receipt). */
    changed: v.pipe(v.array(v.unknown()), v.maxLength(MAX_ASSETS_PER_LIST)),
    removed: v.pipe(v.array(Id), v.maxLength(MAX_ASSETS_PER_LIST)),
    order: v.nullable(v.pipe(v.array(Id), v.maxLength(MAX_ASSETS_PER_LIST))),
    skipped: v.pipe(v.array(SkippedSchema), v.maxLength(MAX_SKIPPED)),
  }),
  v.object({
    v: v.literal(ROOM_WIRE_VERSION),
    /** The change was too large to send: read the full list (written just before). */
    kind: v.literal('full'),
    desk: DeskName,
    fetchedAt: IsoTime,
  }),
]);
export type ChangeMessage = v.InferOutput<typeof ChangeMessageSchema>;

export const SnapshotHeadSchema = v.object({
  v: v.literal(ROOM_WIRE_VERSION),
  desk: DeskName,
  fetchedAt: IsoTime,
  /** The change stream's sequence this list includes: a joining desk reads the stream after it. */
  changeSeq: v.pipe(v.number(), v.integer(), v.minValue(0)),
  parts: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_SNAPSHOT_PARTS)),
  bytes: v.pipe(v.number(), v.integer(), v.minValue(2), v.maxValue(MAX_ASSET_LIST_BYTES)),
  sha256: v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/)),
  skipped: v.pipe(v.array(SkippedSchema), v.maxLength(MAX_SKIPPED)),
});
export type SnapshotHead = v.InferOutput<typeof SnapshotHeadSchema>;

/** An asset as the service sends it: what followers check again on receipt. */
export function wireAsset(asset: Asset): Record<string, unknown> {
  const out: Record<string, unknown> = {
    assetId: asset.assetId,
    type: asset.type,
    name: asset.name,
    urls: asset.embedUrl ? { mapEmbed: asset.embedUrl } : {},
    metrics: asset.metrics,
  };
  if (asset.serialNumber !== undefined) out.serialNumber = asset.serialNumber;
  if (asset.category !== undefined) out.category = asset.category;
  return out;
}

export function encodeChange(change: AssetChange, desk: string): string {
  const message: ChangeMessage = {
    v: ROOM_WIRE_VERSION,
    kind: 'change',
    desk,
    baseFetchedAt: change.baseFetchedAt,
    fetchedAt: change.fetchedAt,
    changed: change.changed.map(wireAsset),
    removed: change.removed,
    order: change.order,
    skipped: change.skipped.slice(0, MAX_SKIPPED),
  };
  return JSON.stringify(message);
}

export function encodeFull(fetchedAt: string, desk: string): string {
  const message: ChangeMessage = { v: ROOM_WIRE_VERSION, kind: 'full', desk, fetchedAt };
  return JSON.stringify(message);
}

/** Why a message from the room was refused, in words for the status bar. */
export class RoomMessageRefused extends FleetError {
  constructor(reason: string) {
    super('bad-payload', `A change from the room was refused (${reason}); the last good list stays`);
  }
}

/** A change message checked: size, JSON, shape. Throws RoomMessageRefused. */
export function decodeChange(bytes: Uint8Array): ChangeMessage {
  if (bytes.byteLength > MAX_CHANGE_MESSAGE_BYTES) throw new RoomMessageRefused(`larger than ${MAX_CHANGE_MESSAGE_BYTES / 1024} KiB`);
  const text = new TextDecoder().decode(bytes);
  if (!nestingWithin(text)) throw new RoomMessageRefused('nested too deeply');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new RoomMessageRefused('not JSON');
  }
  const r = v.safeParse(ChangeMessageSchema, json);
  if (!r.success) throw new RoomMessageRefused('not a change Fleet Desk understands');
  return r.output;
}

/** The changed assets of a message, checked as a list from the service is. */
export function readChangedAssets(changed: unknown[], now: Date): { assets: Asset[]; skipped: SkippedAsset[] } {
  return normalizeAssetList(changed, now, { cleanText: true });
}

/** The full list's text read back from its parts, checked as the service's answer is. */
export function readSnapshotText(text: string, now: Date): { assets: Asset[]; skipped: SkippedAsset[] } {
  if (!nestingWithin(text)) throw tooDeepError();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new RoomMessageRefused('the full list is not JSON');
  }
  checkListShape(json);
  return normalizeAssetList(json, now, { cleanText: jsonNeedsCleaning(text) });
}

/** The full list as the service would send it. */
export function encodeSnapshot(assets: readonly Asset[]): string {
  return JSON.stringify(assets.map(wireAsset));
}

export function decodeHead(bytes: Uint8Array): SnapshotHead {
  if (bytes.byteLength > MAX_CHANGE_MESSAGE_BYTES) throw new RoomMessageRefused('the full list’s header is too large');
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw new RoomMessageRefused('the full list’s header is not JSON');
  }
  const r = v.safeParse(SnapshotHeadSchema, json);
  if (!r.success) throw new RoomMessageRefused('the full list’s header is not one Fleet Desk understands');
  return r.output;
}
