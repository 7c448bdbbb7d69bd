import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export type OAuthScenario =
  'ok' | 'no-s256' | 'wrong-iss' | 'registration-refused' | 'expired-refresh' | 'no-expires-in' | 'cimd';

export interface OAuthFixture {
  /** The MCP server that requires the authorization server's tokens. */
  mcpUrl: string;
  /** The authorization server (oidc-provider). */
  issuer: string;
  stop(): Promise<void>;
}

const FIXTURE = fileURLToPath(new URL('../fixtures/oauth/oauthFixture.mjs', import.meta.url));

/**
 * Starts a real authorization server and the MCP server behind it in a child process, on
 * loopback ports of their own, and resolves with their URLs.
 */
export function startOAuthFixture(
  scenario: OAuthScenario = 'ok',
  options: { accessTtl?: number } = {},
): Promise<OAuthFixture> {
  const child = spawn(
    process.execPath,
    [FIXTURE, '--scenario', scenario, '--access-ttl', String(options.accessTtl ?? 3600)],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 3_000);
    await exited;
    clearTimeout(timer);
  };
  return new Promise((resolve, reject) => {
    let stdout = '';
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`the OAuth fixture did not start:\n${stderr}`));
    }, 15_000);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      const line = stdout.split('\n')[0];
      if (!stdout.includes('\n') || !line) return;
      clearTimeout(timer);
      const { mcpUrl, issuer } = JSON.parse(line) as { mcpUrl: string; issuer: string };
      resolve({ mcpUrl, issuer, stop });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the OAuth fixture exited with ${code}:\n${stderr}`));
    });
  });
}
