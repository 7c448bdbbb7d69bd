import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CreateMessageRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { Locator, Page } from '@playwright/test';
import { CLI_PATH, fixturePath, REPO_ROOT, startCli } from './support/cli.js';
import { expect, test } from './support/test.js';

// Breakpoints in the page on a session a host runs through `mcp-inspect proxy`: a real SDK client
// stands in for the host and spawns `node <built cli> proxy -- node <demo server>`; the person
// sets a breakpoint on tools/call echo, edits a held call's arguments and forwards it, answers
// another with an error, drops a third, and lets a fourth go by the hold limit. The host gets
// each outcome; the capture marks each change.

const DEMO_SERVER = join(REPO_ROOT, 'dist/server/demo/demoServer.js');

/** Replaces the text of a held message's JSON editor, as a person pasting over it. */
async function replaceEditorText(page: Page, card: Locator, text: string): Promise<void> {
  const editor = card.getByRole('textbox', { name: /^Held message / });
  await editor.focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  // insertText, not typing: Monaco would add closing quotes and brackets to typed keys.
  await page.keyboard.insertText(text);
}

test('hold a host’s tools/call, edit and forward it, answer one with an error, drop one, and let one go by the limit', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const home = mkdtempSync(join(tmpdir(), 'mcp-inspect-breakpoints-e2e-'));
  const state = join(home, 'state');
  const captures = join(home, 'captures');
  const cli = await startCli([], { env: { MCP_INSPECT_STATE_DIR: state } });
  const host = new Client({ name: 'e2e-host', version: '1' });
  try {
    await page.goto(cli.url);
    await page.getByRole('tab', { name: 'Breakpoints' }).click();
    const panel = page.getByRole('region', { name: 'Breakpoints' });
    await expect(panel.getByLabel('Linked sessions')).toHaveText('No proxied session is linked yet.');

    await host.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [CLI_PATH, 'proxy', '--capture-dir', captures, '--', process.execPath, DEMO_SERVER],
        env: { ...(process.env as Record<string, string>), MCP_INSPECT_STATE_DIR: state },
        stderr: 'ignore',
      }),
    );
    await expect(panel.getByLabel('Linked sessions')).toHaveText('1 proxied session linked.');
    await host.listTools();

    const form = panel.getByRole('form', { name: 'New breakpoint' });
    await form.getByLabel('Method').fill('tools/call');
    await form.getByLabel('Tool, prompt or URI').fill('echo');
    await form.getByRole('button', { name: 'Add breakpoint' }).click();
    const rules = panel.getByRole('list', { name: 'Breakpoints set' });
    await expect(rules).toContainText('tools/call name=echo from=host → hold (every)');
    const held = panel.getByRole('list', { name: 'Held messages' }).getByRole('listitem');

    // 1. Held, shown with its time; edited against the tool's schema, then forwarded.
    const edited = host.callTool({ name: 'echo', arguments: { message: 'as the host sent it' } });
    await expect(held).toHaveCount(1);
    const card = held.first();
    await expect(card.getByRole('heading').or(card.locator('header strong'))).toContainText(
      'tools/call echo (id',
    );
    await expect(card.getByLabel('Held for')).toHaveText(/held \d+ s/);
    // Monaco (a few MB) loads the first time an editor is shown: on a busy machine that takes a while.
    await expect(card.locator('.monaco-editor').first()).toContainText('as the host sent it', {
      timeout: 40_000,
    });
    const id = /\(id (\d+)\)/.exec((await card.locator('header strong').textContent()) ?? '')?.[1];
    const call = (args: object) =>
      JSON.stringify({
        jsonrpc: '2.0',
        id: Number(id),
        method: 'tools/call',
        params: { name: 'echo', arguments: args },
      });
    await replaceEditorText(page, card, call({ message: 5 }));
    await expect(card.getByRole('list', { name: "Against the tool's schema" })).toContainText(/string/i);
    await replaceEditorText(page, card, call({ message: 'edited by the person', uppercase: true }));
    await expect(card.getByRole('list', { name: "Against the tool's schema" })).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('held-edited.png') });
    await card.getByRole('button', { name: 'Forward edited' }).click();
    expect(await edited).toMatchObject({ content: [{ type: 'text', text: 'EDITED BY THE PERSON' }] });
    await expect(held).toHaveCount(0);

    // 2. Answered by the person with an error: the host receives it.
    // Settled at once into what the host saw, so the rejection is never left unhandled.
    const failed = host.callTool({ name: 'echo', arguments: { message: 'answer me' } }).then(
      () => 'a result',
      (error: Error) => error.message,
    );
    await expect(held).toHaveCount(1);
    await held.first().getByText('Answer it yourself').click();
    await held.first().getByLabel('Error code').fill('-32001');
    await held.first().getByLabel('Error message').fill('the person says no');
    await page.screenshot({ path: test.info().outputPath('held-answer.png') });
    await held.first().getByRole('button', { name: 'Answer with error' }).click();
    expect(await failed).toMatch(/the person says no/);
    await expect(held).toHaveCount(0);

    // 3. Dropped: the server never sees it, the host's own timeout ends its wait.
    const dropped = host
      .callTool({ name: 'echo', arguments: { message: 'lost' } }, undefined, { timeout: 3_000 })
      .then(
        () => 'a result',
        (error: Error) => error.message,
      );
    await expect(held).toHaveCount(1);
    await held.first().getByRole('button', { name: 'Drop' }).click();
    expect(await dropped).toMatch(/timed out/i);

    // 4. The hold limit: forwarded as it was, and the page says so.
    await panel.getByLabel('Hold limit (seconds)').fill('2');
    await panel.getByRole('button', { name: 'Set limit' }).click();
    await expect(panel.getByLabel('Hold limit (seconds)')).toHaveValue('2');
    const late = host.callTool({ name: 'echo', arguments: { message: 'waited out' } });
    await expect(held).toHaveCount(1);
    expect(await late).toMatchObject({ content: [{ type: 'text', text: 'waited out' }] });
    const released = panel.getByRole('list', { name: 'Released messages' });
    await expect(released.getByRole('listitem').first()).toContainText(
      'forwarded as it was: the hold limit passed',
    );
    await expect(released).toContainText('dropped');
    await expect(released).toContainText('answered by you');
    await expect(released).toContainText('forwarded as edited');
    await page.screenshot({ path: test.info().outputPath('released.png') });

    // Removing the breakpoint: the next call passes at once.
    await rules.getByRole('button', { name: /^Remove / }).click();
    await expect(rules).toContainText('No breakpoint');
    expect(await host.callTool({ name: 'echo', arguments: { message: 'free' } })).toMatchObject({
      content: [{ text: 'free' }],
    });

    await host.close();
    await expect.poll(() => readdirSync(captures).length).toBe(1);
    const [name] = readdirSync(captures);
    await expect
      .poll(() => readFileSync(join(captures, name ?? ''), 'utf8'))
      .toContain('the hold limit: forwarded as it was');
    const capture = readFileSync(join(captures, name ?? ''), 'utf8');
    expect(capture).toContain('edited by the person and forwarded');
    expect(capture).toContain('answered by the person with error -32001');
    expect(capture).toContain('dropped by the person');
    expect(capture).toMatch(/"synthetic":true,"message":\{"jsonrpc":"2.0","id":\d+,"error":\{"code":-32001/);
  } finally {
    await host.close().catch(() => undefined);
    await cli.stop();
    rmSync(home, { recursive: true, force: true });
  }
});

