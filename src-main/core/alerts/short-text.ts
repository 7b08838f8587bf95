/**
 * Alert text that must fit a length: cut between words, never inside one, and a time-zone
 * name short enough that it is never what gets cut.
 */

const NO_BREAK_SPACE = '\u00A0';

/**
 * At most `max` code points: the text as it is when it fits, else the words that fit
 * followed by "…". Breaks only at ordinary spaces, so a no-break space holds two words
 * together. A word so long that breaking before it would drop more than half the room
 * (a name of one long word) is cut inside instead, so the text still says something.
 */
export function cutAtWord(text: string, max: number): string {
  const chars = [...text];
  if (chars.length <= max) return text;
  const room = chars.slice(0, max - 1);
  const lastSpace = room.lastIndexOf(' ');
  const kept = lastSpace >= room.length / 2 ? room.slice(0, lastSpace) : room;
  return `${kept.join('').trimEnd()}…`;
}

/**
 * The place part of an IANA zone name, its words held together: "Port Moresby" for
 * `Pacific/Port_Moresby`, "Tokyo" for `Asia/Tokyo`, "UTC" for `UTC`.
 */
export function shortZoneName(zone: string): string {
  const place = zone.slice(zone.lastIndexOf('/') + 1) || zone;
  return place.replace(/_/g, NO_BREAK_SPACE);
}
