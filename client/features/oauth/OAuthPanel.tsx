import type { OAuthTokenSummary, OAuthView } from '../../../shared/oauth';
import { MachineSignInForm } from './MachineSignInForm';
import { OAuthStepRow } from './OAuthStepRow';
import { useOAuth } from './useOAuth';
import { formatClockTime } from '../../components/format';
import './oauth.css';

const STATUS_WORDS: Record<OAuthView['status'], string> = {
  idle: 'Not signed in',
  needed: 'The server needs authorization',
  running: 'Running…',
  paused: 'Paused between steps',
  'waiting-for-browser': 'Waiting for you in the browser',
  authorized: 'Signed in',
  failed: 'The sign-in failed',
};

/**
 * The guided view of an OAuth sign-in: every step as a row with its HTTP exchanges, what the
 * spec requires of it and a verdict. "Sign in" runs all the steps it can, "Next step" one.
 */
export function OAuthPanel() {
  const { view, error, act, acting, signInWithoutBrowser, machineError } = useOAuth();
  if (!view) return <p className="placeholder">{error ? `OAuth: ${error.message}` : 'Loading…'}</p>;
  if (!view.applicable) {
    return <p className="placeholder">OAuth applies to servers reached by URL; this one runs over stdio.</p>;
  }
  const busy = acting || view.status === 'running';
  return (
    <section className="oauth-panel" aria-label="OAuth">
      <header className="oauth-header">
        <p role="status" aria-label="OAuth status" className={`oauth-status status-${view.status}`}>
          {STATUS_WORDS[view.status]}
        </p>
        {view.trigger && <p className="oauth-trigger">{view.trigger}</p>}
        <div className="oauth-actions">
          <button type="button" disabled={busy} onClick={() => act('run')}>
            {view.status === 'paused' ? 'Run the remaining steps' : 'Sign in'}
          </button>
          <button
            type="button"
            disabled={busy || view.status === 'waiting-for-browser'}
            onClick={() => act('next')}
          >
            Next step
          </button>
          <button type="button" disabled={busy} onClick={() => act('clear')}>
            Clear OAuth state
          </button>
        </div>
        {view.authorizationUrl && (
          <p className="oauth-authorize">
            <a href={view.authorizationUrl} target="_blank" rel="noopener noreferrer">
              Open the authorization page
            </a>{' '}
            to sign in and consent; the inspector continues by itself when the browser comes back.
          </p>
        )}
        {error && <p className="notice">{error.message}</p>}
        <MachineSignInForm
          machine={view.machine}
          busy={busy}
          error={machineError}
          onSubmit={signInWithoutBrowser}
        />
      </header>
      {view.token && <TokenSummary token={view.token} storeFile={view.storeFile} />}
      {view.steps.length > 0 ? (
        <ol className="oauth-steps" aria-label="OAuth steps">
          {view.steps.map((step, i) => (
            <OAuthStepRow key={step.id} step={step} index={i} />
          ))}
        </ol>
      ) : (
        <p className="placeholder">
          No sign-in yet. “Sign in” runs every step; “Next step” runs them one at a time.
        </p>
      )}
    </section>
  );
}

function TokenSummary({ token, storeFile }: { token: OAuthTokenSummary; storeFile: string | undefined }) {
  return (
    <dl className="oauth-token" aria-label="Token">
      <dt>Issuer</dt>
      <dd>{token.issuer}</dd>
      <dt>Client</dt>
      <dd>{token.clientId}</dd>
      <dt>Scopes</dt>
      <dd>{token.scopes.join(' ') || '(none)'}</dd>
      <dt>Expires</dt>
      <dd>{token.expiresAt === undefined ? 'not said' : formatClockTime(token.expiresAt)}</dd>
      <dt>Access token</dt>
      <dd>{token.accessToken}</dd>
      <dt>Refresh token</dt>
      <dd>{token.refreshToken ?? '(none)'}</dd>
      <dt>Type</dt>
      <dd>{token.dpopKey ? `DPoP, bound to the key ${token.dpopKey} (cnf.jkt)` : 'Bearer'}</dd>
      <dt>Kept</dt>
      <dd>
        {token.persisted && storeFile ? `in memory and in ${storeFile}` : 'in the bridge’s memory only'}
      </dd>
    </dl>
  );
}
