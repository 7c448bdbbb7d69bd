import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as jose from 'jose';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { startGrantServer, workloadAssertion, type GrantServerOptions } from '../testSupport/grantServer.js';
import { errorLine, runVerb } from '../testSupport/verbProcess.js';

// The grants without a person, from the command line, against a real authorization server and
// MCP server on loopback (server/testSupport/grantServer.ts): what each server saw is checked, and
// the secrets given are never printed.

const CLI_TEST_TIMEOUT_MS = 60_000;
const scratch = mkdtempSync(join(tmpdir(), 'mcp-inspect-grants-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function start(options: GrantServerOptions) {
  const server = await startGrantServer(options);
  onTestFinished(() => server.stop());
  return server;
}

const SECRET = 'cc-secret-never-printed';

describe('grants without a person', { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  it('client_credentials with client_secret_basic, chosen from the metadata; the secret never shown', async () => {
    const server = await start({
      grants: ['client_credentials'],
      authMethods: ['client_secret_basic'],
      client: { id: 'machine', secret: SECRET },
    });
    const traffic = join(scratch, 'cc.jsonl');
    const run = await runVerb([
      'call',
      'whoami',
      '--url',
      server.mcpUrl,
      '--client-id',
      'machine',
      '--client-secret',
      SECRET,
      '--traffic',
      traffic,
    ]);
    expect(run.stderr).not.toContain('error');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('client: machine');
    expect(server.record.tokenRequests).toEqual([
      { grantType: 'client_credentials', clientAuth: 'client_secret_basic', dpop: false },
    ]);
    expect(server.record.mcpRequests.every((request) => request.scheme === 'Bearer')).toBe(true);
    for (const text of [run.stdout, run.stderr, readFileSync(traffic, 'utf8')])
      expect(text).not.toContain(SECRET);
  });

  it('client_credentials with private_key_jwt: a PEM key file, its algorithm read from the key', async () => {
    const { publicKey, privateKey } = await jose.generateKeyPair('ES256', { extractable: true });
    const keyFile = join(scratch, 'client.pem');
    writeFileSync(keyFile, await jose.exportPKCS8(privateKey), { mode: 0o600 });
    const server = await start({
      grants: ['client_credentials'],
      authMethods: ['private_key_jwt'],
      client: { id: 'keyed', publicKey },
    });
    const run = await runVerb([
      'call',
      'whoami',
      '--url',
      server.mcpUrl,
      '--client-id',
      'keyed',
      '--client-key',
      keyFile,
    ]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('client: keyed');
    expect(server.record.tokenRequests).toEqual([
      { grantType: 'client_credentials', clientAuth: 'private_key_jwt', dpop: false },
    ]);
  });

  it('DPoP with nonces at both servers: a bound token, the DPoP scheme and a fresh proof per request', async () => {
    const server = await start({
      grants: ['client_credentials'],
      authMethods: ['client_secret_basic'],
      client: { id: 'machine', secret: SECRET },
      dpop: { nonce: true },
    });
    const run = await runVerb([
      'call',
      'whoami',
      '--url',
      server.mcpUrl,
      '--client-id',
      'machine',
      '--client-secret',
      SECRET,
    ]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('client: machine');
    // Challenged once for a nonce at the token endpoint, then the retry with it got the token.
    expect(server.record.asNonceChallenges).toBe(1);
    expect(server.record.tokenRequests.map((request) => [request.dpop, request.error])).toEqual([
      [true, 'use_dpop_nonce'],
      [true, undefined],
    ]);
    // The MCP server challenged for its own nonce too; every request carried a valid, fresh proof.
    expect(server.record.rsNonceChallenges).toBeGreaterThanOrEqual(1);
    expect(server.record.mcpRequests.length).toBeGreaterThan(2);
    expect(
      server.record.mcpRequests.every(({ scheme, proof }) => scheme === 'DPoP' && proof === 'valid'),
    ).toBe(true);
    expect(new Set(server.record.jtis).size).toBe(server.record.jtis.length);
  });

  it('jwt-bearer with a platform assertion (@file): workload identity federation', async () => {
    const platform = await jose.generateKeyPair('ES256');
    const server = await start({
      grants: ['urn:ietf:params:oauth:grant-type:jwt-bearer'],
      authMethods: ['none'],
      client: { id: 'workload' },
      platformKey: platform.publicKey,
    });
    const assertionFile = join(scratch, 'assertion.jwt');
    writeFileSync(assertionFile, `${await workloadAssertion(platform.privateKey, server.issuer)}\n`);
    const run = await runVerb([
      'call',
      'whoami',
      '--url',
      server.mcpUrl,
      '--client-id',
      'workload',
      '--assertion',
      `@${assertionFile}`,
    ]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('client: workload');
    expect(server.record.tokenRequests).toEqual([
      { grantType: 'urn:ietf:params:oauth:grant-type:jwt-bearer', clientAuth: 'none', dpop: false },
    ]);
  });

  it('a refused assertion: exit 3 naming the token request, and no second try', async () => {
    const platform = await jose.generateKeyPair('ES256');
    const other = await jose.generateKeyPair('ES256');
    const server = await start({
      grants: ['urn:ietf:params:oauth:grant-type:jwt-bearer'],
      authMethods: ['none'],
      client: { id: 'workload' },
      platformKey: platform.publicKey,
    });
    const forged = await workloadAssertion(other.privateKey, server.issuer);
    const run = await runVerb([
      'tools',
      '--json',
      '--url',
      server.mcpUrl,
      '--client-id',
      'workload',
      '--assertion',
      forged,
    ]);
    expect(run.code).toBe(3);
    const error = errorLine(run);
    expect(error.message).toBe('OAuth: Token request: The token endpoint must issue tokens for this grant.');
    expect(error.details?.join('\n')).toContain('invalid_grant');
    expect(server.record.tokenRequests).toHaveLength(1);
    expect(run.stderr).not.toContain(forged);
  });

  it('usage errors before anything starts: a key that is no key, a key without its client', async () => {
    const notKey = join(scratch, 'not-a-key.pem');
    writeFileSync(notKey, 'hello');
    const bad = await runVerb([
      'tools',
      '--url',
      'http://127.0.0.1:1/mcp',
      '--client-id',
      'c',
      '--client-key',
      notKey,
    ]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('is not a PEM private key');
    const alone = await runVerb(['tools', '--url', 'http://127.0.0.1:1/mcp', '--client-key', notKey]);
    expect(alone.code).toBe(1);
  });
});
