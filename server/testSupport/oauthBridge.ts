import { API_OAUTH_PATH, OAuthViewSchema, type OAuthView } from '../../shared/oauth.js';
import type { OAuthFixture, OAuthScenario } from '../../e2e/support/oauthFixture.js';
import type { RunningBridge } from '../http/bridgeServer.js';
import type { OAuthSettings } from '../oauth/flowTypes.js';
import { TEST_TOKEN as TOKEN, startTestBridge } from './bridges.js';
import { consentThrough } from './consent.js';
import { startOAuthFixtureHere } from './oauthFixture.js';
import { eventually } from './processes.js';

/** A bridge in front of the real OAuth fixture, and the page's side of its OAuth routes. */
export interface OAuthBridge {
  fixture: OAuthFixture;
  bridge: RunningBridge;
  lines: string[];
  view(): Promise<OAuthView>;
  /** POST run | next | clear, as the page's buttons do; resolves with the view. */
  act(action: 'run' | 'next' | 'clear'): Promise<OAuthView>;
  /** The person at the authorization page, then the browser's redirect to the bridge. */
  consent(authorizationUrl: string): Promise<Response>;
  connected(): Promise<boolean>;
  stop(): Promise<void>;
}

export async function startOAuthBridge(
  scenario: OAuthScenario = 'ok',
  options: { accessTtl?: number; settings?: OAuthSettings } = {},
): Promise<OAuthBridge> {
  const fixture = await startOAuthFixtureHere(
    scenario,
    options.accessTtl === undefined ? {} : { accessTtl: options.accessTtl },
  );
  const lines: string[] = [];
  const bridge = await startTestBridge(
    { kind: 'url', url: fixture.mcpUrl, transport: 'streamable-http', headers: {}, era: 'auto' },
    { log: (line) => lines.push(line), oauth: { settings: options.settings ?? {} } },
  );
  const api = async (path: string, method = 'GET'): Promise<OAuthView> => {
    const response = await fetch(`${bridge.origin}${path}`, {
      method,
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status} ${await response.text()}`);
    return OAuthViewSchema.parse(await response.json());
  };
  return {
    fixture,
    bridge,
    lines,
    view: () => api(API_OAUTH_PATH),
    act: (action) => api(`${API_OAUTH_PATH}/${action}`, 'POST'),
    consent: async (authorizationUrl) =>
      fetch(await consentThrough(authorizationUrl, `${bridge.origin}/oauth/callback`)),
    connected: () => eventually(() => bridge.session.state?.state === 'connected', 10_000),
    stop: async () => {
      await bridge.close();
      await fixture.stop();
    },
  };
}
