import path from 'node:path';

/** The hosts whose MCP config files wrap and unwrap know. */
export type HostId = 'claude-desktop' | 'claude-code' | 'cursor' | 'vscode' | 'windsurf';

/** Where a host keeps its servers in its file. */
export type ConfigForm =
  /** `{"mcpServers": {name: entry}}`: Claude Desktop, Cursor, Windsurf, a project's .mcp.json. */
  | 'mcpServers'
  /** ~/.claude.json: `mcpServers` at the top and under `projects.<path>.mcpServers`. */
  | 'claude-code'
  /** VS Code's mcp.json: `{"servers": {…}, "inputs": […]}`. */
  | 'servers'
  /** VS Code's user settings.json: `{"mcp": {"servers": {…}}}`. */
  | 'settings';

export type OsFamily = 'darwin' | 'linux' | 'win32';

/** What the default paths are worked out from: the OS, its folders and variables. */
export interface PlaceContext {
  os: OsFamily;
  home: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
}

interface Shorthand {
  name: string;
  host: HostId;
  what: string;
  /** The path on each OS, as the help shows it (~ and %VARIABLES% left for the reader). */
  shown: Record<OsFamily, string>;
  resolve(place: PlaceContext): string;
}

const joinFor = (os: OsFamily) => (os === 'win32' ? path.win32.join : path.posix.join);

/** `%APPDATA%` on Windows, `~/Library/Application Support` on macOS, `$XDG_CONFIG_HOME` or ~/.config. */
function userConfigDir(place: PlaceContext): string {
  const join = joinFor(place.os);
  if (place.os === 'win32') return place.env.APPDATA ?? join(place.home, 'AppData', 'Roaming');
  if (place.os === 'darwin') return join(place.home, 'Library', 'Application Support');
  return place.env.XDG_CONFIG_HOME || join(place.home, '.config');
}

/**
 * `--config <shorthand>`: each host's default file on this OS. Claude Code reads its user file from
 * `$CLAUDE_CONFIG_DIR` when set; Cursor, Windsurf and Claude Code keep theirs in the home folder on
 * every OS. The project files (.mcp.json, .cursor/mcp.json, .vscode/mcp.json) are the current
 * folder's.
 */
export const SHORTHANDS: readonly Shorthand[] = [
  {
    name: 'claude-desktop',
    host: 'claude-desktop',
    what: 'Claude Desktop',
    shown: {
      darwin: '~/Library/Application Support/Claude/claude_desktop_config.json',
      linux: '~/.config/Claude/claude_desktop_config.json',
      win32: '%APPDATA%\\Claude\\claude_desktop_config.json',
    },
    resolve: (place) => joinFor(place.os)(userConfigDir(place), 'Claude', 'claude_desktop_config.json'),
  },
  {
    name: 'claude-code',
    host: 'claude-code',
    what: 'Claude Code, user and per-project servers',
    shown: { darwin: '~/.claude.json', linux: '~/.claude.json', win32: '%USERPROFILE%\\.claude.json' },
    resolve: (place) => joinFor(place.os)(place.env.CLAUDE_CONFIG_DIR || place.home, '.claude.json'),
  },
  {
    name: 'claude-code-project',
    host: 'claude-code',
    what: "Claude Code, this project's shared servers",
    shown: { darwin: './.mcp.json', linux: './.mcp.json', win32: '.\\.mcp.json' },
    resolve: (place) => joinFor(place.os)(place.cwd, '.mcp.json'),
  },
  {
    name: 'cursor',
    host: 'cursor',
    what: 'Cursor, global',
    shown: {
      darwin: '~/.cursor/mcp.json',
      linux: '~/.cursor/mcp.json',
      win32: '%USERPROFILE%\\.cursor\\mcp.json',
    },
    resolve: (place) => joinFor(place.os)(place.home, '.cursor', 'mcp.json'),
  },
  {
    name: 'cursor-project',
    host: 'cursor',
    what: 'Cursor, this project',
    shown: { darwin: './.cursor/mcp.json', linux: './.cursor/mcp.json', win32: '.\\.cursor\\mcp.json' },
    resolve: (place) => joinFor(place.os)(place.cwd, '.cursor', 'mcp.json'),
  },
  {
    name: 'vscode',
    host: 'vscode',
    what: 'VS Code, user',
    shown: {
      darwin: '~/Library/Application Support/Code/User/mcp.json',
      linux: '~/.config/Code/User/mcp.json',
      win32: '%APPDATA%\\Code\\User\\mcp.json',
    },
    resolve: (place) => joinFor(place.os)(userConfigDir(place), 'Code', 'User', 'mcp.json'),
  },
  {
    name: 'vscode-workspace',
    host: 'vscode',
    what: 'VS Code, this workspace',
    shown: { darwin: './.vscode/mcp.json', linux: './.vscode/mcp.json', win32: '.\\.vscode\\mcp.json' },
    resolve: (place) => joinFor(place.os)(place.cwd, '.vscode', 'mcp.json'),
  },
  {
    name: 'vscode-settings',
    host: 'vscode',
    what: 'VS Code, user settings.json ("mcp": {"servers": …}, the older place)',
    shown: {
      darwin: '~/Library/Application Support/Code/User/settings.json',
      linux: '~/.config/Code/User/settings.json',
      win32: '%APPDATA%\\Code\\User\\settings.json',
    },
    resolve: (place) => joinFor(place.os)(userConfigDir(place), 'Code', 'User', 'settings.json'),
  },
  {
    name: 'windsurf',
    host: 'windsurf',
    what: 'Windsurf',
    shown: {
      darwin: '~/.codeium/windsurf/mcp_config.json',
      linux: '~/.codeium/windsurf/mcp_config.json',
      win32: '%USERPROFILE%\\.codeium\\windsurf\\mcp_config.json',
    },
    resolve: (place) => joinFor(place.os)(place.home, '.codeium', 'windsurf', 'mcp_config.json'),
  },
];

