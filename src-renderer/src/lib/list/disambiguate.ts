/**
 * Names are chosen by people and repeat ("Airport Job site" for six areas). Where a name
 * is shared, each asset gets a short tag that tells it apart: the category, else the
 * serial number, else the asset id — the first of these that differs across every asset
 * of that name, so one group reads the same way throughout. Pure; built once per snapshot.
 */
import type { AssetRow } from '@contract';

export interface NameTag {
  /** What is shown after the name, e.g. "area:12", "S/N CAT0320" or "excavator". */
  text: string;
  /** Which field tells the assets apart. */
  field: 'category' | 'serial' | 'id';
  /** How many assets share the name (this one included). */
  sharedBy: number;
}

/** A name with space to clean up: at either end, two in a row, or other than a plain space. */
const UNTIDY_SPACE = /^\s|\s$|\s\s|[^\S ]/;

/** Names compare without case and surrounding or repeated spaces. */
export function nameKey(name: string): string {
  // Most names are tidy: testing is cheaper than replacing (10,000 names at every cold start).
  const lower = name.toLowerCase();
  return UNTIDY_SPACE.test(lower) ? lower.trim().replace(/\s+/g, ' ') : lower;
}

const FIELDS: { field: NameTag['field']; value: (a: AssetRow) => string; text: (v: string) => string }[] = [
  { field: 'category', value: (a) => (a.category ?? '').trim(), text: (v) => v },
  { field: 'serial', value: (a) => (a.serialNumber ?? '').trim(), text: (v) => `S/N ${v}` },
  { field: 'id', value: (a) => a.assetId, text: (v) => v },
];

function allDistinctAndPresent(values: string[]): boolean {
  return values.every((v) => v !== '') && new Set(values.map((v) => v.toLowerCase())).size === values.length;
}

/** asset id → its tag, only for assets whose name another asset shares. */
export function nameTags(assets: readonly AssetRow[]): Map<string, NameTag> {
  // Most names are unique: remember the first asset of each name, and make a group only
  // when a second one comes.
  const first = new Map<string, AssetRow>();
  const groups = new Map<string, AssetRow[]>();
  for (const a of assets) {
    const key = nameKey(a.name);
    const seen = first.get(key);
    if (seen === undefined) first.set(key, a);
    else {
      const group = groups.get(key);
      if (group) group.push(a);
      else groups.set(key, [seen, a]);
    }
  }
  const tags = new Map<string, NameTag>();
  for (const group of groups.values()) {
    // The asset id is unique within a list, so the last choice always tells them apart.
    const choice = FIELDS.find((f) => allDistinctAndPresent(group.map(f.value))) ?? FIELDS[FIELDS.length - 1];
    for (const a of group) tags.set(a.assetId, { text: choice.text(choice.value(a)), field: choice.field, sharedBy: group.length });
  }
  return tags;
}
