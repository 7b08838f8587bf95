import type { Settings } from '../../contract';
import type { HandlerGroup } from '../ports';
import type { SettingsStore } from '../settings/settings-store';

export type SettingsChannels = 'settings:get' | 'settings:set';

/**
 * `onChange` runs after a change was validated and saved: it announces the settings (the
 * 'settings' event every page follows) and lets the scheduler pick up a new interval, ….
 * `settings:set` answers nothing, so the event is the one copy of the new settings.
 */
export function createSettingsHandlers(settings: SettingsStore, onChange: (next: Settings, previous: Settings) => void = () => undefined): HandlerGroup<SettingsChannels> {
  return {
    'settings:get': async () => settings.get(),
    'settings:set': async (partial) => {
      const previous = settings.get();
      const next = settings.update(partial);
      onChange(next, previous);
    },
  };
}
