import type { DpopProofView, OAuthExchange, OAuthStep } from '../../../shared/oauth';

const VERDICT_WORDS: Record<OAuthStep['verdict'], string> = {
  pending: 'not run',
  running: 'running',
  waiting: 'waiting',
  pass: 'passed',
  warn: 'passed with a warning',
  fail: 'failed',
  skipped: 'skipped',
};

/** One step of the flow: verdict, what happened, and on demand the spec's words and the wire. */
export function OAuthStepRow({ step, index }: { step: OAuthStep; index: number }) {
  return (
    <li
      className={`oauth-step verdict-${step.verdict}`}
      aria-label={`Step ${index + 1}: ${step.title}, ${VERDICT_WORDS[step.verdict]}`}
    >
      <div className="oauth-step-head">
        <span className="oauth-verdict">{VERDICT_WORDS[step.verdict]}</span>
        <strong>{step.title}</strong>
        {step.durationMs !== undefined && <span className="oauth-duration">{step.durationMs} ms</span>}
      </div>
      {step.detail && <p className="oauth-detail">{step.detail}</p>}
      {step.got && (
        <p className="oauth-got">
          Got instead: <code>{step.got}</code>
        </p>
      )}
      <details>
        <summary>Requirement, findings and HTTP</summary>
        <p className="oauth-requirement">{step.requirement}</p>
        {step.facts.length > 0 && (
          <dl className="oauth-facts">
            {step.facts.map(([name, value], i) => (
              <div key={`${name}-${i}`}>
                <dt>{name}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        )}
        {step.exchanges.map((exchange, i) => (
          <ExchangeView key={i} exchange={exchange} />
        ))}
      </details>
    </li>
  );
}

function ExchangeView({ exchange }: { exchange: OAuthExchange }) {
  return (
    <section className="oauth-exchange" aria-label={`${exchange.method} ${exchange.url}`}>
      <h4>
        {exchange.method} {exchange.url} → {exchange.status ?? exchange.error ?? 'no answer'}{' '}
        <span className="oauth-duration">{exchange.durationMs} ms</span>
      </h4>
      <pre aria-label="Request">{render(exchange.requestHeaders, exchange.requestBody)}</pre>
      {exchange.dpopProof && <DpopProof proof={exchange.dpopProof} />}
      <pre aria-label="Response">{render(exchange.responseHeaders, exchange.responseBody)}</pre>
    </section>
  );
}

function render(headers: Record<string, string>, body: string | undefined): string {
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  return body === undefined ? lines.join('\n') : `${lines.join('\n')}\n\n${body}`;
}

/** The request's DPoP proof, decoded: what it binds (method, URL, token hash, nonce) and to which key. */
function DpopProof({ proof }: { proof: DpopProofView }) {
  const rows: [string, string][] = [
    ['typ, alg', `${proof.typ}, ${proof.alg}`],
    ['key (jkt)', proof.jkt],
    ['htm, htu', `${proof.htm} ${proof.htu}`],
    ['iat', new Date(proof.iat * 1000).toISOString()],
    ['jti', proof.jti],
    ['ath', proof.ath ?? '(none: no access token yet)'],
    ['nonce', proof.nonce ?? '(none)'],
  ];
  return (
    <dl className="oauth-dpop" aria-label="DPoP proof">
      {rows.map(([name, value]) => (
        <div key={name}>
          <dt>{name}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
