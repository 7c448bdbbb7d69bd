// The probes against a server that makes them dangerous, in memory (a real SDK v2 server): a
// destructive tool listed under the name the unknown-tool probe used to call (never called now:
// the name is random and checked against the list), read-only tools that reach outside
// (openWorldHint unset or true: left alone unless widened, and said), and a slow answer (said to
// be slow, not a hang). Thresholds are short here so the test is quick; nothing asserts a time.
import { describe, expect, it } from 'vitest';
import { connectClient, createCoreClient, type Answerer } from '../../shared/core/index.js';
import { v2Connection } from '../../shared/core/testServers.js';
import { collectSurface } from '../../shared/core/surface.js';
import { runProbes, type ProbeOptions } from '../../shared/lint/probes.js';
import { OLD_UNKNOWN_TOOL, probeSafetyFixture } from '../testSupport/lintFixtures/probeSafety.js';
import { rawServer } from '../testSupport/lintFixtures/rawServer.js';

const nobody: Answerer = {
  elicit: () => Promise.reject(new Error('nobody to answer')),
  sample: () => Promise.reject(new Error('nobody to answer')),
  roots: () => [],
};

async function probe(slowToolMs: number, options: Partial<ProbeOptions> = {}) {
  const calls: string[] = [];
  const core = createCoreClient({
    era: 'legacy',
    clientInfo: { name: 'probe-test', version: '0' },
    answerer: nobody,
  });
  const transport = v2Connection(
    rawServer(probeSafetyFixture(slowToolMs, (name) => calls.push(name))) as never,
  );
  await connectClient(core.client, transport);
  try {
    const { tools } = await collectSurface(core.client);
    const run = await runProbes(core.client, tools, {
      timeoutMs: 5_000,
      all: false,
      oversizedChars: 1000,
      ...options,
    });
    return { run, calls, tools };
  } finally {
    await core.client.close().catch(() => undefined);
  }
}

describe('the probes on a server that makes them dangerous', () => {
  it('never call a listed tool by the unknown-tool probe, even one named as the old fixed name', async () => {
    const { run, calls, tools } = await probe(0);
    expect(tools.map((tool) => tool.name)).toContain(OLD_UNKNOWN_TOOL);
    expect(calls).not.toContain(OLD_UNKNOWN_TOOL);
    expect(run.unknownTool).toMatch(/^mcp-inspect-probe-unknown-[0-9a-f]{16}$/);
    expect(tools.map((tool) => tool.name)).not.toContain(run.unknownTool);
    // The unknown name reached the server as one it does not list, and was answered as such.
    expect(calls).toContain('(unknown)');
    expect(run.probes.find((p) => p.probe === 'unknown-tool')?.answer).toBe('is-error');
    // Each run draws its own name.
    expect((await probe(0)).run.unknownTool).not.toBe(run.unknownTool);
  });

  it('leave tools whose openWorldHint is unset or true alone by default, and say why', async () => {
    const { run, calls } = await probe(0);
    expect(calls).not.toContain('render_chart');
    expect(calls).not.toContain('web_search');
    expect(run.skipped).toEqual([
      { tool: OLD_UNKNOWN_TOOL, reason: 'not-read-only' },
      { tool: 'render_chart', reason: 'open-world' },
      { tool: 'web_search', reason: 'open-world' },
    ]);
    expect(calls).toContain('slow_report');
  });

  it('call them when the person widens the probes to the open world', async () => {
    const { run, calls } = await probe(0, { openWorld: true });
    expect(calls).toContain('render_chart');
    expect(calls).toContain('web_search');
    expect(run.skipped).toEqual([{ tool: OLD_UNKNOWN_TOOL, reason: 'not-read-only' }]);
    expect(calls).not.toContain(OLD_UNKNOWN_TOOL);
  });

  it('say a late answer is slow, not a hang', async () => {
    const { run } = await probe(600, { slowMs: 200, timeoutMs: 5_000 });
    expect(run.slow).toEqual([{ probe: 'no-arguments', tool: 'slow_report', ms: expect.any(Number) }]);
    expect(run.probes.every((p) => p.answer !== 'timeout')).toBe(true);
    expect(run.results.map((result) => result.tool)).toContain('slow_report');
  });
});
