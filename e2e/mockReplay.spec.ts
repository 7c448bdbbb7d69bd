import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, inspector, test } from './support/test.js';
import { scratchFolder } from './support/scratchFolder.js';

// The page inspecting `mcp-inspect mock` (issue 25): a session of the demo server recorded in the
// legacy era with the CLI's --traffic, served back by the mock as the page's stdio server. The
// page finds the era by itself (server/discover is refused, as a 2025-era server refuses it) and
// shows the recorded server and its tools.

const CLI = fileURLToPath(new URL('../dist/server/cli.js', import.meta.url));
const scratch = scratchFolder('mcp-inspect-e2e-mock-');
const recording = join(scratch, 'session.jsonl');
const recorded = spawnSync(process.execPath, [CLI, 'tools', '--era', 'legacy', '--traffic', recording], {
  encoding: 'utf8',
});

test.use({ cliArgs: [process.execPath, CLI, 'mock', recording, '--speed', '0'] });

test('the page inspects a mock of a recorded session: the recorded era, server and tools', async ({
  page,
  cli,
}) => {
  expect(recorded.status, recorded.stderr).toBe(0);
  const ui = inspector(page);
  await page.goto(cli.url);
  await expect(page.getByLabel('Protocol era')).toHaveText('legacy · 2025-11-25');
  await ui.pickTool('Echo', 'echo');
  await ui.tab('Server');
  await expect(page.getByRole('region', { name: 'Server' })).toContainText('mcp-inspect-demo');
});
