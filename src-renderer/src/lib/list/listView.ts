/**
 * The asset list as the search, filters and sort make it, kept for one index (one
 * snapshot) so a keystroke at 50,000 assets does little work. It gives exactly what a
 * plain scan of the whole index gives, by three shortcuts:
 * - each sort order is computed once per index; a keystroke walks the ordered rows and
 *   keeps those that match, instead of sorting the matches (a stable sort of the whole
 *   index, filtered, equals a stable sort of the filtered rows);
 * - the filter ids of each row (all but "stale", which moves with the clock) are looked
 *   up once per index as small numbers, so counting and filtering need no strings;
 * - the matches of recent searches are kept: typing on scans only the matches of a search
 *   it narrows (see `narrows`), and going back to a recent search (backspace) reuses its
 *   matches.
 * The machines' sites (siteLayer.ts) change apart from the rows: `withSites` gives the view
 * for new ones, keeping every sort order that does not read them.
 */
import { isStaleAt, staleCutoff } from '@contract';
import { categoriesOf, comparator, groupOf, staticFilterIdsOf, STALE_FILTER, type IndexedAsset, type ListQuery, type ListResult } from './assetIndex';
import type { IndexDelta } from './reindex';
import { NO_SITES, type SiteLayer } from './siteLayer';
import { narrows, searchTerms } from './searchTerms';

/** How many recent searches keep their matches (a few hundred KB at 50,000 assets, at most). */
const RECENT_SEARCHES = 12;

interface SearchMatches {
  /** The order the matches are listed in (sort key and direction). */
  orderKey: string;
  terms: string[];
  text: string;
  /** Positions in the index of the matching rows, in that order. */
  positions: Int32Array;
}

/**
 * What a keystroke reads of each row, by position in flat arrays (walking the rows in sort
 * order through these touches far less memory than through the row objects): the search
 * key, the filter ids as numbers (row i has codes[offsets[i]] … codes[offsets[i + 1] - 1]),
 * and the newest reading's time for "stale".
 */
interface RowFacts {
  /** Filter id → code; carried over to the next view, which only adds codes. */
  codeOf: Map<string, number>;
  keys: string[];
  names: string[];
  groups: string[];
  offsets: Int32Array;
  codes: Int32Array;
  staleCode: number;
  noUpdate: Uint8Array;
  updatedAt: Float64Array;
}

export class ListView {
  readonly #index: readonly IndexedAsset[];
  readonly #sites: SiteLayer;
  readonly #orders = new Map<string, { order: Int32Array; compare: (a: IndexedAsset, b: IndexedAsset) => number }>();
  #recent: SearchMatches[] = [];
  #facts: RowFacts | null = null;
  #categories: string[] | null = null;
  #slots: ListedSlots | null = null;

  constructor(index: readonly IndexedAsset[], sites: SiteLayer = NO_SITES) {
    this.#index = index;
    this.#sites = sites;
  }

  get sites(): SiteLayer {
    return this.#sites;
  }

