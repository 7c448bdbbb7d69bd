import { afterAll, describe, expect, it } from 'vitest';
import {
  chmodSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { applyEdits, createScanner, modify, type JSONPath } from 'jsonc-parser';
import { readHostConfig, type HostServer } from './hostConfigReader.js';
import type { PlaceContext } from './hostLocations.js';
import { launcherFor } from './proxyEntry.js';
import { unwrapFile, wrapFile, WrapRefusal, type FileRequest } from './wrapFile.js';
import { recordPath } from './wrapRecords.js';

// wrap and unwrap on a copy of each host's config format (fixtures/), as a person's file would be:
// comments, trailing commas, odd indents, CRLF, a BOM, secrets in env and headers.

const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'mcp-inspect-wrap-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const NODE = '/usr/bin/node';
const CLI = '/opt/mcp-inspect/dist/server/cli.js';
const launcher = launcherFor(CLI, NODE);

interface Fixture {
  dir: string;
  file: string;
  host: string | undefined;
  form: string;
  ids: string[];
  /** The entries --all wraps, when not all of them. */
  wrapped?: string[];
  /** Where a host adds a server, for the "edited since" tests. */
  container: JSONPath;
}

const HOSTS: Fixture[] = [
  {
    dir: 'claude-desktop',
    file: 'claude_desktop_config.json',
    host: 'claude-desktop',
    form: 'mcpServers',
    ids: ['github', 'memory', 'bare'],
    container: ['mcpServers'],
  },
  {
    dir: 'claude-code',
    file: '.claude.json',
    host: 'claude-code',
    form: 'claude-code',
    ids: ['everything', 'docs', 'everything@/home/ada/app', 'legacy@/home/ada/app'],
    container: ['projects', '/home/ada/app', 'mcpServers'],
  },
  {
    dir: 'claude-code-project',
    file: '.mcp.json',
    host: 'claude-code',
    form: 'mcpServers',
    ids: ['api', 'local'],
    /** `api`'s URL is `${API_BASE_URL:-…}/mcp`: the host's to expand, so it is never wrapped. */
    wrapped: ['local'],
    container: ['mcpServers'],
  },
  {
    dir: 'cursor',
    file: '.cursor/mcp.json',
    host: 'cursor',
    form: 'mcpServers',
    ids: ['search', 'files'],
    container: ['mcpServers'],
  },
  {
    dir: 'vscode',
    file: '.vscode/mcp.json',
    host: 'vscode',
    form: 'servers',
    ids: ['weather', 'remote'],
    container: ['servers'],
  },
  {
    dir: 'vscode-user',
    file: 'User/settings.json',
    host: 'vscode',
    form: 'settings',
    ids: ['fetch'],
    container: ['mcp', 'servers'],
  },
  {
    dir: 'windsurf',
    file: 'mcp_config.json',
    host: 'windsurf',
    form: 'mcpServers',
    ids: ['deepwiki', 'git'],
    container: ['mcpServers'],
  },
];

let copies = 0;

/** A fresh copy of a fixture, with a state folder of its own. */
function copyOf(fixture: Fixture): { file: string; place: PlaceContext; original: Buffer } {
  const root = join(scratch, `${fixture.dir}-${++copies}`);
  cpSync(join(FIXTURES, fixture.dir), root, { recursive: true });
  const file = join(root, fixture.file);
  const place: PlaceContext = {
    os: 'linux',
    home: root,
    cwd: root,
    env: { MCP_INSPECT_STATE_DIR: join(root, 'state') },
  };
  return { file, place, original: readFileSync(file) };
}

function request(file: string, place: PlaceContext, more: Partial<FileRequest> = {}): FileRequest {
  return { config: file, servers: [], all: true, dryRun: false, place, ...more };
}

function textOf(bytes: Buffer): string {
  return bytes.toString('utf8').replace(/^\ufeff/, '');
}

function serversOf(file: string): HostServer[] {
  const read = readHostConfig(textOf(readFileSync(file)), file);
  if ('error' in read) throw new Error(read.error);
  return read.config.servers;
}

/** jsonc-parser's SyntaxKind, a const enum that this build's module settings cannot read. */
const TOKEN = { lineComment: 12, blockComment: 13, end: 17 } as const;

function commentsOf(text: string): string[] {
  const scanner = createScanner(text, false);
  const comments: string[] = [];
  for (let kind: number = scanner.scan(); kind !== TOKEN.end; kind = scanner.scan()) {
    if (kind === TOKEN.lineComment || kind === TOKEN.blockComment) comments.push(scanner.getTokenValue());
  }
  return comments;
}

/** How a host adds a server of its own: jsonc-parser's modify, as VS Code does it. */
function hostAddsServer(text: string, container: JSONPath): string {
  const edits = modify(
    text,
    [...container, 'added-by-host'],
    { command: 'added', args: ['--flag'] },
    { formattingOptions: { insertSpaces: true, tabSize: 2, eol: '\n' } },
  );
  return `// a line the person added\n${applyEdits(text, edits)}`;
}

describe.each(HOSTS)('$dir ($file)', (fixture) => {
  it('is read as the host wrote it: each server, its kind, and the form of the file', () => {
    const { file, original } = copyOf(fixture);
    const read = readHostConfig(textOf(original), file);
    if ('error' in read) throw new Error(read.error);
    expect(read.config.host).toBe(fixture.host);
    expect(read.config.form).toBe(fixture.form);
    expect(read.config.servers.map((server) => server.id)).toEqual(fixture.ids);
  });

  it('wraps every entry, keeping comments, commas, indents, line ends and env; unwrap restores it byte for byte', async () => {
    const { file, place, original } = copyOf(fixture);
    const before = serversOf(file);
    const report = await wrapFile(request(file, place), launcher);
    expect(report.written).toBe(true);
    expect(report.changed.map((entry) => entry.id)).toEqual(fixture.wrapped ?? fixture.ids);
    const wrapped = readFileSync(file);
    const after = serversOf(file);
    for (const [index, server] of before.entries()) {
      const now = after[index] as HostServer;
      expect(now.id).toBe(server.id);
      expect(now.env).toEqual(server.env);
      expect(now.headers).toEqual(server.headers);
      if (!(fixture.wrapped ?? fixture.ids).includes(server.id)) {
        expect(now).toEqual(server);
      } else if (server.kind === 'stdio') {
        expect(now.command).toBe(NODE);
        expect(now.args).toEqual([CLI, 'proxy', '--', server.command, ...server.args]);
        expect(now.cwd).toBe(server.cwd);
      } else {
        expect(now.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
        expect(now.urlKey).toBe(server.urlKey);
      }
    }
    const text = textOf(wrapped);
    expect(commentsOf(text)).toEqual(commentsOf(textOf(original)));
    // A BOM and CRLF line ends stay; a tab-indented file gets no space indents.
    expect(wrapped.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))).toBe(
      original.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf])),
    );
    if (textOf(original).includes('\r\n')) expect(text.replace(/\r\n/g, '')).not.toContain('\n');
    if (/^\t/m.test(textOf(original))) expect(text).not.toMatch(/^ +\S/m);
    expect(statSync(report.record).mode & 0o777).toBe(0o600);

    const back = unwrapFile(request(file, place));
    expect(back.restored).toBe(true);
    expect(back.changed.map((entry) => entry.id)).toEqual(fixture.wrapped ?? fixture.ids);
    expect(readFileSync(file).equals(original)).toBe(true);
    expect(existsSync(report.record)).toBe(false);
  });

  it('an edit made between wrap and unwrap survives; only the wrapped entries are put back', async () => {
    const { file, place, original } = copyOf(fixture);
    await wrapFile(request(file, place), launcher);
    const bom = original.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf])) ? '\ufeff' : '';
    writeFileSync(file, bom + hostAddsServer(textOf(readFileSync(file)), fixture.container));
    const back = unwrapFile(request(file, place));
    expect(back.restored).toBeUndefined();
    expect(back.changedSinceWrap).toBe(true);
    expect(back.changed.map((entry) => entry.id)).toEqual(fixture.wrapped ?? fixture.ids);
    expect(readFileSync(file, 'utf8')).toBe(bom + hostAddsServer(textOf(original), fixture.container));
  });

  it('--dry-run shows the change as a diff with no secret in it, and writes nothing', async () => {
    const { file, place, original } = copyOf(fixture);
    const report = await wrapFile(request(file, place, { dryRun: true }), launcher);
    expect(report.written).toBe(false);
    expect(report.diff).toMatch(/^--- .*\n\+\+\+ .*\n@@ -\d+,\d+ \+\d+,\d+ @@/);
    expect(report.diff).toContain('"proxy"');
    expect(report.diff).not.toMatch(/fixtureSecret/);
    expect(readFileSync(file).equals(original)).toBe(true);
    expect(existsSync(recordPath(file, place))).toBe(false);
  });
});

