/**
 * What a tile is, read from its first bytes: PNG, JPEG, WebP or GIF, nothing else. A
 * tile server's Content-Type is not believed: a server (or a cache written by an older
 * Fleet Desk) could hand over a page labelled as an image, and a shell that passed the
 * label on would let that page run in the app's own origin.
 */

export const TILE_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export type TileImageType = (typeof TILE_IMAGE_TYPES)[number];

/** The image formats a tile may be, for messages. */
export const TILE_IMAGE_NAMES = 'PNG, JPEG, WebP or GIF';

const startsWith = (bytes: Uint8Array, at: number, expected: readonly number[]): boolean =>
  bytes.length >= at + expected.length && expected.every((b, i) => bytes[at + i] === b);

const ascii = (text: string): number[] => [...text].map((c) => c.charCodeAt(0));

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const GIF87 = ascii('GIF87a');
const GIF89 = ascii('GIF89a');
const RIFF = ascii('RIFF');
const WEBP = ascii('WEBP');

/** The tile's image type by its magic number, or null when it is none of the four. */
export function tileImageType(bytes: Uint8Array | null | undefined): TileImageType | null {
  if (!bytes) return null;
  if (startsWith(bytes, 0, PNG)) return 'image/png';
  if (startsWith(bytes, 0, JPEG)) return 'image/jpeg';
  if (startsWith(bytes, 0, GIF87) || startsWith(bytes, 0, GIF89)) return 'image/gif';
  if (startsWith(bytes, 0, RIFF) && startsWith(bytes, 8, WEBP)) return 'image/webp';
  return null;
}
