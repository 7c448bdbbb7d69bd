import { ProtocolError, SdkError, SdkErrorCode, type Client, type Tool } from '@modelcontextprotocol/client';
import { z } from 'zod';
import type { ProbeAnswer, ProbeKind, ProbeOutcome, ResultSeen } from './findings.js';
import { systemClock } from '../core/platform.js';
import { isSchemaObject, typesOf } from './schemaWalk.js';

/** Web Crypto, which the page and Node both have; shared/ is compiled without either's types. */
const webCrypto = (globalThis as unknown as { crypto: { getRandomValues(array: Uint8Array): Uint8Array } })
  .crypto;

/**
 * Each probe's own timeout by default: real servers answer some calls in seconds (a 5 s answer
 * is ordinary for one that calls out), and a probe that gives up sooner reports a hang that is not.
 */
export const DEFAULT_PROBE_TIMEOUT_MS = 30_000;
/** An answer later than this (but in time) is reported as slow, not as a hang. */
export const DEFAULT_PROBE_SLOW_MS = 3_000;

export interface ProbeOptions {
  /** Each probe's own timeout: a server that takes longer hangs, as far as the probe is concerned. */
  timeoutMs: number;
  /** An answer that took longer than this is slow (DEFAULT_PROBE_SLOW_MS unless said). */
  slowMs?: number;
  /** Call tools that do not declare readOnlyHint: true too (`--probe-all`). */
  all: boolean;
  /**
   * Call tools that may reach the world outside the server too: openWorldHint unset or true
   * (`--probe-open-world`). A probe sends such a tool a megabyte argument, which it may post to
   * whatever service it calls.
   */
  openWorld?: boolean;
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

/** Why the probes left a tool alone, and the option that would call it. */
export type SkipReason = 'not-read-only' | 'open-world';

export interface SkippedTool {
  tool: string;
  reason: SkipReason;
}

/** Each call the probes make: a probe, or the plain call that reads a tool's result. */
export type ProbeCall = ProbeKind | 'no-arguments';

/** An answer that came in time, but late. */
export interface SlowAnswer {
  probe: ProbeCall;
  tool?: string;
  ms: number;
}

export interface ProbeRun {
  probes: ProbeOutcome[];
  results: ResultSeen[];
  /** Tools not called: they may change things (without `all`), or reach outside (without `openWorld`). */
  skipped: SkippedTool[];
  /** Answers later than `slowMs`: the server is slow there, which is not a hang. */
  slow: SlowAnswer[];
  /** The name the unknown-tool probe called: random, and none the server lists. */
  unknownTool: string;
}

/** Why each reason keeps a tool from the probes, in words, with the option that widens them. */
export const SKIP_REASONS: Record<SkipReason, { why: string; widen: string }> = {
  'not-read-only': { why: 'not read-only, so they may change things', widen: '--probe-all' },
  'open-world': {
    why: 'openWorldHint is not false, so they may pass what they get to a service outside',
    widen: '--probe-open-world',
  },
};

const AnyResult = z.looseObject({});

/**
 * A name for the unknown-tool probe that no listed tool has. Random, so a server cannot list a
 * tool under the name the probe will call (a fixed one could be a destructive tool's), and
 * checked against the list all the same.
 */
export function unknownToolName(tools: readonly Tool[]): string {
  const listed = new Set(tools.map((tool) => tool.name));
  for (;;) {
    const bytes = webCrypto.getRandomValues(new Uint8Array(8));
    const name = `mcp-inspect-probe-unknown-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
    if (!listed.has(name)) return name;
  }
}

/** Which probes may call a tool, by its annotations; undefined when they may. */
export function skipReason(
  tool: Tool,
  options: Pick<ProbeOptions, 'all' | 'openWorld'>,
): SkipReason | undefined {
  const annotations = isSchemaObject((tool as Record<string, unknown>).annotations)
    ? (tool.annotations as Record<string, unknown>)
    : {};
  if (!options.all && annotations.readOnlyHint !== true) return 'not-read-only';
  // The spec's default for openWorldHint is true: only an explicit false keeps the world out.
  if (!options.openWorld && annotations.openWorldHint !== false) return 'open-world';
  return undefined;
}

/**
 * The behaviour probes, over the raw protocol (the SDK's own argument and result checks would
 * answer for the server): ping; an unknown tool; for each tool it may call, arguments its schema
 * refuses, one oversized string, and (when nothing is required) a plain call whose result feeds
 * the structured-content rule. Only read-only tools unless `all`, and only those that declare
 * openWorldHint: false unless `openWorld`. The first crash ends the probes: nothing after it
 * would reach the server.
 */
export async function runProbes(
  client: Client,
  tools: readonly Tool[],
  options: ProbeOptions,
): Promise<ProbeRun> {
  const unknownTool = unknownToolName(tools);
  const run: ProbeRun = { probes: [], results: [], skipped: [], slow: [], unknownTool };
  const slowMs = options.slowMs ?? DEFAULT_PROBE_SLOW_MS;
  /** Notes an answer that came after slowMs, and says so as the calls are said. */
  const timed = async <T>(probe: ProbeCall, tool: string | undefined, send: () => Promise<T>): Promise<T> => {
    const started = systemClock.now();
    try {
      return await send();
    } finally {
      const ms = Math.round(systemClock.now() - started);
      // A timeout is a hang, said by the rules; this is for answers that came, late.
      if (ms > slowMs && ms < options.timeoutMs) {
        run.slow.push({ probe, ...(tool === undefined ? {} : { tool }), ms });
        options.onCall?.(
          `probe: ${tool ?? probe} answered in ${(ms / 1000).toFixed(1)} s: slow (over ${slowMs / 1000} s), not a hang (none in ${options.timeoutMs / 1000} s)`,
        );
      }
    }
  };
  const note = (probe: ProbeKind, answer: ProbeAnswer, detail?: string, tool?: string): boolean => {
    run.probes.push({
      probe,
      answer,
      ...(tool === undefined ? {} : { tool }),
      ...(detail ? { detail: detail.slice(0, 200) } : {}),
    });
    return answer !== 'crash';
  };
  const call = async (probe: ProbeCall, name: string, args: Record<string, unknown>) => {
    try {
      const result = await timed(probe, name === unknownTool ? undefined : name, () =>
        client.request({ method: 'tools/call', params: { name, arguments: args } } as never, AnyResult, {
          timeout: options.timeoutMs,
        }),
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
      await timed('ping', undefined, () => client.ping({ timeout: options.timeoutMs }));
      note('ping', 'result');
    } catch (error) {
      const { answer, detail } = classify(error, options);
      if (!note('ping', answer, detail)) return run;
    }
  }

  options.onCall?.(`probe: tools/call ${unknownTool} (a name the server does not list)`);
  const unknown = await call('unknown-tool', unknownTool, {});
  if (!note('unknown-tool', unknown.answer, unknown.detail)) return run;

  for (const tool of tools) {
    const reason = skipReason(tool, options);
    if (reason) {
      run.skipped.push({ tool: tool.name, reason });
      continue;
    }
    const invalid = invalidArguments(tool);
    if (invalid) {
      options.onCall?.(`probe: ${tool.name} with arguments its schema refuses`);
      const outcome = await call('invalid-arguments', tool.name, invalid);
      if (!note('invalid-arguments', outcome.answer, outcome.detail, tool.name)) return run;
    }
    const oversized = oversizedArguments(tool, options.oversizedChars ?? 1024 * 1024);
    if (oversized) {
      options.onCall?.(`probe: ${tool.name} with an oversized argument`);
      const outcome = await call('oversized-argument', tool.name, oversized);
      if (!note('oversized-argument', outcome.answer, outcome.detail, tool.name)) return run;
    }
    if (requiredOf(tool).length === 0) {
      options.onCall?.(`probe: ${tool.name} with no arguments`);
      const plain = await call('no-arguments', tool.name, {});
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
