import type { Tool } from '@modelcontextprotocol/client';
import type {
  McpUiDisplayMode,
  McpUiHostContext,
  McpUiStyleVariableKey,
  McpUiTheme,
} from '@modelcontextprotocol/ext-apps/app-bridge';

/** Widths people design for; "fill" gives the app the whole result area. */
export const SIZE_PRESETS = [
  { key: 'fill', label: 'Fill the area', width: undefined, mobile: false },
  { key: 'phone', label: 'Phone · 375 px', width: 375, mobile: true },
  { key: 'tablet', label: 'Tablet · 768 px', width: 768, mobile: true },
  { key: 'desktop', label: 'Desktop · 1280 px', width: 1280, mobile: false },
] as const;
export type SizePreset = (typeof SIZE_PRESETS)[number]['key'];

export const LOCALES = ['en-US', 'en-GB', 'fr-FR', 'de-DE', 'ja-JP', 'ar-EG'] as const;

export const DISPLAY_MODES: readonly McpUiDisplayMode[] = ['inline', 'fullscreen', 'pip'];

/** What the person chose for the apps they look at; shared by every app view, kept per browser. */
export interface HostSettings {
  theme: McpUiTheme;
  locale: string;
  size: SizePreset;
}

/** The tallest an inline app may grow before it scrolls inside its frame. */
export const INLINE_MAX_HEIGHT = 900;
/** A picture-in-picture app floats at this size. */
export const PIP_SIZE = { width: 360, height: 300 };

/**
 * Style variables from the spec's standard set, with light-dark() values so the app's
 * color-scheme (which follows the theme) picks the right one.
 */
const STYLE_VARIABLES: Partial<Record<McpUiStyleVariableKey, string>> = {
  '--color-background-primary': 'light-dark(#ffffff, #0f141b)',
  '--color-background-secondary': 'light-dark(#f3f4f6, #151c25)',
  '--color-text-primary': 'light-dark(#111827, #dce3ec)',
  '--color-text-secondary': 'light-dark(#4b5563, #8b98a9)',
  '--color-border-primary': 'light-dark(#d1d5db, #273243)',
  '--color-ring-primary': 'light-dark(#0369a1, #38bdf8)',
  '--font-sans': "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  '--font-mono': "ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace",
  '--border-radius-md': '8px',
};

export interface ContextInputs {
  settings: HostSettings;
  displayMode: McpUiDisplayMode;
  /** The width the app's frame gets inline with "fill", measured from the page. */
  areaWidth: number;
  tool: Tool;
  /** Fullscreen: the window the frame covers. */
  viewport: { width: number; height: number };
}

/** The host context an app receives in ui/initialize and, changed, in host-context-changed. */
export function buildHostContext(inputs: ContextInputs): McpUiHostContext {
  const { settings, displayMode, tool } = inputs;
  const preset = SIZE_PRESETS.find((candidate) => candidate.key === settings.size) ?? SIZE_PRESETS[0];
  return {
    toolInfo: { tool },
    theme: settings.theme,
    styles: { variables: STYLE_VARIABLES as Record<McpUiStyleVariableKey, string> },
    displayMode,
    availableDisplayModes: [...DISPLAY_MODES],
    containerDimensions: containerDimensions(inputs, preset.width),
    locale: settings.locale,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    userAgent: `mcp-inspect/${__APP_VERSION__}`,
    platform: preset.mobile ? 'mobile' : 'web',
    deviceCapabilities: { touch: preset.mobile, hover: !preset.mobile },
  };
}

/**
 * Fixed width everywhere (the frame has the width the person chose), flexible height inline
 * (the app reports its height and the frame follows, up to a limit), fixed size in fullscreen
 * and picture-in-picture.
 */
function containerDimensions(
  { displayMode, areaWidth, viewport }: ContextInputs,
  presetWidth: number | undefined,
): McpUiHostContext['containerDimensions'] {
  if (displayMode === 'fullscreen') return { width: viewport.width, height: viewport.height };
  if (displayMode === 'pip') return { ...PIP_SIZE };
  return { width: presetWidth ?? Math.max(200, Math.round(areaWidth)), maxHeight: INLINE_MAX_HEIGHT };
}

/** The frame's width inline: the preset's, or the area's. */
export function frameWidth(settings: HostSettings): number | undefined {
  return SIZE_PRESETS.find((candidate) => candidate.key === settings.size)?.width;
}

const STORAGE_KEY = 'mcp-inspect.appHostSettings';

function loadSettings(): HostSettings {
  const fallback: HostSettings = { theme: 'light', locale: navigator.language || 'en-US', size: 'fill' };
  try {
    const saved = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as Partial<HostSettings> | null;
    return {
      theme: saved?.theme === 'dark' || saved?.theme === 'light' ? saved.theme : fallback.theme,
      locale: typeof saved?.locale === 'string' && saved.locale ? saved.locale : fallback.locale,
      size: SIZE_PRESETS.some((preset) => preset.key === saved?.size)
        ? (saved?.size as SizePreset)
        : fallback.size,
    };
  } catch {
    return fallback;
  }
}

/** A small store React reads with useSyncExternalStore: one set of choices for every app view. */
class HostSettingsStore {
  private value: HostSettings | undefined;
  private listeners = new Set<() => void>();

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): HostSettings => {
    this.value ??= loadSettings();
    return this.value;
  };

  update(patch: Partial<HostSettings>): void {
    this.value = { ...this.getSnapshot(), ...patch };
    localStorage.setItem(STORAGE_KEY, JSON.stringify(this.value));
    for (const listener of this.listeners) listener();
  }
}

export const hostSettings = new HostSettingsStore();
