import { createHash } from 'node:crypto';

const SAFE = /^[A-Za-z0-9_-]$/;
// Names Windows refuses for a file whatever its extension.
const RESERVED = /^(con|prn|aux|nul|com\d|lpt\d)$/i;
const MAX_STEM = 80;

/**
 * The database file name for a profile id. Letters, digits, `_` and `-` are kept;
 * every other character becomes `~` plus its UTF-8 bytes in hex, so two different
 * ids never share a file and no id can reach outside the folder.
 */
export function profileFileName(profileId: string): string {
  if (profileId.length === 0) throw new Error('A profile id is needed to name its offline data file.');
  let stem = '';
  for (const char of profileId) {
    stem += SAFE.test(char) ? char : '~' + Buffer.from(char, 'utf8').toString('hex');
  }
  if (RESERVED.test(stem)) stem = '~' + stem;
  if (stem.length > MAX_STEM) {
    const digest = createHash('sha256').update(profileId).digest('hex').slice(0, 16);
    stem = `${stem.slice(0, MAX_STEM - 17)}~${digest}`;
  }
  return `${stem}.sqlite`;
}
