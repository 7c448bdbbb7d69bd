import { useMemo, useRef, useState } from 'react';
import type { Tool } from '@modelcontextprotocol/client';
import { pruneUnset } from '../../components/schemaForm/normalizeSchema';
import type { SchemaFormHandle } from '../../components/schemaForm/SchemaForm';
import { prepareSchemaForm, schemaDefaults } from '../../components/schemaForm/schemaValidator';
import { argumentMemory } from './argumentMemory';
import { parseArguments, type ParsedArguments } from './parseArguments';

export type ArgumentsMode = 'form' | 'json';

const memory = argumentMemory(localStorage);

function toJson(value: Record<string, unknown>): string {
  return JSON.stringify(value, null, 2);
}

/**
 * A tool's arguments in either of their two editors. The form holds a value, the JSON editor a
 * text; switching converts one into the other so nothing typed is lost. The last arguments are
 * remembered per server and tool.
 */
export function useToolArguments(tool: Tool, serverName: string) {
  const prepared = useMemo(() => prepareSchemaForm(tool.inputSchema), [tool.inputSchema]);
  const [renderProblem, setRenderProblem] = useState<string | undefined>();
  const formProblem = 'problem' in prepared ? prepared.problem : renderProblem;
  const form = 'problem' in prepared ? undefined : prepared;
  const defaults = useMemo(() => (form ? schemaDefaults(form.schema) : {}), [form]);

  const [state, setState] = useState(() => {
    const value = memory.load(serverName, tool.name) ?? defaults;
    return { mode: (formProblem ? 'json' : 'form') as ArgumentsMode, value, jsonText: toJson(value) };
  });
  const [switchError, setSwitchError] = useState<string | undefined>();
  const formRef = useRef<SchemaFormHandle>(null);
  const mode: ArgumentsMode = formProblem ? 'json' : state.mode;
  const parsedJson: ParsedArguments | undefined =
    mode === 'json' ? parseArguments(state.jsonText) : undefined;

  const remember = (value: Record<string, unknown>): void => memory.save(serverName, tool.name, value);

  const args = {
    mode,
    form,
    formProblem,
    value: state.value,
    jsonText: state.jsonText,
    /** The JSON text's parse error: it blocks the call. */
    jsonError: parsedJson && 'error' in parsedJson ? parsedJson : undefined,
    switchError,
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
      setState((current) => ({ ...current, mode: next, value: parsed.value }));
    },
    /** Back to the schema's defaults, forgetting what was remembered. */
    reset(): void {
      memory.forget(serverName, tool.name);
      setSwitchError(undefined);
      setState((current) => ({ ...current, value: defaults, jsonText: toJson(defaults) }));
    },
    /** The arguments to send, or undefined when something must be fixed first (shown inline). */
    collect(): Record<string, unknown> | undefined {
      if (mode === 'json') {
        const parsed = parseArguments(state.jsonText);
        return 'value' in parsed ? parsed.value : undefined;
      }
      if (formRef.current && !formRef.current.validate()) return undefined;
      return pruneUnset(state.value, form?.schema) as Record<string, unknown>;
    },
  };
  // Apart from the state: the form's handle is only for event handlers, never read while rendering.
  return [args, formRef] as const;
}

export type ToolArguments = ReturnType<typeof useToolArguments>[0];
