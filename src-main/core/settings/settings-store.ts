import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as v from 'valibot';
import type { Settings } from '../../contract';
import { FleetError } from '../errors';
import { DEFAULT_SETTINGS, SettingsSchema } from '../../contract';
import { settingsFromFile } from './settings-schema';

export const SETTINGS_FILE = 'settings.json';

export interface SettingsStoreOptions {
  /** Defaults to fill in before the file is read (the composition root sets the demo tile URL). */
  defaults?: Partial<Settings>;
  now?: () => Date;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The user's settings, kept as JSON in `userDataDir/settings.json`. */
export class SettingsStore {
  readonly file: string;
  /** Set when the file could not be used as it was (for the status bar). */
  notice: string | null = null;
  private current: Settings;
  private readonly now: () => Date;

  constructor(
    private readonly userDataDir: string,
    options: SettingsStoreOptions = {},
  ) {
    this.file = join(userDataDir, SETTINGS_FILE);
    this.now = options.now ?? (() => new Date());
    const defaults: Settings = { ...DEFAULT_SETTINGS, ...options.defaults, list: { ...DEFAULT_SETTINGS.list, ...options.defaults?.list } };
    this.current = this.load(defaults);
  }

  get(): Settings {
    return structuredClone(this.current);
  }

  /** Validates a change, saves it and returns the new settings. Throws 'invalid-argument' with a clear message. */
  update(partial: unknown): Settings {
    if (!isRecord(partial)) throw new FleetError('invalid-argument', 'Settings must be an object');
    const merged: Record<string, unknown> = { ...this.current, ...partial };
    // A partial list state changes only the fields given.
    if (isRecord(partial.list)) merged.list = { ...this.current.list, ...partial.list };
    const result = v.safeParse(SettingsSchema, merged, { abortEarly: true });
    if (!result.success) {
      const issue = result.issues[0];
      const path = v.getDotPath(issue);
      throw new FleetError('invalid-argument', issue.message, path ? { path } : {});
    }
    this.save(result.output);
    this.current = result.output;
    return this.get();
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
    const { settings, notice } = settingsFromFile(json, defaults);
    this.notice = notice;
    return settings;
  }

  private save(settings: Settings): void {
    const tmp = `${this.file}.${process.pid}.tmp`;
    try {
      mkdirSync(this.userDataDir, { recursive: true });
      writeFileSync(tmp, `${JSON.stringify(settings, null, 2)}\n`, { encoding: 'utf8', mode: 0o600 });
      renameSync(tmp, this.file);
    } catch (err) {
      throw new FleetError('storage', `Settings could not be saved: ${(err as Error).message}`, { cause: err });
    }
  }
}
