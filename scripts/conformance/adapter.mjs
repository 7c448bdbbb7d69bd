#!/usr/bin/env node
// The MCP conformance suite's client under test: the suite runs `node conformance/adapter.mjs
// <server-url>` for each scenario, with MCP_CONFORMANCE_SCENARIO, MCP_CONFORMANCE_PROTOCOL_VERSION
// and MCP_CONFORMANCE_CONTEXT set, and judges from the traffic its mock server saw. This maps each
// scenario to what a person would type: one or more `mcp-inspect <verb> --url <url> …` runs of the
// built CLI (dist/server/cli.js). It adds nothing to the protocol itself: whatever the suite sees
// is the CLI's doing.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const CLI = fileURLToPath(new URL('../../dist/server/cli.js', import.meta.url));
/** The URL-based client id the suite's CIMD scenario expects (its reference client uses it too). */
const CLIENT_METADATA_URL = 'https://conformance-test.local/client-metadata.json';

const url = process.argv.at(-1);
const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? '';
const version = process.env.MCP_CONFORMANCE_PROTOCOL_VERSION;
const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT || '{}');
// The lifecycle follows the protocol version asked for: stateless from 2026-07-28, else initialize.
const era = version === undefined ? 'auto' : version >= '2026-07-28' ? 'modern' : 'legacy';
const scratch = mkdtempSync(join(tmpdir(), 'mcp-inspect-conformance-'));

/** One CLI run; its stderr goes to the suite's stderr.txt, its stdout is returned. */
function cli(...args) {
  const argv = [CLI, ...args, '--url', url, '--era', era];
  process.stderr.write(`$ mcp-inspect ${args.join(' ')}\n`);
  const run = spawnSync(process.execPath, argv, { stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });
  process.stdout.write(run.stdout ?? '');
  if (run.status !== 0) process.stderr.write(`(exit ${run.status ?? run.signal})\n`);
  return { status: run.status, stdout: run.stdout ?? '' };
}

/** The tools as the CLI lists them (--json), or none when the listing failed. */
function listTools(...extra) {
  const { status, stdout } = cli('tools', '--json', ...extra);
  return status === 0 ? JSON.parse(stdout).tools : [];
}

/**
 * What the scenario's context gives, as the authorization flags (cli.md) take it: a client and its
 * secret, or its private key (written to a 0600 file, as a person keeps one); a platform-issued
 * JWT; an identity provider and the person's ID token. The CLI picks the grant from these and
 * the authorization server's metadata, and DPoP from what the servers ask.
 */
function oauthOptions() {
  const options = ['--oauth-auto-consent', '--client-metadata-url', CLIENT_METADATA_URL];
  if (context.client_id) options.push('--client-id', context.client_id);
  if (context.client_secret) options.push('--client-secret', context.client_secret);
  if (context.private_key_pem) {
    const keyFile = join(scratch, 'client-key.pem');
    writeFileSync(keyFile, context.private_key_pem, { mode: 0o600 });
    options.push('--client-key', keyFile);
    if (context.signing_algorithm) options.push('--client-key-alg', context.signing_algorithm);
  }
  if (context.valid_jwt) options.push('--assertion', context.valid_jwt);
  if (context.idp_issuer) options.push('--idp-issuer', context.idp_issuer);
  if (context.idp_client_id) options.push('--idp-client-id', context.idp_client_id);
  if (context.idp_id_token) options.push('--idp-id-token', context.idp_id_token);
  if (context.idp_token_endpoint) options.push('--idp-token-endpoint', context.idp_token_endpoint);
  return options;
}

let status = 0;
const note = (run) => (status ||= run.status ?? 1);
try {
  if (scenario.startsWith('auth/')) {
    // As the suite's reference client: list the tools, then call test-tool, signed in.
    note(cli('call', 'test-tool', '--no-validate', ...oauthOptions()));
  } else if (scenario === 'sep-2640-client-no-prefetch') {
    // The skills listed, and nothing more: a host reads no skill file before it is asked for.
    note(cli('skills'));
  } else if (scenario.startsWith('sep-2640-client-verify-')) {
    // Each skill got and verified: a SKILL.md that fails its entry stops there (exit 6).
    const listed = cli('skills', '--json');
    for (const skill of listed.status === 0 ? JSON.parse(listed.stdout).skills : [])
      note(cli('skills', 'get', skill.frontmatter.name, '--verify'));
  } else if (
    scenario === 'initialize' ||
    scenario === 'json-schema-ref-no-deref' ||
    scenario === 'request-metadata'
  ) {
    note(cli('tools'));
  } else if (scenario === 'elicitation-sep1034-client-defaults') {
    // Accepted with nothing typed in: the requested schema's defaults fill every field.
    note(cli('call', 'test_client_elicitation_defaults', '--elicit', '{}'));
  } else if (scenario === 'tools_call') {
    for (const tool of listTools())
      note(cli('call', tool.name, '--args', JSON.stringify(sampleArguments(tool))));
  } else if (Array.isArray(context.toolCalls)) {
    for (const call of context.toolCalls)
      // Sent as the suite wrote them, nulls included (--no-validate): the scenario is what the
      // client does with values its schema would refuse.
      note(cli('call', call.name, '--no-validate', '--args', JSON.stringify(call.arguments ?? {})));
  } else if (scenario === 'json-schema-2020-12-preservation') {
    const tools = listTools();
    const focal = tools.find((tool) => tool.name === 'json_schema_2020_12_tool');
    note(cli('call', 'json_schema_echo', '--args', JSON.stringify({ schema: focal?.inputSchema ?? {} })));
  } else if (scenario === 'http-standard-headers') {
    exerciseEverything();
  } else {
    // Every tool the server lists, called with a value of its type for each required argument.
    for (const tool of listTools())
      note(cli('call', tool.name, '--args', JSON.stringify(sampleArguments(tool))));
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
process.exitCode = status;

/** A request of each kind a client sends: tools, resources and prompts, listed and used. */
function exerciseEverything() {
  for (const tool of listTools())
    note(cli('call', tool.name, '--args', JSON.stringify(sampleArguments(tool))));
  const resources = cli('resources', '--json');
  for (const resource of resources.status === 0 ? JSON.parse(resources.stdout).resources : [])
    note(cli('read', resource.uri));
  const prompts = cli('prompts', '--json');
  for (const prompt of prompts.status === 0 ? JSON.parse(prompts.stdout).prompts : [])
    note(cli('prompt', prompt.name));
}

/** A value of the right type for each argument the tool's schema requires, as a person would type. */
function sampleArguments(tool) {
  const schema = tool.inputSchema ?? {};
  const samples = { number: 1, integer: 1, string: 'conformance', boolean: true, array: [], object: {} };
  const args = {};
  for (const name of schema.required ?? []) {
    const property = schema.properties?.[name] ?? {};
    args[name] =
      property.default ??
      property.enum?.[0] ??
      samples[[property.type].flat()[0] ?? 'string'] ??
      'conformance';
  }
  return args;
}
