import { describe, expect, it } from 'vitest';
import { joinArgs, splitArgs } from './argsText';
import {
  draftFromInfo,
  draftFromPaste,
  exportDraft,
  keptSecretsOwnerElsewhere,
  requestFromDraft,
} from './targetDraft';

describe('arguments typed as one line', () => {
  it('split like a shell, without expanding anything', () => {
    expect(splitArgs(`-y "@scope/pkg" --dir 'My Files' a\\ b "" $HOME`)).toEqual({
      args: ['-y', '@scope/pkg', '--dir', 'My Files', 'a b', '', '$HOME'],
    });
    expect(splitArgs('"open')).toEqual({ error: 'unclosed " quote' });
  });
  it('join back to what splits to the same', () => {
    const args = ['-y', 'My Files', "it's", '', '--x=1'];
    expect(splitArgs(joinArgs(args))).toEqual({ args });
  });
});

describe('the connection form', () => {
  it('starts from the current target with secrets left on the bridge', () => {
    const draft = draftFromInfo({
      kind: 'stdio',
      command: 'node',
      args: ['a b.js'],
      envKeys: ['TOKEN'],
      demo: false,
      era: 'auto',
    });
    expect(draft).toMatchObject({
      command: 'node',
      args: "'a b.js'",
      env: [{ name: 'TOKEN', value: '', kept: true }],
    });
    expect(requestFromDraft(draft)).toEqual({
      request: { kind: 'stdio', command: 'node', args: ['a b.js'], env: { TOKEN: null }, era: 'auto' },
    });
  });

  it('sends a typed secret as typed', () => {
    const draft = draftFromInfo({
      kind: 'url',
      url: 'http://h/mcp',
      transport: 'auto',
      headerNames: ['Authorization'],
      era: 'auto',
    });
    draft.headers[0]!.value = 'Bearer t';
    expect(requestFromDraft(draft)).toEqual({
      request: {
        kind: 'url',
        url: 'http://h/mcp',
        transport: 'auto',
        headers: { Authorization: 'Bearer t' },
        era: 'auto',
      },
    });
  });

  it('refuses what the bridge would refuse, with the reason', () => {
    const draft = draftFromInfo({
      kind: 'url',
      url: 'ftp://h',
      transport: 'auto',
      headerNames: [],
      era: 'auto',
    });
    expect(requestFromDraft(draft)).toEqual({ error: 'the URL must start with http:// or https://' });
  });

  it('asks for kept values again when the form names another server', () => {
    const current = {
      kind: 'url' as const,
      era: 'auto' as const,
      url: 'https://mcp.example.com/mcp?api_key=****',
      transport: 'auto' as const,
      headerNames: ['Authorization'],
    };
    const draft = draftFromInfo(current);
    expect(keptSecretsOwnerElsewhere(draft, current)).toBeUndefined();
    expect(
      requestFromDraft({ ...draft, url: 'https://mcp.example.com/v2?api_key=****' }, current),
    ).toMatchObject({
      request: { headers: { Authorization: null } },
    });
    const moved = { ...draft, url: 'https://other.example/mcp' };
    expect(keptSecretsOwnerElsewhere(moved, current)).toBe('https://mcp.example.com');
    expect(requestFromDraft(moved, current)).toEqual({
      error: 'enter "Authorization" again: mcp-inspect keeps that value only for https://mcp.example.com',
    });
    moved.headers[0]!.value = 'Bearer for-the-other-one';
    expect(requestFromDraft(moved, current)).toMatchObject({
      request: { headers: { Authorization: 'Bearer for-the-other-one' } },
    });

    const command = {
      kind: 'stdio' as const,
      era: 'auto' as const,
      command: 'node',
      args: ['srv.js'],
      envKeys: ['KEY'],
      demo: false,
    };
    const leak = { ...draftFromInfo(command), command: 'sh', args: `-c 'echo $KEY >&2'` };
    expect(keptSecretsOwnerElsewhere(leak, command)).toBe('`node srv.js`');
    expect(requestFromDraft(leak, command)).toEqual({
      error: 'enter "KEY" again: mcp-inspect keeps that value only for `node srv.js`',
    });

    // The same command line with NODE_OPTIONS added is another program: KEY is typed again.
    const preload = draftFromInfo(command);
    preload.env.push({ name: 'NODE_OPTIONS', value: '--require ./leak.js', kept: false });
    expect(keptSecretsOwnerElsewhere(preload, command)).toBe(
      '`node srv.js` with the environment it was given',
    );
    expect(requestFromDraft(preload, command)).toEqual({
      error:
        'enter "KEY" again: mcp-inspect keeps that value only for `node srv.js` with the environment it was given (here NODE_OPTIONS added)',
    });
  });

  it('masks the secret parts of a typed URL in the export unless asked', () => {
    const draft = draftFromInfo({ kind: 'url', era: 'auto', url: '', transport: 'auto', headerNames: [] });
    draft.url = 'https://user:pw@mcp.example.com/mcp?api_key=abc&region=eu';
    expect(exportDraft(draft, 'hosted', false)).toContain(
      '"url": "https://****@mcp.example.com/mcp?api_key=****&region=eu"',
    );
    expect(exportDraft(draft, 'hosted', true)).toContain(
      '"url": "https://user:pw@mcp.example.com/mcp?api_key=abc',
    );
  });

  it('takes a pasted entry and exports it back with secrets masked unless asked', () => {
    const pasted = draftFromPaste(
      '{"mcpServers":{"gh":{"command":"npx","args":["-y","gh-mcp"],"env":{"GH_TOKEN":"ghp_x"}}}}',
    );
    if ('error' in pasted) throw new Error(pasted.error);
    expect(pasted.name).toBe('gh');
    expect(JSON.parse(exportDraft(pasted.draft, 'gh', false))).toEqual({
      mcpServers: { gh: { command: 'npx', args: ['-y', 'gh-mcp'], env: { GH_TOKEN: '********' } } },
    });
    expect(exportDraft(pasted.draft, 'gh', true)).toContain('ghp_x');
    expect(draftFromPaste('{')).toMatchObject({ error: expect.stringContaining('not valid JSON') });
  });
});

describe('a URL target’s timeouts', () => {
  it('come from the current target, go in the request in seconds, and are checked', () => {
    const draft = draftFromInfo({
      kind: 'url',
      url: 'http://127.0.0.1:1/mcp',
      transport: 'auto',
      headerNames: [],
      era: 'auto',
      timeouts: { connect: 20 },
    });
    expect(draft).toMatchObject({ connectTimeout: '20', requestTimeout: '' });
    expect(requestFromDraft({ ...draft, requestTimeout: '0' })).toMatchObject({
      request: { timeouts: { connect: 20, request: 0 } },
    });
    expect(requestFromDraft({ ...draft, connectTimeout: '' })).not.toHaveProperty('request.timeouts');
    expect(requestFromDraft({ ...draft, connectTimeout: '0' })).toEqual({
      error: 'the connect timeout is a number of seconds, above 0, at most 86400',
    });
  });
});