  /**
   * The view of the same index with other sites: the sort orders by site are made anew,
   * the others kept; search keys and filter ids (which carry the site) are looked up again.
   */
  withSites(sites: SiteLayer): ListView {
    if (sites === this.#sites) return this;
    const view = new ListView(this.#index, sites);
    for (const [orderKey, sorted] of this.#orders) if (!SITE_SORTS.has(orderKey.slice(0, orderKey.indexOf(':')))) view.#orders.set(orderKey, sorted);
    view.#categories = this.#categories;
    view.#slots = this.#slots;
    return view;
  }

  apply(list: ListQuery, now: number, staleAfterMin: number): ListResult {
    const orderKey = `${list.sort}:${list.descending ? 'desc' : 'asc'}`;
    const order = this.#order(orderKey, list);
    const terms = searchTerms(list.search);
    const positions = terms.length === 0 ? order : this.#matches(orderKey, order, terms);
    const { rows, counts } = this.#filterAndCount(positions, list.filters, staleCutoff(now, staleAfterMin));
    this.#categories ??= categoriesOf(this.#index);
    return { rows, counts, categories: this.#categories, searchMatches: positions.length };
  }

  /** Which ids a list of rows of this index holds, looked up without a set of strings. */
  listed(rows: readonly IndexedAsset[]): ListedIds {
    this.#slots ??= new ListedSlots(this.#index);
    return new ListedIds(this.#slots, rows);
  }

  /**
   * The view of `index`, made from this view of the index before a small change (`delta`,
   * see reindex.ts): each sort order and recent search this view holds is updated by
   * placing the changed rows only, and the row facts are copied for the unchanged rows.
   */
  after(index: readonly IndexedAsset[], delta: IndexDelta): ListView {
    const view = new ListView(index, this.#sites);
    const oldAt = new Int32Array(index.length).fill(-1);
    delta.keptAt.forEach((at, old) => {
      if (at !== -1) oldAt[at] = old;
    });
    for (const [orderKey, { order, compare }] of this.#orders) view.#orders.set(orderKey, { order: placeChanged(index, order, delta, compare), compare });
    if (this.#facts) view.#facts = carriedFacts(this.#facts, index, oldAt, this.#sites);
    view.#recent = this.#recent.flatMap((recent) => {
      const order = view.#orders.get(recent.orderKey)?.order;
      return order ? [{ ...recent, positions: carriedMatches(index, order, recent, delta, oldAt, this.#sites) }] : [];
    });
    return view;
  }

  /** The positions of all rows in the sort order (sorted once per index and order). */
  #order(orderKey: string, list: ListQuery): Int32Array {
    let sorted = this.#orders.get(orderKey);
    if (!sorted) {
      const compare = comparator(list.sort, list.descending, this.#sites);
      const rows = [...this.#index].sort(compare);
      sorted = { order: Int32Array.from(rows, (row) => row.position), compare };
      this.#orders.set(orderKey, sorted);
    }
    return sorted.order;
  }

  /** The positions of the rows matching every term, in the order; from a recent search's matches when one covers them. */
  #matches(orderKey: string, order: Int32Array, terms: string[]): Int32Array {
    const text = terms.join(' ');
    let from: Int32Array = order;
    for (const recent of this.#recent) {
      if (recent.orderKey !== orderKey) continue;
      if (recent.text === text) {
        this.#remember(recent);
        return recent.positions;
      }
      if (recent.positions.length < from.length && narrows(recent.terms, terms)) from = recent.positions;
    }
    const found = new Int32Array(from.length);
    let n = 0;
    const keys = this.#rowFacts().keys;
    for (let i = 0; i < from.length; i++) {
      const key = keys[from[i]];
      let all = true;
      for (const term of terms) {
        if (!key.includes(term)) {
          all = false;
          break;
        }
      }
      if (all) found[n++] = from[i];
    }
    const positions = found.slice(0, n);
    this.#remember({ orderKey, terms, text, positions });
    return positions;
  }

  #rowFacts(): RowFacts {
    return (this.#facts ??= carriedFacts(null, this.#index, null, this.#sites));
  }

  #remember(matches: SearchMatches): void {
    this.#recent = [matches, ...this.#recent.filter((m) => m !== matches)].slice(0, RECENT_SEARCHES);
  }

  /**
   * The rows passing the filters (filters of one group OR-ed, groups AND-ed), and per filter
   * id how many search matches picking it gives: those meeting every active group but its own.
   */
  #filterAndCount(positions: Int32Array, filters: readonly string[], cutoff: number): { rows: IndexedAsset[]; counts: Map<string, number> } {
    const facts = this.#rowFacts();
    // Each active group gets a bit (a handful: the index's filter groups); a code carries
    // the bit of the group it satisfies (`satisfies`) and the bit of the group it belongs
    // to (`ownBit`). A row is listed when its codes carry every bit, and counts for a code
    // when they carry every bit but, perhaps, the code's own group's.
    const groups = new Set(filters.map(groupOf));
    const known = new Set(facts.groups);
    // A group no row has (a remembered filter id of a kind no asset has) lists nothing,
    // and picking any chip on top of it lists nothing either.
    for (const group of groups) if (!known.has(group)) return { rows: [], counts: new Map() };
    const wanted = new Set(filters);
    const bitOf = new Map<string, number>();
    for (const group of groups) bitOf.set(group, 1 << bitOf.size);
    const satisfies = new Int32Array(facts.names.length);
    const ownBit = new Int32Array(facts.names.length);
    facts.names.forEach((name, code) => {
      const bit = bitOf.get(facts.groups[code]) ?? 0;
      ownBit[code] = bit;
      if (wanted.has(name)) satisfies[code] = bit;
    });
    const all = (1 << bitOf.size) - 1;
    const tally = new Int32Array(facts.names.length);
    const rows: IndexedAsset[] = [];
    const { offsets, codes, staleCode, noUpdate, updatedAt } = facts;
    const index = this.#index;
    for (let i = 0; i < positions.length; i++) {
      const position = positions[i];
      let met = 0;
      for (let k = offsets[position]; k < offsets[position + 1]; k++) met |= satisfies[codes[k]];
      const stale = isStaleAt(noUpdate[position] === 1 ? null : updatedAt[position], cutoff);
      if (stale) met |= satisfies[staleCode];
      if (met === all) rows.push(index[position]);
      // Fewer than two groups unmet: the row may still count for a chip of the unmet group.
      for (let k = offsets[position]; k < offsets[position + 1]; k++) {
        const code = codes[k];
        if ((met | ownBit[code]) === all) tally[code]++;
      }
      if (stale && (met | ownBit[staleCode]) === all) tally[staleCode]++;
    }
    const counts = new Map<string, number>();
    tally.forEach((count, code) => {
      if (count > 0) counts.set(facts.names[code], count);
    });
    return { rows, counts };
  }
}

/** The sort keys whose order reads the sites. */
const SITE_SORTS: ReadonlySet<string> = new Set(['site', 'siteSince']);

/** What the search looks in: the row's own key, the name of the site it is on and its note. */
function searchKeyOf(row: IndexedAsset, sites: SiteLayer): string {
  const extra = sites.searchTextOf(row);
  return extra ? `${row.searchKey}\u0000${extra}` : row.searchKey;
}

/**
 * The row facts of `index`; with `previous` and `oldAt` (new position → previous position,
 * -1 for a changed row), an unchanged row's filter codes are copied from the previous
 * facts instead of being looked up from its filter ids. Codes of filter ids no row has
 * any more stay (they count nothing and no row meets them, as an unknown id would not).
 */
function carriedFacts(previous: RowFacts | null, index: readonly IndexedAsset[], oldAt: Int32Array | null, sites: SiteLayer): RowFacts {
  const codeOf = new Map<string, number>(previous?.codeOf ?? [[STALE_FILTER, 0]]);
  const names = previous ? [...previous.names] : [STALE_FILTER];
  const offsets = new Int32Array(index.length + 1);
  const codes: number[] = [];
  const noUpdate = new Uint8Array(index.length);
  const updatedAt = new Float64Array(index.length);
  index.forEach((row, i) => {
    if (row.lastUpdateMs === null) noUpdate[i] = 1;
    else updatedAt[i] = row.lastUpdateMs;
    const old = oldAt ? oldAt[i] : -1;
    if (previous && old !== -1) {
      for (let k = previous.offsets[old]; k < previous.offsets[old + 1]; k++) codes.push(previous.codes[k]);
    } else {
      const siteId = sites.factOf(row).filterId;
      for (const id of siteId === null ? staticFilterIdsOf(row) : [...staticFilterIdsOf(row), siteId]) {
        let code = codeOf.get(id);
        if (code === undefined) {
          code = names.length;
          codeOf.set(id, code);
          names.push(id);
        }
        codes.push(code);
      }
    }
    offsets[i + 1] = codes.length;
  });
  const keys = index.map((row) => searchKeyOf(row, sites));
  return { codeOf, keys, names, groups: names.map(groupOf), offsets, codes: Int32Array.from(codes), staleCode: 0, noUpdate, updatedAt };
}

/**
 * A sort order of the previous index, for the new one: the unchanged rows in their order
 * (moved to their new places), with the changed rows sorted and merged in. Equal rows
 * keep the order of their places, as the whole (stable) sort gives them.
 */
function placeChanged(index: readonly IndexedAsset[], previousOrder: Int32Array, delta: IndexDelta, compare: (a: IndexedAsset, b: IndexedAsset) => number): Int32Array {
  const order = (a: number, b: number) => compare(index[a], index[b]) || a - b;
  const added = Int32Array.from(delta.fresh).sort(order);
  const merged = new Int32Array(index.length);
  let n = 0;
  let a = 0;
  for (let i = 0; i < previousOrder.length; i++) {
    const position = delta.keptAt[previousOrder[i]];
    if (position === -1) continue;
    while (a < added.length && order(added[a], position) < 0) merged[n++] = added[a++];
    merged[n++] = position;
  }
  while (a < added.length) merged[n++] = added[a++];
  return merged;
}

/** A recent search's matches in the new index: unchanged rows as they matched, changed rows tested anew, in the new order. */
function carriedMatches(index: readonly IndexedAsset[], order: Int32Array, recent: SearchMatches, delta: IndexDelta, oldAt: Int32Array, sites: SiteLayer): Int32Array {
  const matched = new Uint8Array(delta.previousLength);
  for (const position of recent.positions) matched[position] = 1;
  const found = new Int32Array(order.length);
  let n = 0;
  for (let i = 0; i < order.length; i++) {
    const position = order[i];
    const old = oldAt[position];
    const hit = old === -1 ? recent.terms.every((term) => searchKeyOf(index[position], sites).includes(term)) : matched[old] === 1;
    if (hit) found[n++] = position;
  }
  return found.slice(0, n);
}

/** Each id of an index and a slot per distinct id (an id listed twice shares one slot). */
class ListedSlots {
  readonly slotOf = new Map<string, number>();
  readonly slotAt: Int32Array;

  constructor(index: readonly IndexedAsset[]) {
    this.slotAt = new Int32Array(index.length);
    index.forEach((row, i) => {
      let slot = this.slotOf.get(row.asset.assetId);
      if (slot === undefined) {
        slot = this.slotOf.size;
        this.slotOf.set(row.asset.assetId, slot);
      }
      this.slotAt[i] = slot;
    });
  }
}

/** The ids of a list's rows, for `has` only; marks are made on the first question, not per keystroke. */
export class ListedIds {
  readonly #slots: ListedSlots;
  readonly #rows: readonly IndexedAsset[];
  #marks: Uint8Array | null = null;

  constructor(slots: ListedSlots, rows: readonly IndexedAsset[]) {
    this.#slots = slots;
    this.#rows = rows;
  }

  has(id: string): boolean {
    const slot = this.#slots.slotOf.get(id);
    if (slot === undefined) return false;
    if (!this.#marks) {
      const marks = new Uint8Array(this.#slots.slotOf.size);
      for (const row of this.#rows) marks[this.#slots.slotAt[row.position]] = 1;
      this.#marks = marks;
    }
    return this.#marks[slot] === 1;
  }
}
