/**
 * One page policy: the renderer is built with the project's own Vite configuration,
 * and the built index.html must carry no policy looser than the builder's (in fact
 * none: a static policy cannot name the tile server chosen at run time, and a meta and
 * a header intersect). Each shell then hands that page the policy from the one builder
 * (src-main/core/csp.ts): the web shell as a header, Electron as a header and as the
 * first element of <head>.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type InlineConfig, type Plugin } from 'vite';
import config from '../../../electron.vite.config';
import { cspOriginsFromCore } from '../../../src-main/core/csp';
import { electronCsp, withCspMeta } from '../../../src-main/electron/csp';
import { webShellCsp } from '../../../src-main/web/security';
import { startWebShell, type WebShell } from '../../../src-main/web/server';
import { fakeCore } from '../../unit/web/fake-core';

type Policy = Map<string, string[]>;

function parsePolicy(text: string): Policy {
  const policy: Policy = new Map();
  for (const part of text.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name && !policy.has(name.toLowerCase())) policy.set(name.toLowerCase(), sources);
  }
  return policy;
}

/** The sources a policy allows for a fetch directive (falling back to default-src), or null when unrestricted. */
function allowed(policy: Policy, directive: string): string[] | null {
  return policy.get(directive) ?? policy.get('default-src') ?? null;
}

const FETCH_DIRECTIVES = ['default-src', 'script-src', 'style-src', 'img-src', 'connect-src', 'frame-src', 'font-src', 'object-src', 'media-src', 'worker-src'];

/** Directives where `candidate` allows a source `reference` does not (a looser policy), by name. */
function looserThan(candidate: Policy, reference: Policy): string[] {
  const looser: string[] = [];
  for (const directive of FETCH_DIRECTIVES) {
    const mine = allowed(candidate, directive);
    const theirs = allowed(reference, directive);
    if (theirs === null) continue;
    if (mine === null || mine.some((s) => !theirs.includes(s))) looser.push(directive);
  }
  for (const directive of ['base-uri', 'form-action', 'frame-ancestors']) {
    const theirs = reference.get(directive);
    const mine = candidate.get(directive);
    if (theirs && (!mine || mine.some((s) => !theirs.includes(s)))) looser.push(directive);
  }
  return looser;
}

const metaPolicies = (html: string) =>
  [...html.matchAll(/<meta\b[^>]*http-equiv\s*=\s*["']?content-security-policy["']?[^>]*>/gi)].map((m) => {
    const content = /content\s*=\s*"([^"]*)"|content\s*=\s*'([^']*)'/i.exec(m[0]);
    return (content?.[1] ?? content?.[2] ?? '').replace(/&#39;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  });

let outDir: string;
let builtHtml: string;
const core = fakeCore();
let shell: WebShell;

beforeAll(async () => {
  outDir = await mkdtemp(join(tmpdir(), 'fd-built-page-'));
  const renderer = config.renderer as InlineConfig;
  await build({
    ...renderer,
    configFile: false,
    base: './',
    logLevel: 'error',
    build: { ...renderer.build, outDir, emptyOutDir: true, minify: false, reportCompressedSize: false },
  });
  builtHtml = await readFile(join(outDir, 'index.html'), 'utf8');
  shell = await startWebShell({ core, rendererDir: outDir, log: () => {} });
}, 120_000);

afterAll(async () => {
  await shell?.close();
  await rm(outDir, { recursive: true, force: true });
});

describe('the built page and its policy', () => {
  it('carries no policy looser than the builder’s — none at all', async () => {
    const strictest = parsePolicy(electronCsp({ images: [], frames: [] }));
    for (const meta of metaPolicies(builtHtml)) expect(looserThan(parsePolicy(meta), strictest)).toEqual([]);
    expect(metaPolicies(builtHtml)).toEqual([]);
  });

  it('the comparison notices a looser policy (the old static meta)', () => {
    const old =
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: http://127.0.0.1:* http://localhost:* https:; connect-src 'self' http://127.0.0.1:* ws://127.0.0.1:*; frame-src http://127.0.0.1:* http://localhost:* https:; font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'";
    expect(looserThan(parsePolicy(old), parsePolicy(electronCsp({ images: [], frames: [] })))).toEqual(
      expect.arrayContaining(['img-src', 'connect-src', 'frame-src', 'frame-ancestors']),
    );
  });

  it('the web shell serves the built page unchanged, with the builder’s policy as its header', async () => {
    const reply = await fetch(`http://127.0.0.1:${shell.port}/`);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-security-policy')).toBe(webShellCsp(shell.port, await cspOriginsFromCore(core)));
    expect(await reply.text()).toBe(builtHtml);
  });

  it('Electron’s page is the built page with the builder’s policy first in <head>', async () => {
    const policy = electronCsp(await cspOriginsFromCore(core));
    const page = withCspMeta(builtHtml, policy);
    expect(metaPolicies(page)).toEqual([policy]);
    const head = /<head[^>]*>([\s\S]*)<\/head>/i.exec(page)![1];
    expect(head.trimStart().startsWith('<meta http-equiv="Content-Security-Policy"')).toBe(true);
  });

  it('the build refuses a page that brings its own policy', async () => {
    const guard = (config.renderer!.plugins as Plugin[]).find((p) => p?.name === 'fleet-desk:no-static-csp');
    expect(guard).toBeDefined();
    const hook = guard!.transformIndexHtml as { handler: (html: string) => unknown };
    expect(() => hook.handler('<head><meta http-equiv="Content-Security-Policy" content="img-src https:"></head>')).toThrow(/Content-Security-Policy/);
    expect(() => hook.handler(builtHtml)).not.toThrow();
  });
});
