import { afterAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TargetOptions } from '../session/targetOptions.js';
import { workspaceTarget } from './workspaceTarget.js';

const scratch = mkdtempSync(join(tmpdir(), 'mcp-inspect-workspace-target-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const project = join(scratch, 'project');
mkdirSync(project);
const file = join(project, 'mcp-inspect.workspace.json');
writeFileSync(
  file,
  JSON.stringify({
    formatVersion: 1,
    servers: [
      {
        name: 'local',
        command: 'node',
        args: ['build/index.js'],
        cwd: 'server',
        env: { MODE: 'dev', KEY: '${env:WS_KEY}' },
        era: 'legacy',
      },
      {
        name: 'remote',
        url: 'https://${env:WS_HOST}/mcp',
        headers: { Authorization: 'Bearer ${env:WS_KEY}' },
        transport: 'sse',
      },
    ],
  }),
);

const none: TargetOptions = { header: [], env: [] };
const trusted = { trustFile: true, allowEnv: [] };

describe('--server NAME from the workspace', () => {
  it('a command: its folder taken from the file, its references filled, the command line on top', () => {
    const target = workspaceTarget('local', file, { ...none, env: ['EXTRA=1'] }, trusted, { WS_KEY: 'k3y' });
    expect(target).toEqual({
      options: {
        header: [],
        env: ['MODE=dev', 'KEY=k3y', 'EXTRA=1'],
        cwd: join(project, 'server'),
        era: 'legacy',
      },
      command: 'node',
      args: ['build/index.js'],
      serverLine: `the server "local" of ${file}: node build/index.js (in ${join(project, 'server')})`,
    });
  });

  it('a URL: headers and the URL filled; --era on the command line wins over the entry', () => {
    const target = workspaceTarget(
      'remote',
      file,
      { ...none, era: 'modern' },
      { trustFile: false, allowEnv: ['WS_KEY', 'WS_HOST'] },
      {
        WS_KEY: 'k3y',
        WS_HOST: 'mcp.example.com',
      },
    );
    expect(target).toMatchObject({
      options: {
        url: 'https://mcp.example.com/mcp',
        transport: 'sse',
        header: ['Authorization: Bearer k3y'],
        era: 'modern',
      },
      args: [],
    });
    // The line said before it starts holds the reference, never the value.
    expect('serverLine' in target && target.serverLine).toBe(
      `the server "remote" of ${file}: https://\${env:WS_HOST}/mcp`,
    );
  });

  it('asks for no variable it is not given, and names what is missing', () => {
    expect(workspaceTarget('remote', file, none, { trustFile: false, allowEnv: ['WS_KEY'] }, {})).toEqual({
      error: `"remote" in ${file} asks for the environment variable WS_HOST: a workspace file runs with your environment only if you trust it, so add --trust-file, or --allow-env NAME for each variable to give`,
    });
    expect(workspaceTarget('local', file, none, trusted, {})).toEqual({
      error: `"local" in ${file}: \${env:WS_KEY}: the environment variable WS_KEY is not set`,
    });
  });

  it('no file, or no such server: said with what there is', () => {
    expect(workspaceTarget('x', join(scratch, 'none.json'), none, trusted, {})).toMatchObject({
      error: expect.stringContaining('no workspace file'),
    });
    expect(workspaceTarget('x', file, none, trusted, {})).toEqual({
      error: `no server named "x" in ${file}; it has: local, remote`,
    });
  });
});
