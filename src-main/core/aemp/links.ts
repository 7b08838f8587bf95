import type { IssueSink } from './normalize-elements';
import { asArray, isNode, pick, text } from './tolerant';

export interface PageLinks {
  self: string | null;
  next: string | null;
  prev: string | null;
  last: string | null;
}

export const NO_LINKS: PageLinks = { self: null, next: null, prev: null, last: null };

const RELS = ['self', 'next', 'prev', 'last'] as const;

/**
 * Reads `Links` in its spellings: a list of `{rel, href}` (any casing), XML `<Links>`
 * repeated or holding `<Link rel=… href=…/>` children, or an object keyed by rel.
 */
export function readLinks(root: unknown, sink: IssueSink): PageLinks {
  const out: PageLinks = { ...NO_LINKS };
  const raw = [...asArray(pick(root, 'Links')), ...asArray(pick(root, 'Link'))];
  const entries: unknown[] = [];
  for (const item of raw) {
    const nested = pick(item, 'Link');
    if (nested !== undefined) entries.push(...asArray(nested));
    else if (isNode(item) && pick(item, 'rel') === undefined && RELS.some((r) => pick(item, r) !== undefined)) {
      for (const rel of RELS) {
        const href = text(pick(item, rel));
        if (href !== null) entries.push({ rel, href });
      }
    } else entries.push(item);
  }
  entries.forEach((entry, i) => {
    const rel = text(pick(entry, 'rel'))?.toLowerCase();
    const href = text(pick(entry, 'href'));
    if (!rel || !href) {
      sink.issues.push({ path: `Links[${i}]`, message: 'Link without rel or href; ignored.' });
      return;
    }
    if (rel === 'previous') out.prev = href;
    else if ((RELS as readonly string[]).includes(rel)) out[rel as keyof PageLinks] = href;
  });
  return out;
}

export function hasLinks(links: PageLinks): boolean {
  return RELS.some((r) => links[r] !== null);
}