describe('choosing servers', () => {
  const desktop = HOSTS[0] as Fixture;
  const claudeCode = HOSTS[1] as Fixture;

  it('--server wraps that one only; a second wrap of it changes nothing', async () => {
    const { file, place } = copyOf(desktop);
    const report = await wrapFile(request(file, place, { all: false, servers: ['memory'] }), launcher);
    expect(report.changed.map((entry) => entry.id)).toEqual(['memory']);
    const servers = serversOf(file);
    expect(servers.map((server) => server.command)).toEqual(['npx', NODE, '/usr/local/bin/my-server']);
    const again = await wrapFile(request(file, place, { all: false, servers: ['memory'] }), launcher);
    expect(again.changed).toEqual([]);
    expect(again.skipped).toEqual([{ id: 'memory', why: 'it already runs through the proxy' }]);
    expect(again.written).toBe(false);
  });

  it('--all after --server wraps the rest, not the wrapped one twice, and unwrap restores the very original', async () => {
    const { file, place, original } = copyOf(desktop);
    await wrapFile(request(file, place, { all: false, servers: ['github'] }), launcher);
    const report = await wrapFile(request(file, place), launcher);
    expect(report.changed.map((entry) => entry.id)).toEqual(['memory', 'bare']);
    expect(report.skipped.map((entry) => entry.id)).toEqual(['github']);
    expect(serversOf(file).every((server) => server.args.filter((arg) => arg === 'proxy').length === 1)).toBe(
      true,
    );
    expect(unwrapFile(request(file, place)).restored).toBe(true);
    expect(readFileSync(file).equals(original)).toBe(true);
  });

  it('unwrap --server puts one back; unwrapping the rest then restores the file byte for byte', async () => {
    const { file, place, original } = copyOf(desktop);
    await wrapFile(request(file, place), launcher);
    const one = unwrapFile(request(file, place, { all: false, servers: ['github'] }));
    expect(one.changed.map((entry) => entry.id)).toEqual(['github']);
    expect(serversOf(file).map((server) => server.command)).toEqual(['npx', NODE, NODE]);
    const rest = unwrapFile(request(file, place, { all: false }));
    expect(rest.restored).toBe(true);
    expect(readFileSync(file).equals(original)).toBe(true);
  });

  it('a name that is not there lists the names there are, and nothing is written', async () => {
    const { file, place, original } = copyOf(desktop);
    const attempt = wrapFile(request(file, place, { all: false, servers: ['gihub'] }), launcher);
    await expect(attempt).rejects.toThrow(WrapRefusal);
    await expect(attempt).rejects.toMatchObject({
      message: 'no server named "gihub"',
      details: [`${file} has: github, memory, bare`],
    });
    expect(readFileSync(file).equals(original)).toBe(true);
  });

  it('several servers and neither --server nor --all: the names are listed', async () => {
    const { file, place } = copyOf(desktop);
    await expect(wrapFile(request(file, place, { all: false }), launcher)).rejects.toMatchObject({
      message: 'several servers: choose with --server NAME (repeatable) or --all',
    });
  });

  it("Claude Code: a name in several places asks which; name@<project> picks the project's", async () => {
    const { file, place } = copyOf(claudeCode);
    // The user's "everything" is the one named so exactly; the project's is everything@<its path>.
    const user = await wrapFile(request(file, place, { all: false, servers: ['everything'] }), launcher);
    expect(user.changed).toEqual([{ id: 'everything', kind: 'stdio' }]);
    const project = await wrapFile(
      request(file, place, { all: false, servers: ['everything@/home/ada/app'] }),
      launcher,
    );
    expect(project.changed.map((entry) => entry.id)).toEqual(['everything@/home/ada/app']);
    expect(serversOf(file).find((server) => server.id === 'everything@/home/ada/app')?.args).toEqual([
      CLI,
      'proxy',
      '--',
      'node',
      'build/index.js',
    ]);
    // A name only projects have, in two of them: which one is asked.
    const two = join(scratch, `two-projects-${++copies}`, '.claude.json');
    cpSync(file, two);
    writeFileSync(
      two,
      JSON.stringify({
        projects: {
          '/a': { mcpServers: { db: { command: 'a' } } },
          '/b': { mcpServers: { db: { command: 'b' } } },
        },
      }),
    );
    await expect(
      wrapFile(request(two, place, { all: false, servers: ['db'] }), launcher),
    ).rejects.toMatchObject({
      message: '"db" is in several places: say which',
      details: ['one of: db@/a, db@/b'],
    });
    await expect(
      wrapFile(request(two, place, { all: false, servers: ['db@/b'] }), launcher),
    ).resolves.toMatchObject({ changed: [{ id: 'db@/b', kind: 'stdio' }] });
  });

  it('a URL that holds a ${…} variable is left for the host, and said why', async () => {
    const { file, place } = copyOf(HOSTS[2] as Fixture);
    const report = await wrapFile(request(file, place), launcher);
    expect(report.changed.map((entry) => entry.id)).toEqual(['local']);
    expect(report.skipped).toEqual([
      {
        id: 'api',
        why: 'its URL holds a ${…} variable that only the host expands: write the URL out to wrap it',
      },
    ]);
  });
});

