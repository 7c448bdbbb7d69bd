import type { AuthStatus } from '../../bridge/inspectorSession';
import './connectionBar.css';

/** Shown instead of the inspector when the page cannot authenticate to the bridge. */
export function AccessGate({ auth }: { auth: Exclude<AuthStatus, 'ok'> }) {
  if (auth === 'checking') return <p className="gate muted">Connecting to mcp-inspect…</p>;
  const text = {
    'no-token':
      'This page needs its access token. Open the link that mcp-inspect printed in your terminal: it looks like http://127.0.0.1:6464/#token=…',
    'bad-token':
      'This link’s token is not valid for the running mcp-inspect (a new one is made on every start). Open the link printed in your terminal.',
    unreachable: 'mcp-inspect is not answering. Start it again in your terminal and open the link it prints.',
  }[auth];
  return (
    <main className="gate" role="alert" aria-label="Access">
      <h1>mcp-inspect</h1>
      <p>{text}</p>
    </main>
  );
}