/** This machine, as the shorthands read it. */
export function currentPlace(): PlaceContext {
  const os: OsFamily =
    process.platform === 'win32' ? 'win32' : process.platform === 'darwin' ? 'darwin' : 'linux';
  return {
    os,
    home: process.env.HOME || process.env.USERPROFILE || '',
    cwd: process.cwd(),
    env: process.env,
  };
}

/** `--config`'s value as a path: a shorthand's default file, or the path as given (absolute). */
export function resolveConfigPath(given: string, place: PlaceContext = currentPlace()): string {
  const shorthand = SHORTHANDS.find((entry) => entry.name === given);
  if (shorthand) return shorthand.resolve(place);
  return path.resolve(place.cwd, given);
}

/**
 * Which host a file is, and in which form, from its name and folder first (each host names its
 * file its own way), then from what it holds.
 */
export function detectHost(filePath: string, value: unknown): { host: HostId | undefined; form: ConfigForm } {
  const base = path.basename(filePath).toLowerCase();
  const parent = path.basename(path.dirname(filePath)).toLowerCase();
  const object = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  if (base === 'claude_desktop_config.json') return { host: 'claude-desktop', form: 'mcpServers' };
  if (base === '.claude.json') return { host: 'claude-code', form: 'claude-code' };
  if (base === '.mcp.json') return { host: 'claude-code', form: 'mcpServers' };
  if (base === 'mcp_config.json') return { host: 'windsurf', form: 'mcpServers' };
  if (base === 'settings.json' && (parent === 'user' || 'mcp' in object))
    return { host: 'vscode', form: 'settings' };
  if (base === 'mcp.json' && parent === '.cursor') return { host: 'cursor', form: 'mcpServers' };
  if (base === 'mcp.json' && (parent === '.vscode' || parent === 'user') && !('mcpServers' in object))
    return { host: 'vscode', form: 'servers' };
  if ('mcpServers' in object && 'projects' in object) return { host: 'claude-code', form: 'claude-code' };
  if ('mcpServers' in object) return { host: undefined, form: 'mcpServers' };
  if ('servers' in object) return { host: 'vscode', form: 'servers' };
  if ('mcp' in object) return { host: 'vscode', form: 'settings' };
  return { host: undefined, form: 'mcpServers' };
}

/** The table --help prints: each shorthand, the host, and its file on macOS, Linux and Windows. */
export function locationsHelp(): string {
  const lines = ['Config files (--config <shorthand> stands for the file on this OS):'];
  for (const entry of SHORTHANDS) {
    lines.push(`  ${entry.name.padEnd(20)} ${entry.what}`);
    lines.push(`  ${''.padEnd(20)}   macOS:   ${entry.shown.darwin}`);
    lines.push(`  ${''.padEnd(20)}   Linux:   ${entry.shown.linux}`);
    lines.push(`  ${''.padEnd(20)}   Windows: ${entry.shown.win32}`);
  }
  return lines.join('\n');
}
