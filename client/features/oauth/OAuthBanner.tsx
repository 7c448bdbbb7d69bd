import { useOAuth } from './useOAuth';
import './oauth.css';

/**
 * Where the person is looking when the server asks for authorization (a 401, a step-up, a
 * refresh that failed): say so, and offer the sign-in.
 */
export function OAuthBanner({ onShow }: { onShow: () => void }) {
  const { view, act, acting } = useOAuth();
  if (!view?.applicable) return null;
  const { status } = view;
  if (status !== 'needed' && status !== 'waiting-for-browser' && status !== 'failed') return null;
  return (
    <section className="oauth-banner" role="alert" aria-label="Authorization needed">
      <p>
        {status === 'needed' && 'This server needs you to sign in (OAuth).'}
        {status === 'waiting-for-browser' && 'Sign-in in progress: finish it on the authorization page.'}
        {status === 'failed' && 'The OAuth sign-in failed.'}{' '}
        {view.trigger && <span className="oauth-trigger">{view.trigger}.</span>}
      </p>
      {status === 'needed' && (
        <button
          type="button"
          disabled={acting}
          onClick={() => {
            act('run');
            onShow();
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
    </section>
  );
}
