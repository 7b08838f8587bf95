/** Which sources a URL or tile template gives the page policy (mutation survivors of core/csp.ts). */
import { describe, expect, it } from 'vitest';
import { cspSource } from '../../../src-main/core/csp';

describe('cspSource', () => {
  it('reads a {s} subdomain as a wildcard only at the start of the host, not inside the query', () => {
    expect(cspSource('https://{s}.tiles.example/{z}/{x}/{y}.png')).toBe('https://*.tiles.example');
    expect(cspSource('https://tiles.example/{z}/{x}/{y}.png?mirror=http://{s}.other.example')).toBe('https://tiles.example');
  });
});
