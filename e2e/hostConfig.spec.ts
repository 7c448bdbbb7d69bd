import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startCli } from './support/cli.js';
import { expect, test } from './support/test.js';

// The Hosts tab: a copy of a Claude Desktop config (comments, trailing commas, a token in env) put
// on the proxy and back from the page, previewed as a diff first, with no secret on the page, and
// the file byte for byte as it was after the unwrap.

const FIXTURE = fileURLToPath(new URL('../server/hostConfigs/fixtures/claude-desktop/', import.meta.url));

test('preview a wrap as a diff, write it, and unwrap the file back byte for byte', async ({ page }) => {
  const home = mkdtempSync(join(tmpdir(), 'mcp-inspect-hosts-e2e-'));
  cpSync(FIXTURE, home, { recursive: true });
  const file = join(home, 'claude_desktop_config.json');
  const original = readFileSync(file);
  const cli = await startCli([], { env: { MCP_INSPECT_STATE_DIR: join(home, 'state') } });
  try {
    await page.goto(cli.url);
    await page.getByRole('tab', { name: 'Hosts' }).click();
    const panel = page.getByRole('region', { name: 'Put a host on the proxy' });
    await panel.getByLabel('Config file').fill(file);
    await panel.getByRole('button', { name: 'Read' }).click();
    const servers = panel.getByRole('list', { name: 'Servers in the file' });
    await expect(servers.getByRole('listitem')).toHaveCount(3);
    await expect(servers.getByRole('listitem').first()).toContainText(
      'npx -y @modelcontextprotocol/server-github',
    );

    await servers.getByRole('checkbox').first().check();
    await panel.getByRole('button', { name: 'Preview wrap' }).click();
    const diff = panel.getByLabel('The change to the file');
    await expect(diff).toContainText('"proxy", "--", "npx", "-y", "@modelcontextprotocol/server-github"');
    await expect(diff).toContainText('"GITHUB_PERSONAL_ACCESS_TOKEN": "****"');
    expect(readFileSync(file).equals(original)).toBe(true);
    await page.screenshot({ path: test.info().outputPath('wrap-preview.png') });

    await panel.getByRole('button', { name: 'Wrap: write the file' }).click();
    await expect(panel.locator('.host-config-done')).toContainText('Wrapped github (stdio)');
    await expect(servers.getByRole('listitem').first()).toContainText('on the proxy');
    expect(readFileSync(file, 'utf8')).toContain('"proxy", "--", "npx"');

    await panel.getByRole('button', { name: 'Preview unwrap' }).click();
    await panel.getByRole('button', { name: 'Unwrap: write the file' }).click();
    await expect(panel.locator('.host-config-done')).toContainText(
      'back as it was before the wrap, byte for byte',
    );
    expect(readFileSync(file).equals(original)).toBe(true);
    expect(await page.textContent('body')).not.toContain('fixtureSecret');
  } finally {
    await cli.stop();
    rmSync(home, { recursive: true, force: true });
  }
});
