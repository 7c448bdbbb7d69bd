import { ProtocolError, SdkError, SdkErrorCode, type Client, type Tool } from '@modelcontextprotocol/client';
import { z } from 'zod';
import type { ProbeAnswer, ProbeKind, ProbeOutcome, ResultSeen } from './findings.js';
import { isSchemaObject, typesOf } from './schemaWalk.js';

export interface ProbeOptions {
  /** Each probe's own timeout: a server that takes longer hangs, as far as the probe is concerned. */
  timeoutMs: number;
  /** Call every tool, not only those that declare readOnlyHint: true (`--probe-all`). */
  all: boolean;
  /** Size of the oversized argument, in characters (1 MiB unless said). */
  oversizedChars?: number;
  /**
   * Whether the shell saw the server go (a process that exited): its transport may answer the
   * pending request with an error of its own rather than the SDK's "connection closed".
   */
  connectionLost?: () => boolean;
  /** Said before each call, so the person sees what is being called. */
  onCall?: (line: string) => void;
}

export interface ProbeRun {
  probes: ProbeOutcome[];
  results: ResultSeen[];
  /** Tools not called because they may change things (without `all`). */
  skipped: string[];
}

const AnyResult = z.looseObject({});
const UNKNOWN_TOOL = 'mcp-inspect-probe-no-such-tool';

/**
 * The behaviour probes, over the raw protocol (the SDK's own argument and result checks would
 * answer for the server): ping; an unknown tool; for each tool it may call, arguments its schema
 * refuses, one oversized string, and (when nothing is required) a plain call whose result feeds
 * the structured-content rule. Only read-only tools unless `all`. The first crash ends the probes:
 * nothing after it would reach the server.
 */
export async function runProbes(
  client: Client,
  tools: readonly Tool[],
  options: ProbeOptions,
): Promise<ProbeRun> {
  const run: ProbeRun = { probes: [], results: [], skipped: [] };
  const note = (probe: ProbeKind, answer: ProbeAnswer, detail?: string, tool?: string): boolean => {
    run.probes.push({
      probe,
      answer,
      ...(tool === undefined ? {} : { tool }),
      ...(detail ? { detail: detail.slice(0, 200) } : {}),
    });
    return answer !== 'crash';
  };
  const call = async (name: string, args: Record<string, unknown>) => {
    try {
      const result = await client.request(
        { method: 'tools/call', params: { name, arguments: args } } as never,
        AnyResult,
        {
          timeout: options.timeoutMs,
        },
      );
      return {
        answer: (result.isError === true ? 'is-error' : 'result') as ProbeAnswer,
        result,
        detail: firstText(result),
      };
    } catch (error) {
      return { ...classify(error, options), result: undefined };
    }
  };

  // The modern era (2026-07-28) has no ping: each request stands alone, and its answer is the sign of life.
  if (client.getProtocolEra() !== 'modern') {
    try {
      await client.ping({ timeout: options.timeoutMs });
      note('ping', 'result');
    } catch (error) {
      const { answer, detail } = classify(error, options);
      if (!note('ping', answer, detail)) return run;
    }
  }

  options.onCall?.(`probe: tools/call ${UNKNOWN_TOOL}`);
  const unknown = await call(UNKNOWN_TOOL, {});
  if (!note('unknown-tool', unknown.answer, unknown.detail)) return run;

  for (const tool of tools) {
    const annotations = isSchemaObject((tool as Record<string, unknown>).annotations)
      ? (tool.annotations as Record<string, unknown>)
      : {};
    if (!options.all && annotations.readOnlyHint !== true) {
      run.skipped.push(tool.name);
      continue;
    }
    const invalid = invalidArguments(tool);
    if (invalid) {
      options.onCall?.(`probe: ${tool.name} with arguments its schema refuses`);
      const outcome = await call(tool.name, invalid);
      if (!note('invalid-arguments', outcome.answer, outcome.detail, tool.name)) return run;
    }
    const oversized = oversizedArguments(tool, options.oversizedChars ?? 1024 * 1024);
    if (oversized) {
      options.onCall?.(`probe: ${tool.name} with an oversized argument`);
      const outcome = await call(tool.name, oversized);
      if (!note('oversized-argument', outcome.answer, outcome.detail, tool.name)) return run;
    }
    if (requiredOf(tool).length === 0) {
      options.onCall?.(`probe: ${tool.name} with no arguments`);
      const plain = await call(tool.name, {});
      if (plain.answer === 'crash') return run;
      if (plain.result) run.results.push({ tool: tool.name, result: plain.result as ResultSeen['result'] });
    }
  }
  return run;
}

