import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as v from 'valibot';
import type { BranchSettings, Settings } from '../../contract';
import { FleetError } from '../errors';
import { BRANCH_SETTINGS, DEFAULT_SETTINGS, SettingsSchema } from '../../contract';
import { BRANCHES_FIELD, settingsFromFile } from './settings-schema';

export const SETTINGS_FILE = 'settings.json';

export interface SettingsStoreOptions {
  /** Defaults to fill in before the file is read (the composition root sets the demo tile URL). */
  defaults?: Partial<Settings>;
  now?: () => Date;
  /**
   * The active profile (branch): the list and tile settings read and changed are its own
   * (BRANCH_SETTINGS). Without it every setting is shared.
   */
  activeProfile?: () => string | null;
}

/** Whether a change is the active branch's own, or of the values every branch starts from. */
export type SettingsScope = 'active-branch' | 'shared';

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * The user's settings, kept as JSON in `userDataDir/settings.json`: the shared values at
 * the top, and under `branches` the values each branch set for itself.
 */
export class SettingsStore {
  readonly file: string;
  /** Set when the file could not be used as it was (for the status bar). */
  notice: string | null = null;
  /** The values every branch starts from. */
  private shared: Settings;
  private branches: Record<string, BranchSettings> = {};
  private readonly now: () => Date;
  private readonly activeProfile: () => string | null;

  constructor(
    private readonly userDataDir: string,
    options: SettingsStoreOptions = {},
  ) {
    this.file = join(userDataDir, SETTINGS_FILE);
    this.now = options.now ?? (() => new Date());
    this.activeProfile = options.activeProfile ?? (() => null);
    const defaults: Settings = { ...DEFAULT_SETTINGS, ...options.defaults, list: { ...DEFAULT_SETTINGS.list, ...options.defaults?.list } };
    this.shared = this.load(defaults);
  }

  /** The settings as the active branch sees them: the shared ones with the branch's own over them. */
  get(): Settings {
    return structuredClone(this.effective(this.activeProfile()));
  }

  private effective(profileId: string | null): Settings {
    const own = profileId === null ? undefined : this.branches[profileId];
    return own ? { ...this.shared, ...own } : this.shared;
  }

  /**
   * Validates a change, saves it and returns the new settings. Throws 'invalid-argument' with
   * a clear message. The list and tile settings go to the active branch only, unless the
   * change is to the `shared` values.
   */
  update(partial: unknown, scope: SettingsScope = 'active-branch'): Settings {
    if (!isRecord(partial)) throw new FleetError('invalid-argument', 'Settings must be an object');
    const profileId = scope === 'shared' ? null : this.activeProfile();
    const current = this.effective(profileId);
    const merged: Record<string, unknown> = { ...current, ...partial };
    // A partial list state changes only the fields given.
    if (isRecord(partial.list)) merged.list = { ...current.list, ...partial.list };
    const result = v.safeParse(SettingsSchema, merged, { abortEarly: true });
    if (!result.success) {
      const issue = result.issues[0];
      const path = v.getDotPath(issue);
      throw new FleetError('invalid-argument', issue.message, path ? { path } : {});
    }
    const next = result.output;
    let shared: Settings = { ...this.shared };
    let branches = this.branches;
    if (profileId === null) {
      shared = next;
    } else {
      const own: Record<string, unknown> = { ...this.branches[profileId] };
      for (const key of Object.keys(next) as (keyof Settings)[]) {
        // Only what the branch changed is its own; the rest keeps following the shared values.
        if ((BRANCH_SETTINGS as readonly string[]).includes(key)) {
          if (key in partial) own[key] = next[key];
        } else {
          (shared as Record<string, unknown>)[key] = next[key];
        }
      }
      branches = { ...this.branches, [profileId]: own as BranchSettings };
    }
    this.save(shared, branches);
    this.shared = shared;
    this.branches = branches;
    return this.get();
  }

  /** Forgets a removed branch's own values. */
  forgetBranch(profileId: string): void {
    if (!(profileId in this.branches)) return;
    const { [profileId]: _gone, ...rest } = this.branches;
    this.save(this.shared, rest);
    this.branches = rest;
  }

  private load(defaults: Settings): Settings {
    if (!existsSync(this.file)) return defaults;
    let json: unknown;
    try {
      json = JSON.parse(readFileSync(this.file, 'utf8'));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code && !(err instanceof SyntaxError)) {
        this.notice = `Settings could not be read (${(err as NodeJS.ErrnoException).code}); defaults are used for now`;
        return defaults;
      }
      json = undefined;
    }
    if (!isRecord(json)) {
      const aside = `${this.file}.corrupt-${this.now().toISOString().replace(/[:.]/g, '-')}`;
      try {
        renameSync(this.file, aside);
        this.notice = `The settings file was damaged and has been moved aside (${aside}); default settings are used`;
      } catch {
        this.notice = 'The settings file is damaged; default settings are used';
      }
      return defaults;
    }
    const { settings, branches, notice } = settingsFromFile(json, defaults);
    this.notice = notice;
    this.branches = branches;
    return settings;
  }

  private save(settings: Settings, branches: Record<string, BranchSettings>): void {
    const tmp = `${this.file}.${process.pid}.tmp`;
    try {
      mkdirSync(this.userDataDir, { recursive: true });
      writeFileSync(tmp, `${JSON.stringify({ ...settings, [BRANCHES_FIELD]: branches }, null, 2)}\n`, { encoding: 'utf8', mode: 0o600 });
      renameSync(tmp, this.file);
    } catch (err) {
      throw new FleetError('storage', `Settings could not be saved: ${(err as Error).message}`, { cause: err });
    }
  }
}
