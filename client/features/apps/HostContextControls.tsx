import { useSyncExternalStore } from 'react';
import type { McpUiDisplayMode } from '@modelcontextprotocol/ext-apps/app-bridge';
import { DISPLAY_MODES, LOCALES, SIZE_PRESETS, hostSettings, type SizePreset } from './hostContext';

interface HostContextControlsProps {
  displayMode: McpUiDisplayMode;
  onDisplayMode: (mode: McpUiDisplayMode) => void;
}

export const MODE_LABELS: Record<McpUiDisplayMode, string> = {
  inline: 'Inline',
  fullscreen: 'Fullscreen',
  pip: 'Picture-in-picture',
};

/** The host context the person controls: each change reaches the app as host-context-changed. */
export function HostContextControls({ displayMode, onDisplayMode }: HostContextControlsProps) {
  const settings = useSyncExternalStore(hostSettings.subscribe, hostSettings.getSnapshot);
  const locales = LOCALES.includes(settings.locale as (typeof LOCALES)[number])
    ? LOCALES
    : [settings.locale, ...LOCALES];
  return (
    <div className="app-controls" role="group" aria-label="Host context">
      <label>
        Theme
        <select
          value={settings.theme}
          onChange={(event) =>
            hostSettings.update({ theme: event.target.value === 'dark' ? 'dark' : 'light' })
          }
        >
          <option value="light">Light</option>
          <option value="dark">Dark</option>
        </select>
      </label>
      <label>
        Display
        <select
          value={displayMode}
          onChange={(event) => onDisplayMode(event.target.value as McpUiDisplayMode)}
        >
          {DISPLAY_MODES.map((mode) => (
            <option key={mode} value={mode}>
              {MODE_LABELS[mode]}
            </option>
          ))}
        </select>
      </label>
      <label>
        Locale
        <select
          value={settings.locale}
          onChange={(event) => hostSettings.update({ locale: event.target.value })}
        >
          {locales.map((locale) => (
            <option key={locale} value={locale}>
              {locale}
            </option>
          ))}
        </select>
      </label>
      <label>
        Size
        <select
          value={settings.size}
          onChange={(event) => hostSettings.update({ size: event.target.value as SizePreset })}
        >
          {SIZE_PRESETS.map((preset) => (
            <option key={preset.key} value={preset.key}>
              {preset.label}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
