/**
 * The list's search text as terms: an asset matches when its search key (name, id, serial
 * and category, lowercase) contains every term.
 */

/** The lowercase words of the search text (none for a blank search). */
export function searchTerms(text: string): string[] {
  return text.toLowerCase().split(/\s+/).filter(Boolean);
}

/**
 * Whether every asset matching `next` also matches `previous`: true when each previous
 * term lies inside some next term (a key containing the longer term contains the shorter).
 * Typing on ("tru" → "truck", "truck" → "truck 1") narrows; a backspace or a new word in
 * place of an old one does not.
 */
export function narrows(previous: readonly string[], next: readonly string[]): boolean {
  return previous.every((old) => next.some((term) => term.includes(old)));
}
