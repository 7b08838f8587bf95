// Usage: node resources/make-icon.mjs resources/icon.png
// Renders the same pin-on-blue icon as resources/icon.svg into a 512×512 RGBA PNG.
import { deflateSync } from 'node:zlib';
import { writeFileSync } from 'node:fs';
const S = 512, px = Buffer.alloc(S * (S * 4 + 1));
const inRoundRect = (x, y) => { const r = 104; const cx = Math.min(Math.max(x, r), S - r), cy = Math.min(Math.max(y, r), S - r); return (x - cx) ** 2 + (y - cy) ** 2 <= r * r; };
const inPin = (x, y) => {
  const cx = 256, cy = 210, R = 126;
  if ((x - cx) ** 2 + (y - cy) ** 2 <= R * R) return true;
  if (y < cy || y > 428) return false;
  const half = R * (1 - (y - cy) / (428 - cy)) * 0.92; // taper to the tip
  return Math.abs(x - cx) <= half;
};
for (let y = 0; y < S; y++) {
  const row = y * (S * 4 + 1); px[row] = 0;
  for (let x = 0; x < S; x++) {
    const o = row + 1 + x * 4; let c = [0, 0, 0, 0];
    if (inRoundRect(x + 0.5, y + 0.5)) c = [0x1f, 0x6f, 0xeb, 255];
    if (inPin(x + 0.5, y + 0.5)) c = [255, 255, 255, 255];
    if ((x + 0.5 - 256) ** 2 + (y + 0.5 - 210) ** 2 <= 48 * 48) c = [0x1f, 0x6f, 0xeb, 255];
    px.set(c, o);
  }
}
const crcTable = Array.from({ length: 256 }, (_, n) => { let c = n; for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1; return c >>> 0; });
const crc = (buf) => { let c = 0xffffffff; for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8); return (c ^ 0xffffffff) >>> 0; };
const chunk = (type, data) => { const len = Buffer.alloc(4); len.writeUInt32BE(data.length); const td = Buffer.concat([Buffer.from(type), data]); const c = Buffer.alloc(4); c.writeUInt32BE(crc(td)); return Buffer.concat([len, td, c]); };
const ihdr = Buffer.alloc(13); ihdr.writeUInt32BE(S, 0); ihdr.writeUInt32BE(S, 4); ihdr[8] = 8; ihdr[9] = 6;
writeFileSync(process.argv[2], Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(px)), chunk('IEND', Buffer.alloc(0))]));
