import { OAuthManager, type OAuthManagerOptions } from '../oauth/oauthManager.js';
import { BridgeSession, type SessionOptions } from '../relay/session.js';
import type { TargetSpec } from '../targets/targetSpec.js';

/**
 * One server's session and the OAuth client that signs it in (its tokens live there and nowhere
 * else): the bridge of one server has one, the bridge of a workspace one per server. New tokens
 * reconnect the server they are for, so the page's client starts over with them.
 */
export function openTargetSession(
  target: TargetSpec,
  oauthOptions: OAuthManagerOptions,
  sessionOptions: Omit<SessionOptions, 'targetAuth'>,
): { session: BridgeSession; oauth: OAuthManager } {
  const oauth = new OAuthManager(oauthOptions);
  const session = new BridgeSession(target, { ...sessionOptions, targetAuth: (url) => oauth.forTarget(url) });
  oauth.onAuthorized = (url) => {
    if (session.targetUrl === url) void session.restart();
  };
  return { session, oauth };
}