/** A child that says `listening on <url>` on stderr, and that URL. */
async function listening(
  args: string[],
  env?: NodeJS.ProcessEnv,
): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, args, {
    stdio: ['ignore', 'ignore', 'pipe'],
    ...(env ? { env } : {}),
  });
  const url = await new Promise<string>((resolve, reject) => {
    let said = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      said += String(chunk);
      const found = /listening on (\S+)/.exec(said)?.[1];
      if (found) resolve(found);
    });
    child.once('exit', (code) => reject(new Error(`exited (${code}) before listening: ${said}`)));
  });
  return { child, url };
}

test('over the HTTP proxy, hold the server’s sampling request in its SSE stream, edit it and forward it to the host', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const home = mkdtempSync(join(tmpdir(), 'mcp-inspect-breakpoints-http-e2e-'));
  const state = join(home, 'state');
  const cli = await startCli([], { env: { MCP_INSPECT_STATE_DIR: state } });
  const children: ChildProcess[] = [];
  const host = new Client({ name: 'e2e-http-host', version: '1' }, { capabilities: { sampling: {} } });
  const asked: string[] = [];
  host.setRequestHandler(CreateMessageRequestSchema, (request) => {
    const content = request.params.messages[0]?.content;
    const question = content && 'text' in content ? String(content.text) : '?';
    asked.push(question);
    return { role: 'assistant', model: 'host-model', content: { type: 'text', text: `heard ${question}` } };
  });
  try {
    await page.goto(cli.url);
    await page.getByRole('tab', { name: 'Breakpoints' }).click();
    const panel = page.getByRole('region', { name: 'Breakpoints' });
    await expect(panel.getByLabel('Linked sessions')).toHaveText('No proxied session is linked yet.');

    const server = await listening([
      fixturePath('asksOverHttp.mjs'),
      '--mode',
      'streamable',
      '--ask-timeout',
      '90000',
    ]);
    children.push(server.child);
    const proxy = await listening(
      [CLI_PATH, 'proxy', '--capture-dir', join(home, 'captures'), '--url', server.url, '--port', '0'],
      { ...process.env, MCP_INSPECT_STATE_DIR: state },
    );
    children.push(proxy.child);
    await host.connect(new StreamableHTTPClientTransport(new URL(proxy.url)));
    await expect(panel.getByLabel('Linked sessions')).toHaveText('1 proxied session linked.');

    const form = panel.getByRole('form', { name: 'New breakpoint' });
    await form.getByLabel('Method').fill('sampling/createMessage');
    await form.getByLabel('Sent by').selectOption('server');
    await form.getByRole('button', { name: 'Add breakpoint' }).click();
    await expect(panel.getByRole('list', { name: 'Breakpoints set' })).toContainText(
      'sampling/createMessage from=server',
    );
    const held = panel.getByRole('list', { name: 'Held messages' }).getByRole('listitem');

    const call = host.callTool({ name: 'ask', arguments: { question: 'as the server asked' } });
    await expect(held).toHaveCount(1);
    const card = held.first();
    await expect(card.locator('header strong')).toContainText('sampling/createMessage (id');
    await expect(card.locator('.monaco-editor').first()).toContainText('as the server asked', {
      timeout: 40_000,
    });
    const id = /\(id (\d+)\)/.exec((await card.locator('header strong').textContent()) ?? '')?.[1];
    await replaceEditorText(
      page,
      card,
      JSON.stringify({
        jsonrpc: '2.0',
        id: Number(id),
        method: 'sampling/createMessage',
        params: {
          messages: [{ role: 'user', content: { type: 'text', text: 'as the person put it' } }],
          maxTokens: 10,
        },
      }),
    );
    await page.screenshot({ path: test.info().outputPath('held-http-server-request.png') });
    await card.getByRole('button', { name: 'Forward edited' }).click();
    expect(await call).toMatchObject({ content: [{ text: 'the host said: heard as the person put it' }] });
    expect(asked).toEqual(['as the person put it']);
    await expect(held).toHaveCount(0);
    await expect(panel.getByRole('list', { name: 'Released messages' })).toContainText('forwarded as edited');
  } finally {
    await host.close().catch(() => undefined);
    for (const child of children) child.kill('SIGTERM');
    await cli.stop();
    rmSync(home, { recursive: true, force: true });
  }
});
