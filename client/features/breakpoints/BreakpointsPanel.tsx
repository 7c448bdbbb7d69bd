import { useState } from 'react';
import { DEFAULT_HOLD_LIMIT_SECONDS, MAX_HOLD_LIMIT_SECONDS } from '../../../shared/breakpointWire';
import { saveBreakpoints, type BreakpointRuleView } from './breakpointsApi';
import { HeldMessageCard } from './HeldMessageCard';
import { RuleForm, ruleWords } from './RuleForm';
import { useBreakpoints } from './useBreakpoints';
import './breakpoints.css';

/**
 * The Breakpoints tab: breakpoints on the sessions hosts run through `mcp-inspect proxy`
 * (docs/capture.md, "Breakpoints"). The person sets rules; a proxy holds what matches; each held
 * message is shown with how long it has been held, to forward (edited or not), drop or answer.
 * Opening the tab starts the bridge's collector, which proxies find through the rendezvous file.
 */
export function BreakpointsPanel() {
  const { state, problem, setState } = useBreakpoints();
  const [limitText, setLimitText] = useState<string>();
  const [saveProblem, setSaveProblem] = useState<string>();
  const rules = state?.rules ?? [];
  const limit = state?.holdLimitSeconds ?? DEFAULT_HOLD_LIMIT_SECONDS;

  const save = (next: BreakpointRuleView[], holdLimitSeconds: number) => {
    setSaveProblem(undefined);
    saveBreakpoints({ rules: next, holdLimitSeconds }).then(setState, (error: Error) =>
      setSaveProblem(error.message),
    );
  };
  const saveLimit = () => {
    const seconds = Number(limitText);
    if (!Number.isInteger(seconds) || seconds < 1 || seconds > MAX_HOLD_LIMIT_SECONDS) {
      setSaveProblem(`The hold limit is a whole number of seconds from 1 to ${MAX_HOLD_LIMIT_SECONDS}.`);
      return;
    }
    save(rules, seconds);
    setLimitText(undefined);
  };

  return (
    <section className="breakpoints-panel" aria-label="Breakpoints">
      <p className="breakpoints-intro">
        Hold messages of the sessions hosts run through <code>mcp-inspect proxy</code>, to edit, forward, drop
        or answer them yourself. A held message goes on as it was after the hold limit, and at once if this
        page goes away.{' '}
        {state && (
          <span aria-label="Linked sessions">
            {state.sessions.length === 0
              ? 'No proxied session is linked yet.'
              : `${state.sessions.length} proxied session${state.sessions.length === 1 ? '' : 's'} linked.`}
          </span>
        )}
      </p>
      {(problem ?? saveProblem) && (
        <p className="field-error" role="alert">
          {problem ?? saveProblem}
        </p>
      )}
      <RuleForm disabled={state === undefined} onAdd={(rule) => save([...rules, rule], limit)} />
      <div className="breakpoint-limit">
        <label>
          Hold limit (seconds)
          <input
            inputMode="numeric"
            value={limitText ?? String(limit)}
            onChange={(event) => setLimitText(event.target.value)}
          />
        </label>
        <button type="button" onClick={saveLimit} disabled={limitText === undefined}>
          Set limit
        </button>
      </div>
      <ul className="breakpoint-rules" aria-label="Breakpoints set">
        {rules.map((rule) => (
          <li key={rule.id}>
            <code>{ruleWords(rule)}</code>
            <button
              type="button"
              aria-label={`Remove ${ruleWords(rule)}`}
              onClick={() =>
                save(
                  rules.filter((each) => each.id !== rule.id),
                  limit,
                )
              }
            >
              Remove
            </button>
          </li>
        ))}
        {rules.length === 0 && (
          <li className="placeholder">No breakpoint: proxies pass every byte as it comes.</li>
        )}
      </ul>
      <h3>Held messages</h3>
      <div className="held-list" role="list" aria-label="Held messages">
        {(state?.held ?? []).map((held) => (
          <div role="listitem" key={`${held.session}#${held.held}`}>
            <HeldMessageCard held={held} />
          </div>
        ))}
        {state && state.held.length === 0 && <p className="placeholder">Nothing is held.</p>}
      </div>
      {state && state.recent.length > 0 && (
        <>
          <h3>Released</h3>
          <ul className="breakpoint-recent" aria-label="Released messages">
            {[...state.recent].reverse().map((entry) => (
              <li key={`${entry.session}#${entry.held}`}>
                {new Date(entry.at).toLocaleTimeString()} · {entry.what}: {releaseWords(entry.how)}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function releaseWords(how: string): string {
  switch (how) {
    case 'edited':
      return 'forwarded as edited';
    case 'limit':
      return 'forwarded as it was: the hold limit passed';
    case 'answered':
      return 'answered by you';
    case 'dropped':
      return 'dropped';
    default:
      return 'forwarded as it was';
  }
}
