import { fixturePath } from './cli.js';
import { startServer } from './servers.js';

export type OAuthScenario =
  | 'ok'
  | 'no-s256'
  | 'wrong-iss'
  | 'registration-refused'
  | 'expired-refresh'
  | 'no-expires-in'
  | 'cimd'
  | 'auto-consent';

export interface OAuthFixture {
  /** The MCP server that requires the authorization server's tokens. */
  mcpUrl: string;
  /** The authorization server (oidc-provider). */
  issuer: string;
  stop(): Promise<void>;
}

/**
 * Starts a real authorization server and the MCP server behind it in a child process, on
 * loopback ports of their own, and resolves with their URLs (its first line on stdout).
 */
export async function startOAuthFixture(
  scenario: OAuthScenario = 'ok',
  options: { accessTtl?: number } = {},
): Promise<OAuthFixture> {
  const server = await startServer(
    fixturePath('oauth/oauthFixture.mjs'),
    ['--scenario', scenario, '--access-ttl', String(options.accessTtl ?? 3600)],
    /^(\{.*"mcpUrl".*\})\r?\n/m,
  );
  const { mcpUrl, issuer } = JSON.parse(server.ready) as { mcpUrl: string; issuer: string };
  return { mcpUrl, issuer, stop: server.stop };
}
