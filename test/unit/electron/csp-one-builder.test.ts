/** Both shells' page policies come out of the one builder in core/csp.ts. */
import { describe, expect, it, vi } from 'vitest';
import type * as CoreCsp from '../../../src-main/core/csp';

const built = vi.hoisted(() => ({ calls: [] as string[] }));

vi.mock('../../../src-main/core/csp', async (importOriginal) => {
  const real = await importOriginal<typeof CoreCsp>();
  return {
    ...real,
    contentSecurityPolicy: (policy: Parameters<typeof real.contentSecurityPolicy>[0]) => {
      const text = real.contentSecurityPolicy(policy);
      built.calls.push(text);
      return text;
    },
  };
});

const { electronCsp } = await import('../../../src-main/electron/csp');
const { webShellCsp } = await import('../../../src-main/web/security');

describe('one CSP builder', () => {
  it('builds the Electron and the web-shell policy with contentSecurityPolicy', () => {
    const origins = { images: ['https://tiles.example'], frames: ['https://example.com:*'] };
    const electron = electronCsp(origins);
    const web = webShellCsp(5000, origins);
    expect(built.calls).toEqual([electron, web]);
  });
});
