import { useMemo, useRef, useState } from 'react';
import type { Tool } from '@modelcontextprotocol/client';
import { pruneUnset } from '../../components/schemaForm/normalizeSchema';
import type { SchemaFormHandle } from '../../components/schemaForm/SchemaForm';
import { schemaProblems, type SchemaProblem } from '../../components/schemaForm/schemaProblems';
import { prepareSchemaForm } from '../../components/schemaForm/schemaValidator';
import { argumentsToSend, fillRequiredContainers } from '../../components/schemaForm/sendValue';
import { argumentMemory } from './argumentMemory';
import { parseArguments, type ParsedArguments } from './parseArguments';
import { useSendDefaults } from './sendDefaults';

export type ArgumentsMode = 'form' | 'json';

const memory = argumentMemory(localStorage);

function toJson(value: Record<string, unknown>): string {
  return JSON.stringify(value, null, 2);
}

const NO_PROBLEMS: SchemaProblem[] = [];

/**
 * A tool's arguments in either of their two editors. The form holds a value, the JSON editor a
 * text; switching converts one into the other so nothing typed is lost. The last arguments are
 * remembered per server and tool. In the form, the schema's defaults are shown, not filled in:
 * what is sent (`toSend`) holds only what the person set, plus the defaults when they ask.
 */
export function useToolArguments(tool: Tool, serverName: string) {
  const prepared = useMemo(() => prepareSchemaForm(tool.inputSchema), [tool.inputSchema]);
  const [renderProblem, setRenderProblem] = useState<string | undefined>();
  const formProblem = 'problem' in prepared ? prepared.problem : renderProblem;
  const form = 'problem' in prepared ? undefined : prepared;
  /** A fresh form: nothing set, but required arrays and objects present (they are always sent). */
  const fresh = (value: Record<string, unknown>): Record<string, unknown> =>
    (form ? fillRequiredContainers(value, form.schema) : value) as Record<string, unknown>;

  const [state, setState] = useState(() => {
    const value = fresh(memory.load(serverName, tool.name) ?? {});
    return { mode: (formProblem ? 'json' : 'form') as ArgumentsMode, value, jsonText: toJson(value) };
  });
  const [sendDefaults, setSendDefaults] = useSendDefaults();
  const [switchError, setSwitchError] = useState<string | undefined>();
  const formRef = useRef<SchemaFormHandle>(null);
  const mode: ArgumentsMode = formProblem ? 'json' : state.mode;
  const parsedJson: ParsedArguments | undefined =
    mode === 'json' ? parseArguments(state.jsonText) : undefined;

  const remember = (value: Record<string, unknown>): void => memory.save(serverName, tool.name, value);
  const toSend = useMemo(
    () => (mode === 'form' && form ? argumentsToSend(state.value, form.schema, sendDefaults) : undefined),
    [mode, form, state.value, sendDefaults],
  );
  const problems = useMemo(
    () => (toSend && form ? schemaProblems(toSend, form.schema) : NO_PROBLEMS),
    [toSend, form],
  );

  const args = {
    mode,
    form,
    formProblem,
    value: state.value,
    jsonText: state.jsonText,
    /** The JSON text's parse error: it blocks the call. */
    jsonError: parsedJson && 'error' in parsedJson ? parsedJson : undefined,
    switchError,
    /** In form mode, exactly the arguments Run sends. */
    toSend,
    /** In form mode, why those arguments do not fit the input schema (Run will not send them). */
    problems,
    sendDefaults,
    setSendDefaults,
    onUnrenderable: setRenderProblem,
    setValue(value: Record<string, unknown>): void {
      setState((current) => ({ ...current, value }));
      remember(pruneUnset(value, form?.schema) as Record<string, unknown>);
    },
    setJsonText(jsonText: string): void {
      setState((current) => ({ ...current, jsonText }));
      setSwitchError(undefined);
      const parsed = parseArguments(jsonText);
      if ('value' in parsed) remember(parsed.value);
    },
    setMode(next: ArgumentsMode): void {
      if (next === mode || (next === 'form' && formProblem)) return;
      if (next === 'json') {
        setState((current) => ({
          ...current,
          mode: next,
          jsonText: toJson(pruneUnset(current.value, form?.schema) as Record<string, unknown>),
        }));
        return;
      }
      const parsed = parseArguments(state.jsonText);
      if ('error' in parsed) {
        setSwitchError(`Fix the JSON before going back to the form. ${parsed.error}`);
        return;
      }
      setState((current) => ({ ...current, mode: next, value: fresh(parsed.value) }));
    },
    /** Back to an empty form (the schema's defaults apply), forgetting what was remembered. */
    reset(): void {
      memory.forget(serverName, tool.name);
      setSwitchError(undefined);
      const value = fresh({});
      setState((current) => ({ ...current, value, jsonText: toJson(value) }));
    },
    /**
     * The arguments to send, or undefined when something must be fixed first: broken JSON, or a
     * form whose value does not fit the schema (the Run area lists why; `collectAnyway` sends).
     */
    collect(): Record<string, unknown> | undefined {
      if (mode === 'json') {
        const parsed = parseArguments(state.jsonText);
        return 'value' in parsed ? parsed.value : undefined;
      }
      if (problems.length > 0) {
        formRef.current?.validate();
        return undefined;
      }
      return toSend ?? (pruneUnset(state.value, form?.schema) as Record<string, unknown>);
    },
    /** The form's arguments whether or not they fit: an author testing the server's own validation. */
    collectAnyway(): Record<string, unknown> | undefined {
      if (mode === 'form') return toSend;
      const parsed = parseArguments(state.jsonText);
      return 'value' in parsed ? parsed.value : undefined;
    },
  };
  // Apart from the state: the form's handle is only for event handlers, never read while rendering.
  return [args, formRef] as const;
}

export type ToolArguments = ReturnType<typeof useToolArguments>[0];
