import { createServer, type Server } from 'node:http';
import type { OAuthFixture, OAuthScenario } from '../../e2e/support/oauthFixture.js';

/** The e2e suite's OAuth fixture servers (plain JavaScript, so typed here by hand). */
const FIXTURES = new URL('../../e2e/fixtures/oauth/', import.meta.url);

interface AuthServer {
  issuer: string;
  introspectionEndpoint: string;
  close(): Promise<void>;
}
interface AuthServerModule {
  startAuthServer(options: {
    scenario: OAuthScenario;
    resource: () => string;
    accessTokenTtl?: number;
  }): Promise<AuthServer>;
}
interface ProtectedMcpModule {
  startProtectedMcp(auth: AuthServer, http: Server): Promise<{ url: string; close(): Promise<void> }>;
}

/**
 * The authorization server (oidc-provider) and the MCP server behind it that e2e/fixtures/oauth/
 * runs as a child process, started here in the test's own process instead: the same two servers
 * on loopback ports of their own, without a process and a load of oidc-provider per test (about
 * a second each).
 */
export async function startOAuthFixtureHere(
  scenario: OAuthScenario = 'ok',
  options: { accessTtl?: number } = {},
): Promise<OAuthFixture> {
  const [{ startAuthServer }, { startProtectedMcp }] = (await Promise.all([
    import(new URL('authServer.mjs', FIXTURES).href),
    import(new URL('protectedMcp.mjs', FIXTURES).href),
  ])) as [AuthServerModule, ProtectedMcpModule];
  // As oauthFixture.mjs does: the MCP server's URL is the resource the authorization server names.
  let mcpUrl = '';
  const auth = await startAuthServer({
    scenario,
    resource: () => mcpUrl,
    ...(options.accessTtl === undefined ? {} : { accessTokenTtl: options.accessTtl }),
  });
  const mcp = await startProtectedMcp(auth, createServer());
  mcpUrl = mcp.url;
  return {
    mcpUrl,
    issuer: auth.issuer,
    stop: async () => {
      await Promise.all([mcp.close(), auth.close()]);
    },
  };
}
