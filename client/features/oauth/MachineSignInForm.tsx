import { useState, type FormEvent } from 'react';
import type { MachineSignIn, OAuthView } from '../../../shared/oauth';

type Grant = MachineSignIn['grant'];
type Auth = 'secret' | 'key';

/**
 * A sign-in without a browser (machine to machine): client_credentials with a client secret or a
 * private_key_jwt key, or the jwt-bearer grant with a platform's assertion (workload identity).
 * What is typed goes to the bridge once and is kept there for this server only; the fields are
 * emptied after sending, and the page never reads a value back (the summary says what is set).
 */
export function MachineSignInForm({
  machine,
  busy,
  error,
  onSubmit,
}: {
  machine: OAuthView['machine'];
  busy: boolean;
  error: Error | null;
  onSubmit: (given: MachineSignIn) => void;
}) {
  const [grant, setGrant] = useState<Grant>(machine?.grant ?? 'client-credentials');
  const [auth, setAuth] = useState<Auth>(machine?.keyAlg ? 'key' : 'secret');
  const [clientId, setClientId] = useState(machine?.clientId ?? '');
  const [secret, setSecret] = useState('');
  const [key, setKey] = useState('');
  const [assertion, setAssertion] = useState('');
  const [scope, setScope] = useState('');
  const [dpop, setDpop] = useState(machine?.dpop ?? false);
  const [idpAt, setIdpAt] = useState(machine?.idp?.at ?? '');
  const [idpClientId, setIdpClientId] = useState(machine?.idp?.clientId ?? '');
  const [idToken, setIdToken] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({
      grant,
      clientId,
      ...(auth === 'secret' && secret ? { clientSecret: secret } : {}),
      ...(auth === 'key' && key ? { clientKey: key } : {}),
      ...(grant === 'jwt-bearer' ? { assertion } : {}),
      ...(grant === 'token-exchange'
        ? {
            idp: {
              // A URL ending in a token path is the endpoint itself; anything else is the issuer.
              ...(/\/token\/?$/.test(idpAt.trim())
                ? { tokenEndpoint: idpAt.trim() }
                : { issuer: idpAt.trim() }),
              clientId: idpClientId,
              idToken,
            },
          }
        : {}),
      ...(scope.trim() ? { scope: scope.trim() } : {}),
      ...(dpop ? { dpop } : {}),
    });
    setSecret('');
    setKey('');
    setAssertion('');
    setIdToken('');
  };

  return (
    <details className="oauth-machine" open={machine !== undefined}>
      <summary>Sign in without a browser (client credentials, workload identity, enterprise-managed)</summary>
      <form onSubmit={submit} aria-label="Sign in without a browser">
        <label>
          Grant
          <select value={grant} onChange={(e) => setGrant(e.target.value as Grant)}>
            <option value="client-credentials">client_credentials (a service, no person)</option>
            <option value="jwt-bearer">jwt-bearer (a platform-issued assertion)</option>
            <option value="token-exchange">
              enterprise-managed (an ID token exchanged at your identity provider)
            </option>
          </select>
        </label>
        <label>
          Client ID
          <input value={clientId} onChange={(e) => setClientId(e.target.value)} autoComplete="off" required />
        </label>
        <fieldset>
          <legend>Client authentication</legend>
          <label>
            <input type="radio" checked={auth === 'secret'} onChange={() => setAuth('secret')} /> With a
            secret
          </label>
          <label>
            <input type="radio" checked={auth === 'key'} onChange={() => setAuth('key')} /> With a private key
            (private_key_jwt)
          </label>
          {auth === 'secret' ? (
            <label>
              Client secret
              <input
                type="password"
                value={secret}
                onChange={(e) => setSecret(e.target.value)}
                autoComplete="off"
                placeholder={machine?.secret ? 'set (type to replace)' : 'none: a public client'}
              />
            </label>
          ) : (
            <label>
              Private key (PEM)
              <textarea
                value={key}
                onChange={(e) => setKey(e.target.value)}
                rows={4}
                spellCheck={false}
                placeholder={
                  machine?.keyAlg
                    ? `set, ${machine.keyAlg} (paste to replace)`
                    : '-----BEGIN PRIVATE KEY-----'
                }
              />
            </label>
          )}
        </fieldset>
        {grant === 'jwt-bearer' && (
          <label>
            Assertion (a JWT from your platform)
            <textarea
              value={assertion}
              onChange={(e) => setAssertion(e.target.value)}
              rows={3}
              spellCheck={false}
              required
            />
          </label>
        )}
        {grant === 'token-exchange' && (
          <fieldset>
            <legend>Identity provider</legend>
            <label>
              Issuer or token endpoint
              <input
                value={idpAt}
                onChange={(e) => setIdpAt(e.target.value)}
                autoComplete="off"
                placeholder="https://idp.example.com"
                required
              />
            </label>
            <label>
              Client ID at the identity provider
              <input
                value={idpClientId}
                onChange={(e) => setIdpClientId(e.target.value)}
                autoComplete="off"
                required
              />
            </label>
            <label>
              Your ID token
              <textarea
                value={idToken}
                onChange={(e) => setIdToken(e.target.value)}
                rows={3}
                spellCheck={false}
                placeholder={machine?.idp?.idToken ? 'set (paste to replace)' : 'eyJ…'}
                required
              />
            </label>
          </fieldset>
        )}
        <label>
          Scope (optional)
          <input value={scope} onChange={(e) => setScope(e.target.value)} autoComplete="off" />
        </label>
        <label className="oauth-machine-check">
          <input type="checkbox" checked={dpop} onChange={(e) => setDpop(e.target.checked)} /> DPoP-bound
          tokens even if the server does not ask for them
        </label>
        <p className="oauth-machine-note">
          Kept in the bridge’s memory for this server only; never stored, exported or shown again.
        </p>
        <button type="submit" disabled={busy || clientId.trim() === ''}>
          Sign in without a browser
        </button>
        {error && (
          <p className="notice" role="alert">
            {error.message}
          </p>
        )}
      </form>
    </details>
  );
}
