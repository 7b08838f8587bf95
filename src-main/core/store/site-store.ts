/**
 * One profile's sites and the machines' last known presence, in its offline store (the
 * `sites` and `site_presence` tables). Sites belong to the profile whose store holds them,
 * so they are per branch and available offline. A row whose text was damaged is left out
 * when read, never the reason the others cannot be.
 */
import type Database from 'better-sqlite3';
import * as v from 'valibot';
import { SiteInputSchema, type Site } from '../../contract';
import type { SiteStore, StoredPresence } from '../ports';
import { storageError } from './database-file';

const StoredSiteSchema = v.object({
  ...SiteInputSchema.entries,
  id: SiteInputSchema.entries.id.wrapped,
  createdAt: v.pipe(v.number(), v.finite()),
  updatedAt: v.pipe(v.number(), v.finite()),
});

/** A stored site as the contract's Site, or null when its text does not hold one. */
export function readStoredSite(json: string): Site | null {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return null;
  }
  const parsed = v.safeParse(StoredSiteSchema, value);
  return parsed.success ? (parsed.output as Site) : null;
}

export class SqliteSiteStore implements SiteStore {
  private readonly statements;

  constructor(private readonly db: Database.Database) {
    this.statements = {
      list: db.prepare('SELECT json FROM sites ORDER BY rowid').pluck(),
      put: db.prepare('INSERT INTO sites (id, json) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET json = excluded.json'),
      remove: db.prepare('DELETE FROM sites WHERE id = ?'),
      presence: db.prepare('SELECT asset_id, site_id, since, since_at_least FROM site_presence').raw(),
      putPresence: db.prepare(
        `INSERT INTO site_presence (asset_id, site_id, since, since_at_least) VALUES (?, ?, ?, ?)
         ON CONFLICT (asset_id) DO UPDATE SET site_id = excluded.site_id, since = excluded.since, since_at_least = excluded.since_at_least`,
      ),
      removePresence: db.prepare('DELETE FROM site_presence WHERE asset_id = ?'),
    };
  }

  list(): Site[] {
    return this.guard('read the sites', () => {
      const sites: Site[] = [];
      for (const json of this.statements.list.all() as string[]) {
        const site = readStoredSite(json);
        if (site) sites.push(site);
      }
      return sites;
    });
  }

  change(change: { put: readonly Site[]; remove: readonly string[] }): void {
    this.guard('save the sites', () =>
      this.db.transaction(() => {
        for (const id of change.remove) this.statements.remove.run(id);
        for (const site of change.put) this.statements.put.run(site.id, JSON.stringify(site));
      })(),
    );
  }

  presence(): Map<string, StoredPresence> {
    return this.guard('read where the machines were', () => {
      const entries = new Map<string, StoredPresence>();
      for (const [assetId, siteId, since, atLeast] of this.statements.presence.all() as [string, string | null, number | null, number][]) {
        entries.set(assetId, { siteId, since: typeof since === 'number' ? since : null, sinceAtLeast: atLeast !== 0 });
      }
      return entries;
    });
  }

  savePresence(entries: Iterable<readonly [string, StoredPresence | null]>): void {
    this.guard('save where the machines are', () =>
      this.db.transaction(() => {
        for (const [assetId, entry] of entries) {
          if (entry) this.statements.putPresence.run(assetId, entry.siteId, entry.since, entry.sinceAtLeast ? 1 : 0);
          else this.statements.removePresence.run(assetId);
        }
      })(),
    );
  }

  private guard<T>(action: string, work: () => T): T {
    try {
      return work();
    } catch (err) {
      throw storageError(`Could not ${action} in the offline store`, err);
    }
  }
}
