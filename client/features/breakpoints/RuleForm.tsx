import { useState, type FormEvent } from 'react';
import type { BreakpointRuleView } from './breakpointsApi';

/**
 * A new breakpoint: which messages (method, tool or resource name, who sent them), whether to
 * hold the message or its answer, and whether the next one only or every one.
 */
export function RuleForm({
  onAdd,
  disabled,
}: {
  onAdd: (rule: BreakpointRuleView) => void;
  disabled: boolean;
}) {
  const [method, setMethod] = useState('tools/call');
  const [name, setName] = useState('');
  const [from, setFrom] = useState<'' | 'host' | 'server'>('host');
  const [what, setWhat] = useState<'message' | 'answer'>('message');
  const [every, setEvery] = useState(true);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (method.trim() === '') return;
    onAdd({
      id: crypto.randomUUID(),
      method: method.trim(),
      ...(name.trim() === '' ? {} : { name: name.trim() }),
      ...(from === '' ? {} : { from }),
      ...(what === 'answer' ? { answer: true } : {}),
      ...(every ? {} : { once: true }),
    });
    setName('');
  };

  return (
    <form className="breakpoint-form" aria-label="New breakpoint" onSubmit={submit}>
      <label>
        Method
        <input
          value={method}
          onChange={(event) => setMethod(event.target.value)}
          list="breakpoint-methods"
          spellCheck={false}
        />
      </label>
      <datalist id="breakpoint-methods">
        {[
          '*',
          'tools/call',
          'tools/list',
          'resources/read',
          'prompts/get',
          'initialize',
          'sampling/createMessage',
          'elicitation/create',
        ].map((known) => (
          <option key={known} value={known} />
        ))}
      </datalist>
      <label>
        Tool, prompt or URI
        <input
          value={name}
          onChange={(event) => setName(event.target.value)}
          placeholder="any"
          spellCheck={false}
        />
      </label>
      <label>
        Sent by
        <select value={from} onChange={(event) => setFrom(event.target.value as typeof from)}>
          <option value="host">the host (to the server)</option>
          <option value="server">the server (to the host)</option>
          <option value="">either</option>
        </select>
      </label>
      <label>
        Hold
        <select value={what} onChange={(event) => setWhat(event.target.value as typeof what)}>
          <option value="message">the message</option>
          <option value="answer">its answer</option>
        </select>
      </label>
      <label className="breakpoint-every">
        <input type="checkbox" checked={every} onChange={(event) => setEvery(event.target.checked)} />
        Every match (else the next one only)
      </label>
      <button type="submit" disabled={disabled || method.trim() === ''}>
        Add breakpoint
      </button>
    </form>
  );
}

/** How a rule reads in the list: the `--inject` matcher's words. */
export function ruleWords(rule: BreakpointRuleView): string {
  return [
    rule.method,
    rule.name === undefined ? '' : `name=${rule.name}`,
    rule.from === undefined ? '' : `from=${rule.from}`,
    rule.answer ? '→ hold its answer' : '→ hold',
    rule.once ? '(next only)' : '(every)',
  ]
    .filter((word) => word !== '')
    .join(' ');
}
