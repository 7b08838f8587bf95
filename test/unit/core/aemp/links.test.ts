/** Reading a page's links in every spelling (mutation survivors of readLinks). */
import { describe, expect, it } from 'vitest';
import { hasLinks, NO_LINKS, readLinks } from '../../../../src-main/core/aemp/links';
import type { IssueSink } from '../../../../src-main/core/aemp/normalize-elements';

function read(root: unknown) {
  const sink = { issues: [] } as unknown as IssueSink;
  const links = readLinks(root, sink);
  return { links, issues: sink.issues };
}

describe('readLinks', () => {
  it('reads a top-level Link list as well as Links', () => {
    expect(read({ Link: [{ rel: 'next', href: '/p2' }] }).links).toEqual({ ...NO_LINKS, next: '/p2' });
  });

  it('reads an entry by its rel even when it also has a key named like a rel', () => {
    const { links, issues } = read({ Links: [{ rel: 'next', href: '/p2', self: '/p1' }] });
    expect(links).toEqual({ ...NO_LINKS, next: '/p2' });
    expect(issues).toEqual([]);
  });

  it('reads an object keyed by rel, skipping empty entries without an issue', () => {
    const { links, issues } = read({ Links: { next: '/p2', self: '/p1', prev: null } });
    expect(links).toEqual({ ...NO_LINKS, next: '/p2', self: '/p1' });
    expect(issues).toEqual([]);
  });

  it('notes an entry without rel or href, by its place, and keeps the others', () => {
    const { links, issues } = read({ Links: [{ foo: 'bar' }, { rel: 'next' }, { href: '/x' }, { rel: 'last', href: '/p9' }] });
    expect(links).toEqual({ ...NO_LINKS, last: '/p9' });
    expect(issues).toEqual([
      { path: 'Links[0]', message: 'Link without rel or href; ignored.' },
      { path: 'Links[1]', message: 'Link without rel or href; ignored.' },
      { path: 'Links[2]', message: 'Link without rel or href; ignored.' },
    ]);
  });

  it('reads "previous" as prev, any case, and ignores rels it does not use', () => {
    const { links } = read({ Links: [{ rel: 'Previous', href: '/p0' }, { rel: 'first', href: '/p1' }, { rel: 'NEXT', href: '/p2' }] });
    expect(links).toEqual({ self: null, next: '/p2', prev: '/p0', last: null });
  });

  it('has links when any of the four is set', () => {
    expect(hasLinks(NO_LINKS)).toBe(false);
    expect(hasLinks({ ...NO_LINKS, last: '/p9' })).toBe(true);
  });
});