describe('URL entries', () => {
  const cursor = HOSTS[3] as Fixture;

  it('get a port of their own, the same on every wrap of the entry, and their URL back on unwrap', async () => {
    const { file, place, original } = copyOf(cursor);
    const first = await wrapFile(request(file, place, { all: false, servers: ['search'] }), launcher);
    const [entry] = first.changed;
    expect(entry?.url).toBe('https://search.example.com/mcp?token=fixtureSecret0005');
    expect(entry?.localUrl).toBe(`http://127.0.0.1:${entry?.port}/mcp`);
    expect(serversOf(file)[0]?.url).toBe(entry?.localUrl);
    unwrapFile(request(file, place));
    expect(readFileSync(file).equals(original)).toBe(true);
    const second = await wrapFile(request(file, place, { all: false, servers: ['search'] }), launcher);
    expect(second.changed[0]?.port).toBe(entry?.port);
  });

  it('without the record, unwrap puts stdio entries back from their args and says it cannot for a URL', async () => {
    const { file, place } = copyOf(cursor);
    const report = await wrapFile(request(file, place), launcher);
    rmSync(report.record);
    const back = unwrapFile(request(file, place));
    expect(back.noRecord).toBe(true);
    expect(back.changed.map((entry) => entry.id)).toEqual(['files']);
    expect(back.skipped).toEqual([
      { id: 'search', why: 'no wrap record says what its URL was (the backup is gone?): left as it is' },
    ]);
    expect(serversOf(file)[1]?.command).toBe('npx');
  });
});

