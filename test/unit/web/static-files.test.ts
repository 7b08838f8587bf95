/** Which file a web-shell path names (mutation survivors of the path checks). */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mimeType, resolveStaticFile } from '../../../src-main/web/static-files';

let base: string;
let root: string;

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'fleet-static-'));
  root = join(base, 'renderer');
  await mkdir(join(root, 'docs'), { recursive: true });
  await writeFile(join(root, 'index.html'), 'page');
  await writeFile(join(root, 'docs', 'index.html'), 'docs page');
  // A backslash is an ordinary character in Linux file names; the web shell refuses it
  // in paths so Windows-style traversal never gets a meaning.
  await writeFile(join(root, 'back\\slash.js'), 'x');
});

afterAll(async () => {
  await rm(base, { recursive: true, force: true });
});

describe('resolveStaticFile', () => {
  it('serves index.html for the root and for a folder path ending in /', async () => {
    expect(await resolveStaticFile(root, '/')).toBe(join(root, 'index.html'));
    expect(await resolveStaticFile(root, '/docs/')).toBe(join(root, 'docs', 'index.html'));
  });

  it('gives null, not a folder, for a folder path without the slash', async () => {
    expect(await resolveStaticFile(root, '/docs')).toBeNull();
  });

  it('refuses a path with a backslash, encoded or not, even when such a file exists', async () => {
    expect(await resolveStaticFile(root, '/back%5Cslash.js')).toBeNull();
    expect(await resolveStaticFile(root, '/back\\slash.js')).toBeNull();
  });

  it('refuses a path that does not start with a slash, or holds a NUL', async () => {
    expect(await resolveStaticFile(root, 'index.html')).toBeNull();
    expect(await resolveStaticFile(root, '/index.html%00')).toBeNull();
  });

  it('gives null for a missing file', async () => {
    expect(await resolveStaticFile(root, '/missing.js')).toBeNull();
  });
});

describe('mimeType', () => {
  it('names known types by extension, any case, and anything else as octet-stream', () => {
    expect(mimeType('/a/app.JS')).toBe('text/javascript; charset=utf-8');
    expect(mimeType('/a/index.html')).toBe('text/html; charset=utf-8');
    expect(mimeType('/a/tile.png')).toBe('image/png');
    expect(mimeType('/a/data.bin')).toBe('application/octet-stream');
    expect(mimeType('/a/noextension')).toBe('application/octet-stream');
  });
});
