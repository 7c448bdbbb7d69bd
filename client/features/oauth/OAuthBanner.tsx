import { useInspectorSnapshot } from '../../session/inspectorContext';
import { useSignInState } from '../../session/signInState';
import { useOAuth } from './useOAuth';
import './oauth.css';

interface OAuthBannerProps {
  /** Starts the sign-in from here: the page shows the steps, then comes back when it is done. */
  onSignIn: () => void;
  /** Shows the steps without starting anything. */
  onShow: () => void;
}

/**
 * Where the person is looking when the server asks for authorization (a 401, a step-up, a
 * refresh that failed): say so, and offer the sign-in. A server that refused to start with a
 * 401 is in a state of its own, "needs sign-in", with Sign in as the main action, not a failure.
 */
export function OAuthBanner({ onSignIn, onShow }: OAuthBannerProps) {
  const { view, act, acting } = useOAuth();
  const { target, targetState } = useInspectorSnapshot();
  const signIn = useSignInState(target, targetState);
  if (!view?.applicable) return null;
  const { status } = view;
  if (status !== 'needed' && status !== 'waiting-for-browser' && status !== 'failed') return null;
  return (
    <section
      className={`oauth-banner${signIn ? ' sign-in-state' : ''}`}
      role="alert"
      aria-label="Authorization needed"
    >
      {signIn === 'needs-sign-in' && <h2>This server needs you to sign in (OAuth)</h2>}
      <p>
        {status === 'needed' && !signIn && 'This server needs you to sign in (OAuth).'}
        {status === 'needed' && signIn && !view.trigger && 'It answered 401 at start.'}
        {status === 'waiting-for-browser' && 'Sign-in in progress: finish it on the authorization page.'}
        {status === 'failed' && 'The OAuth sign-in failed.'}{' '}
        {view.trigger && <span className="oauth-trigger">{view.trigger}.</span>}
      </p>
      {status === 'needed' && (
        <button
          type="button"
          className="primary"
          disabled={acting}
          onClick={() => {
            act('run');
            onSignIn();
          }}
        >
          Sign in
        </button>
      )}
      {view.authorizationUrl && (
        <a href={view.authorizationUrl} target="_blank" rel="noopener noreferrer">
          Open the authorization page
        </a>
      )}
      <button type="button" onClick={onShow}>
        Show the steps
      </button>
      {signIn && targetState?.reason && (
        <details className="oauth-answer">
          <summary>What the server answered</summary>
          <p>{targetState.reason}</p>
        </details>
      )}
    </section>
  );
}
