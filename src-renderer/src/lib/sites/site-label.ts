/** The words shown for a site on the map and in lists. */
import { countOf } from '../format/numbers';

/** "North yard · 3 machines": the name and how many machines are on it now. */
export function siteLabel(name: string, machines: number): string {
  return `${name} · ${machines === 0 ? 'no machines' : countOf(machines, 'machine')}`;
}

/** What an import did: "Imported 12 sites (3 replaced)". */
export function importDoneText(imported: number, replaced: number): string {
  const what = `Imported ${countOf(imported, 'site')}`;
  return replaced > 0 ? `${what} (${replaced.toLocaleString('en-US')} replaced)` : what;
}
