import { afterEach, describe, expect, it } from 'vitest';
import { startOAuthBridge, type OAuthBridge } from '../testSupport/oauthBridge.js';

let running: OAuthBridge | undefined;
afterEach(async () => {
  await running?.stop();
  running = undefined;
});

const registration = async (env: OAuthBridge) => {
  const view = await env.act('run');
  return view.steps.find((s) => s.id === 'registration')!;
};

describe('client registration in the order the spec prefers', () => {
  it('uses a client ID metadata document where the server supports one and the inspector has its URL', async () => {
    const url = 'https://inspector.example/oauth/client.json';
    running = await startOAuthBridge('cimd', { settings: { clientMetadataUrl: url } });
    const step = await registration(running);
    expect(step.verdict).toBe('pass');
    expect(step.exchanges).toEqual([]);
    expect(step.facts).toContainEqual(['how', 'client ID metadata document']);
    expect(new URL((await running.view()).authorizationUrl!).searchParams.get('client_id')).toBe(url);
  });

  it('says why it registers dynamically when the server supports documents but no URL was given', async () => {
    running = await startOAuthBridge('cimd');
    const step = await registration(running);
    expect(step.detail).toMatch(/supports client ID metadata documents, but the inspector has no HTTPS URL/);
    expect(step.exchanges[0]).toMatchObject({ method: 'POST', status: 201 });
  });
});
