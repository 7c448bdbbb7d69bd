import type { Client } from '@modelcontextprotocol/client';
import { collectSurface } from '../core/surface.js';
import type { LintInput } from './findings.js';
import { runProbes, type ProbeOptions, type SkippedTool, type SlowAnswer } from './probes.js';
import { readRawLists, withRawLists } from './rawPages.js';
import type { TrafficWatch } from './trafficWatch.js';

export interface InspectOptions {
  /** Run the behaviour probes (they call tools). */
  probe?: ProbeOptions;
  /** The traffic as it passed (notifications, list pages as sent), fed by the shell. */
  traffic?: TrafficWatch;
}

export interface Inspected extends LintInput {
  /** Tools the probes left alone, and why. */
  probeSkipped: SkippedTool[];
  /** Probe calls answered in time but late. */
  probeSlow: SlowAnswer[];
}

/**
 * Everything lint reads of a connected server: its surface (the core's), each list again page by
 * page as sent (pagination, and the items of a list the SDK refuses as a whole), the probes when
 * asked for, and the notifications seen meanwhile.
 */
export async function inspectServer(client: Client, options: InspectOptions = {}): Promise<Inspected> {
  const surface = await collectSurface(client);
  const lists = await readRawLists(client, surface, options.traffic);
  const input = withRawLists(surface, lists);
  let probeSkipped: SkippedTool[] = [];
  let probeSlow: SlowAnswer[] = [];
  if (options.probe) {
    const run = await runProbes(client, input.surface.tools, options.probe);
    input.observations = { ...input.observations, probes: run.probes, results: run.results };
    probeSkipped = run.skipped;
    probeSlow = run.slow;
  }
  const notifications = options.traffic?.notifications ?? [];
  if (notifications.length > 0) input.observations = { ...input.observations, notifications };
  return { ...input, probeSkipped, probeSlow };
}
