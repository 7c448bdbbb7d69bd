import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseWorkspace, workspaceText } from '../../shared/workspace/format.js';
import { readHostConfig } from '../hostConfigs/hostConfigReader.js';
import { importConfig } from './importHost.js';

const fixture = (path: string) => fileURLToPath(new URL(`../hostConfigs/fixtures/${path}`, import.meta.url));

/** A fixture imported into an empty workspace: the servers, and the file's text as it would be written. */
function imported(path: string) {
  const file = fixture(path);
  const read = readHostConfig(readFileSync(file, 'utf8'), file);
  if ('error' in read) throw new Error(read.error);
  const { imported: servers } = importConfig(read.config, []);
  const text = workspaceText({ formatVersion: 1, servers: servers.map((one) => one.server) });
  return { servers, text, byName: Object.fromEntries(servers.map((one) => [one.server.name, one])) };
}

/** Every secret the fixtures hold, none of which may reach a workspace file. */
const SECRET = /fixtureSecret\d{4}|ghp_|sk-ant-/;

describe('import from a host config', () => {
  it('Claude Desktop (comments, trailing commas): the token becomes a reference, the path stays', () => {
    const { text, byName } = imported('claude-desktop/claude_desktop_config.json');
    expect(text).not.toMatch(SECRET);
    expect(byName.github?.server.env).toEqual({
      GITHUB_PERSONAL_ACCESS_TOKEN: '${env:GITHUB_PERSONAL_ACCESS_TOKEN}',
    });
    expect(byName.github?.notes).toContain(
      'env GITHUB_PERSONAL_ACCESS_TOKEN is ${env:GITHUB_PERSONAL_ACCESS_TOKEN}: set GITHUB_PERSONAL_ACCESS_TOKEN to its value',
    );
    expect(byName.memory?.server.env).toEqual({ MEMORY_FILE_PATH: '/tmp/memory.jsonl' });
    expect(byName.bare?.server).toEqual({ name: 'bare', command: '/usr/local/bin/my-server' });
    expect(parseWorkspace(text)).toHaveProperty('workspace');
  });

  it("Claude Code: the user's and a project's servers of one name are told apart", () => {
    const { servers, text, byName } = imported('claude-code/.claude.json');
    expect(text).not.toMatch(SECRET);
    expect(servers.map((one) => [one.from, one.server.name])).toEqual([
      ['everything', 'everything'],
      ['docs', 'docs'],
      ['everything@/home/ada/app', 'everything-app'],
      ['legacy@/home/ada/app', 'legacy'],
    ]);
    expect(byName['everything-app']?.notes).toContain('named "everything-app" ("everything" is taken)');
    expect(byName.docs?.server.headers).toEqual({ Authorization: 'Bearer ${env:DOCS_AUTHORIZATION}' });
    expect(byName.legacy?.server.transport).toBe('sse');
  });

  it("Claude Code's project file: its own ${VAR} placeholders become ours", () => {
    const { byName } = imported('claude-code-project/.mcp.json');
    expect(byName.api?.server.url).toBe('${env:API_BASE_URL}/mcp');
    expect(byName.api?.notes).toContain(
      '${API_BASE_URL:-https://api.example.com}: the default after ":-" is dropped; set API_BASE_URL for it',
    );
    expect(byName.api?.server.headers).toEqual({ Authorization: 'Bearer ${env:API_KEY}' });
    expect(byName.local?.server).toMatchObject({
      command: '${env:HOME}/bin/local-server',
      env: { CACHE_DIR: '${env:HOME}/.cache' },
    });
  });

  it('Cursor (tabs, comments): a token in the URL and a header value become references', () => {
    const { text, byName } = imported('cursor/.cursor/mcp.json');
    expect(text).not.toMatch(SECRET);
    expect(byName.search?.server).toMatchObject({
      url: 'https://search.example.com/mcp?token=${env:SEARCH_TOKEN}',
      headers: { 'X-Api-Key': '${env:SEARCH_X_API_KEY}' },
    });
    expect(byName.files?.server.args).toEqual([
      '-y',
      '@modelcontextprotocol/server-filesystem',
      '/home/ada/Documents',
    ]);
  });

  it('VS Code (CRLF, comments): ${input:…} values and the env token become references', () => {
    const { text, byName } = imported('vscode/.vscode/mcp.json');
    expect(text).not.toMatch(SECRET);
    expect(byName.weather?.server).toMatchObject({
      args: ['weather-mcp', '--api-key', '${env:API_KEY}'],
      env: { WEATHER_TOKEN: '${env:WEATHER_TOKEN}' },
    });
    expect(byName.weather?.notes).toContain(
      '${input:api-key} (a value the host prompts for) is ${env:API_KEY}',
    );
    expect(byName.remote?.server).toMatchObject({
      transport: 'streamable-http',
      headers: { Authorization: 'Bearer ${env:API_KEY}' },
    });
  });

  it("VS Code's settings.json and Windsurf's serverUrl", () => {
    expect(imported('vscode-user/User/settings.json').byName.fetch?.server).toEqual({
      name: 'fetch',
      command: 'uvx',
      args: ['mcp-server-fetch'],
    });
    const windsurf = imported('windsurf/mcp_config.json');
    expect(windsurf.text).not.toMatch(SECRET);
    expect(windsurf.byName.deepwiki?.server).toEqual({
      name: 'deepwiki',
      url: 'https://mcp.deepwiki.com/sse',
    });
    expect(windsurf.byName.git?.server.env).toEqual({ GIT_TOKEN: '${env:GIT_TOKEN}' });
  });
});
