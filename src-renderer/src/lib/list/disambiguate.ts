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

/** Names compare without case and surrounding or repeated spaces. */
export function nameKey(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
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
  const groups = new Map<string, AssetRow[]>();
  for (const a of assets) {
    const key = nameKey(a.name);
    const group = groups.get(key);
    if (group) group.push(a);
    else groups.set(key, [a]);
  }
  const tags = new Map<string, NameTag>();
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    // The asset id is unique within a list, so the last choice always tells them apart.
    const choice = FIELDS.find((f) => allDistinctAndPresent(group.map(f.value))) ?? FIELDS[FIELDS.length - 1];
    for (const a of group) tags.set(a.assetId, { text: choice.text(choice.value(a)), field: choice.field, sharedBy: group.length });
  }
  return tags;
}
