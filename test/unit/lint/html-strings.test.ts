/**
 * The lint rules that keep service text out of HTML parsers fire: Leaflet string content,
 * innerHTML-style sinks and Svelte's {@html}. Runs ESLint with the project's own config on
 * small snippets placed (virtually) in the renderer.
 */
import type { ESLint } from 'eslint';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { lintProbe, probeLinter } from './probe-linter';

// Linting with type information is CPU-bound; the machine is shared.
vi.setConfig({ testTimeout: 30_000 });

let eslint: ESLint;

const PROBES = ['src-renderer/src/lib/map/lint-probe.ts', 'src-renderer/src/views/map/LintProbe.svelte', 'src-renderer/src/views/LintProbe.svelte'];

beforeAll(async () => {
  eslint = await probeLinter(PROBES);
}, 120_000);

/** Rule ids reported for `code` as if it were a file at `path` in the repository. */
async function rulesFiring(code: string, path = 'src-renderer/src/lib/map/lint-probe.ts'): Promise<string[]> {
  return (await lintProbe(eslint, code, path)).map((m) => m.ruleId ?? '');
}

const LEAFLET_HEADER = `import L from 'leaflet';\nexport function probe(line: L.Polyline, marker: L.Marker, name: string, el: HTMLElement): unknown {\n`;
const leaflet = (body: string) => `${LEAFLET_HEADER}${body}\n  return null;\n}\n`;

describe('fleet-desk/no-leaflet-html-strings', () => {
  it.each([
    ['a template literal tooltip', 'line.bindTooltip(`Trail of ${name}`);'],
    ['a string variable tooltip (found by type)', 'const text = name;\n  line.bindTooltip(text);'],
    ['a concatenated popup', "marker.bindPopup('<b>' + name + '</b>');"],
    ['a popup function returning a string', 'marker.bindPopup(() => `<b>${name}</b>`);'],
    ['a popup function returning a string variable (found by type)', 'marker.bindPopup(() => name);'],
    ['setTooltipContent with a string', 'line.setTooltipContent(name);'],
    ['setPopupContent with a string', 'marker.setPopupContent(name);'],
    ['divIcon html as a string', 'L.divIcon({ html: `<div>${name}</div>` });'],
    ['new DivIcon html as a string variable (found by type)', 'new L.DivIcon({ html: name });'],
    ['a tile attribution string', "L.tileLayer('http://127.0.0.1/{z}/{x}/{y}.png', { attribution: name });"],
    ['a tooltip content option', 'L.tooltip({ content: name });'],
  ])('reports %s', async (_label, body) => {
    expect(await rulesFiring(leaflet(body))).toContain('fleet-desk/no-leaflet-html-strings');
  });

  it.each([
    ['an element tooltip', 'line.bindTooltip(el);'],
    ['a popup function returning an element', 'marker.bindPopup(() => el);'],
    ['divIcon html as an element', "L.divIcon({ className: 'x', html: el });"],
    ['no attribution prefix', 'L.map(el).attributionControl.setPrefix(false);'],
  ])('accepts %s', async (_label, body) => {
    expect(await rulesFiring(leaflet(body))).not.toContain('fleet-desk/no-leaflet-html-strings');
  });

  it('fires in a Svelte component too', async () => {
    const component = `<script lang="ts">\n  import L from 'leaflet';\n  let { name, line }: { name: string; line: L.Polyline } = $props();\n  $effect(() => void line.bindTooltip(\`Trail of \${name}\`));\n</script>\n`;
    expect(await rulesFiring(component, 'src-renderer/src/views/map/LintProbe.svelte')).toContain('fleet-desk/no-leaflet-html-strings');
  });
});

describe('HTML sinks', () => {
  it.each([
    ['innerHTML', 'export function probe(el: HTMLElement, name: string) { el.innerHTML = name; }'],
    ['outerHTML', 'export function probe(el: HTMLElement, name: string) { el.outerHTML = `<b>${name}</b>`; }'],
    ['insertAdjacentHTML', "export function probe(el: HTMLElement, name: string) { el.insertAdjacentHTML('beforeend', name); }"],
    ['document.write', 'export function probe(name: string) { document.write(name); }'],
  ])('reports %s', async (_label, code) => {
    expect(await rulesFiring(code)).toContain('no-restricted-syntax');
  });

  it('allows textContent', async () => {
    expect(await rulesFiring('export function probe(el: HTMLElement, name: string) { el.textContent = name; }')).toEqual([]);
  });

  it('reports {@html} in a Svelte component', async () => {
    const component = `<script lang="ts">\n  let { name }: { name: string } = $props();\n</script>\n\n<p>{@html name}</p>\n`;
    expect(await rulesFiring(component, 'src-renderer/src/views/LintProbe.svelte')).toContain('svelte/no-at-html-tags');
  });
});
