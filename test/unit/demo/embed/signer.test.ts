import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { parseView } from '../../../../src-main/demo/embed/routes';
import { EmbedSigner, focusView, subsetView } from '../../../../src-main/demo/embed/signer';

const NOW = Date.UTC(2026, 5, 1, 12);

describe('EmbedSigner', () => {
  it('signs URLs whose JWS verifies and carries the view as sub and exp one hour ahead', async () => {
    const signer = new EmbedSigner();
    const url = new URL(signer.url('http://127.0.0.1:9', focusView('thing:7'), NOW));
    expect(url.pathname).toBe('/embed/auth');
    expect(url.searchParams.get('req')).toBe('/embed/map#focus=thing:7');
    const jws = url.searchParams.get('jws')!;
    expect(decodeJwt(jws)).toEqual({ sub: '/embed/map#focus=thing:7', exp: NOW / 1000 + 3600 });
    await expect(signer.verify(jws, NOW + 3599_000)).resolves.toBe('/embed/map#focus=thing:7');
  });

  it('rejects expired, forged and foreign tokens', async () => {
    const signer = new EmbedSigner();
    const jws = signer.sign('/embed/map', NOW / 1000 + 60);
    await expect(signer.verify(jws, NOW + 61_000)).rejects.toThrow();
    const [h, , s] = jws.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ sub: '/embed/map', exp: NOW / 1000 + 99_999 })).toString('base64url');
    await expect(signer.verify(`${h}.${forgedPayload}.${s}`, NOW)).rejects.toThrow();
    await expect(new EmbedSigner().verify(jws, NOW)).rejects.toThrow();
    await expect(signer.verify('not-a-jws', NOW)).rejects.toThrow();
  });

  it('reads views back from their paths', () => {
    expect(parseView('/embed/map')).toEqual({ kind: 'branch' });
    expect(parseView(subsetView(['thing:1', 'area:2']))).toEqual({ kind: 'subset', assetIds: ['thing:1', 'area:2'] });
    expect(parseView(focusView('thing:3'))).toEqual({ kind: 'focus', assetIds: ['thing:3'] });
    expect(parseView('/elsewhere')).toBeNull();
    expect(parseView('/embed/map#nonsense')).toBeNull();
  });
});