describe('files that must not be written', () => {
  const desktop = HOSTS[0] as Fixture;

  it('a symbolic link planted at a guessable temporary name is never written through', async () => {
    const { file, place } = copyOf(desktop);
    const victim = join(scratch, `victim-${++copies}.txt`);
    writeFileSync(victim, 'not yours\n');
    // The names a writer might have used: the old fixed one and `<file>.<pid>.tmp`.
    const planted = [
      `${file}.mcp-inspect-tmp`,
      join(dirname(file), `.${basename(file)}.mcp-inspect-tmp`),
      `${file}.${process.pid}.tmp`,
    ];
    for (const name of planted) symlinkSync(victim, name);
    await expect(wrapFile(request(file, place), launcher)).resolves.toMatchObject({ written: true });
    expect(readFileSync(victim, 'utf8')).toBe('not yours\n');
    for (const name of planted) expect(lstatSync(name).isSymbolicLink()).toBe(true);
    expect(readFileSync(file, 'utf8')).toContain('proxy');
  });

  it('a config that is a symbolic link is refused, naming where it points', async () => {
    const { file, place } = copyOf(desktop);
    const link = join(scratch, `link-${++copies}.json`);
    symlinkSync(file, link);
    await expect(wrapFile(request(link, place), launcher)).rejects.toThrow(
      `${link} is a symbolic link (to ${file}): give the file it points to, so that it is the one changed`,
    );
  });

  it('a file that does not parse is named with its line and column and left as it was', async () => {
    const { file, place } = copyOf(desktop);
    const broken = readFileSync(file, 'utf8').replace('"memory": {', '"memory" {');
    writeFileSync(file, broken);
    await expect(wrapFile(request(file, place), launcher)).rejects.toThrow(
      `${file} is not valid JSON: line 10, column 18: expected ":" after the property name, found "{"; nothing written`,
    );
    expect(readFileSync(file, 'utf8')).toBe(broken);
    expect(existsSync(recordPath(file, place))).toBe(false);
  });

  it("the config keeps its permissions; the backup is the person's alone", async () => {
    const { file, place } = copyOf(desktop);
    chmodSync(file, 0o640);
    const report = await wrapFile(request(file, place), launcher);
    expect(statSync(file).mode & 0o777).toBe(0o640);
    expect(statSync(report.record).mode & 0o777).toBe(0o600);
    expect(statSync(join(place.env.MCP_INSPECT_STATE_DIR as string, 'wraps')).mode & 0o777).toBe(0o700);
  });
});
