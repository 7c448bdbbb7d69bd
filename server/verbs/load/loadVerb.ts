import type { LoadSettings } from '../../../shared/load/loadRun.js';
import type { ToolCallRequest } from '../call/callVerb.js';
import { argumentsOf } from '../toolArguments.js';
import { defineVerb, type OwnInput } from '../verb.js';
import { loadSettings } from './loadSettings.js';

/** What `load` runs with: the tool, its arguments, how many calls and how fast. */
export interface LoadRequest extends ToolCallRequest {
  load: LoadSettings;
}

interface RawLoadOptions {
  arg?: string[];
  args?: string;
  concurrency?: string;
  requests?: string;
  duration?: string;
  rate?: string;
}

export const loadVerb = defineVerb({
  name: 'load',
  shape: {
    subject: { name: '<tool>', description: 'the tool to call' },
    description:
      'Calls a tool many times, C at a time, for N calls or a duration, optionally at a fixed rate: throughput, outcomes, latency percentiles and a histogram.',
    takesArguments: true,
    examples: [
      'mcp-inspect load echo --arg message=hi --concurrency 8 --requests 1000',
      'mcp-inspect load search --args @query.json --concurrency 4 --duration 30s --rate 50/s --json',
    ],
  },
  options(program) {
    program
      .option('--concurrency <n>', 'calls in flight at once (default 1)')
      .option('--requests <n>', 'stop after this many calls (default 100, unless --duration)')
      .option('--duration <time>', 'stop after this long: 30s, 2m, 500ms')
      .option(
        '--rate <r/s>',
        'start at most this many calls a second, e.g. 50/s (default: as fast as they finish)',
      );
  },
  request({ options, subject, fail }: OwnInput<RawLoadOptions>): LoadRequest {
    const args = argumentsOf(options, fail);
    const load = loadSettings(options);
    if ('error' in load) return fail(load.error);
    // Its arguments are always checked against the tool's inputSchema, once, as call checks them.
    return { ...(subject === undefined ? {} : { subject }), args, validate: true, load };
  },
  async session(request) {
    const { loadVerb } = await import('./runLoad.js');
    return { run: (context) => loadVerb({ ...context, request }) };
  },
});