/** The SDK's words for a connection that is gone. */
const LOST = new Set<string>([
  SdkErrorCode.ConnectionClosed,
  SdkErrorCode.NotConnected,
  SdkErrorCode.SendFailed,
]);

function classify(error: unknown, options: ProbeOptions): { answer: ProbeAnswer; detail: string } {
  const detail = error instanceof Error ? error.message : String(error);
  if (options.connectionLost?.() === true) return { answer: 'crash', detail };
  if (error instanceof ProtocolError) return { answer: 'rpc-error', detail };
  if (error instanceof SdkError && error.code === SdkErrorCode.RequestTimeout)
    return { answer: 'timeout', detail };
  if (error instanceof SdkError && LOST.has(error.code)) return { answer: 'crash', detail };
  // Anything else came back from the server as an error of some kind (a result the SDK refused).
  return { answer: 'rpc-error', detail };
}

function firstText(result: Record<string, unknown>): string | undefined {
  const content = Array.isArray(result.content) ? result.content : [];
  const text = content.find(
    (block): block is { text: string } => isSchemaObject(block) && typeof block.text === 'string',
  );
  return text?.text;
}

function propertiesOf(tool: Tool): Record<string, Record<string, unknown>> {
  const schema = tool.inputSchema as Record<string, unknown>;
  if (!isSchemaObject(schema) || !isSchemaObject(schema.properties)) return {};
  return Object.fromEntries(
    Object.entries(schema.properties).filter(([, sub]) => isSchemaObject(sub)),
  ) as Record<string, Record<string, unknown>>;
}

function requiredOf(tool: Tool): string[] {
  const schema = tool.inputSchema as Record<string, unknown>;
  return isSchemaObject(schema) && Array.isArray(schema.required)
    ? schema.required.filter((r): r is string => typeof r === 'string')
    : [];
}

/** A value of the property's type that says nothing (for the required ones beside the probe's). */
function plainValue(schema: Record<string, unknown>): unknown {
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if ('const' in schema) return schema.const;
  const type = typesOf(schema)[0];
  return (
    { string: 'probe', number: 0, integer: 0, boolean: false, array: [], object: {}, null: null }[
      type ?? 'string'
    ] ?? 'probe'
  );
}

function filledRequired(tool: Tool): Record<string, unknown> {
  const properties = propertiesOf(tool);
  return Object.fromEntries(requiredOf(tool).map((name) => [name, plainValue(properties[name] ?? {})]));
}

/** Arguments the schema refuses: a required one left out, else a typed one of the wrong type. */
function invalidArguments(tool: Tool): Record<string, unknown> | undefined {
  const required = requiredOf(tool);
  if (required.length > 0) {
    const { [required[0] as string]: _left, ...rest } = filledRequired(tool);
    return rest;
  }
  for (const [name, schema] of Object.entries(propertiesOf(tool))) {
    const types = typesOf(schema);
    if (types.length === 0) continue;
    const wrong = types.includes('string') ? 12345 : 'not-a-' + (types[0] ?? 'value');
    return { [name]: wrong };
  }
  return undefined;
}

/** The required arguments filled, and the first string parameter a megabyte long. */
function oversizedArguments(tool: Tool, chars: number): Record<string, unknown> | undefined {
  const entry = Object.entries(propertiesOf(tool)).find(
    ([, schema]) => typesOf(schema).includes('string') && !('enum' in schema),
  );
  if (!entry) return undefined;
  return { ...filledRequired(tool), [entry[0]]: 'x'.repeat(chars) };
}
