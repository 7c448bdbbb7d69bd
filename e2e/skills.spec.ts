import { expect, inspector, test } from './support/test.js';
import { fixtureStdio } from './support/servers.js';
import { trafficPane } from './support/traffic.js';

// The Skills extension (io.modelcontextprotocol/skills, SEP-2640): the bundled demo server offers
// two skills (one with a directory of templates), a fixture serves files that do not match
// their entries.
test('the demo server’s skills: every page listed, the entry rendered, files verified, directories read', async ({
  page,
  cli,
}, testInfo) => {
  const ui = inspector(page);
  const traffic = trafficPane(page);
  await page.goto(cli.url);
  await expect(ui.connectionState).toHaveText('connected');

  // The page advertises the extension in what it sends; the server declares it, with directoryRead.
  await traffic.search.fill('"io.modelcontextprotocol/skills":{}');
  await expect(traffic.row('request').first()).toBeVisible();
  await traffic.search.fill('');
  await ui.tab('Server');
  await expect(page.getByLabel('Extension io.modelcontextprotocol/skills')).toHaveText(
    'io.modelcontextprotocol/skills · directoryRead',
  );

  await ui.tab('Skills');
  const list = page.getByRole('listbox', { name: 'Skills' });
  await expect(list.getByRole('option')).toHaveCount(2);
  // The demo pages one skill at a time: both pages were walked.
  await expect(traffic.row('request', 'skills/list')).toHaveCount(2);

  await list.getByRole('option', { name: /release-notes/ }).click();
  const skill = page.getByRole('article', { name: 'Skill release-notes' });
  const frontmatter = skill.getByRole('region', { name: 'Frontmatter' });
  await expect(frontmatter).toContainText('Writes release notes from a list of changes');
  await expect(frontmatter).toContainText('{"version":"1.2.0"}');
  await expect(
    skill.getByRole('region', { name: 'SKILL.md' }).getByRole('heading', { name: 'Release notes' }),
  ).toBeVisible();
  const files = skill.getByRole('region', { name: 'Files' });
  await expect(files.getByRole('row', { name: 'SKILL.md' })).toContainText('✓ matches');
  await files.getByRole('button', { name: 'Check every file' }).click();
  for (const name of ['templates/breaking/major.md', 'templates/feature.md', 'templates/fix.md']) {
    await expect(files.getByRole('row', { name })).toContainText('✓ matches');
  }
  await expect(files.getByRole('alert')).toHaveCount(0);

  const directory = skill.getByRole('region', { name: 'Directory' });
  const root = directory.getByRole('group', { name: 'Contents of skill://release-notes' });
  await expect(root).toContainText('SKILL.md');
  await root.getByRole('button', { name: /templates\// }).click();
  const templates = directory.getByRole('group', { name: 'Contents of skill://release-notes/templates' });
  await expect(templates).toContainText('feature.md');
  await expect(templates).toContainText('fix.md');
  await expect(templates.getByRole('button', { name: /breaking\// })).toBeVisible();
  await expect(directory).not.toContainText('not in the skill’s entry');
  await expect(traffic.row('request', 'skills/get')).toHaveCount(1);
  await page.screenshot({ path: testInfo.outputPath('skills-demo.png') });
});

test.describe('a server whose skill files do not match their entries', () => {
  test.use({ cliArgs: fixtureStdio('skillsMismatch.mjs') });

  test('shows each mismatch as an error, and does not render the mismatched SKILL.md', async ({
    page,
    cli,
  }, testInfo) => {
    const ui = inspector(page);
    await page.goto(cli.url);
    await ui.tab('Skills');
    const list = page.getByRole('listbox', { name: 'Skills' });
    await list.getByRole('option', { name: /intact/ }).click();
    const intact = page.getByRole('article', { name: 'Skill intact' });
    await expect(intact.getByRole('row', { name: 'SKILL.md' })).toContainText('✓ matches');

    await list.getByRole('option', { name: /tampered/ }).click();
    const tampered = page.getByRole('article', { name: 'Skill tampered' });
    const files = tampered.getByRole('region', { name: 'Files' });
    await expect(files.getByRole('row', { name: 'SKILL.md' }).getByRole('alert')).toContainText(
      /has digest sha256:[0-9a-f]{64}; the skill entry lists sha256:[0-9a-f]{64}/,
    );
    await expect(tampered.getByRole('region', { name: 'SKILL.md' })).toContainText(
      'Not shown: it does not match its entry',
    );
    await expect(tampered).not.toContainText('Be CAREFUL');
    await files.getByRole('button', { name: 'Check every file' }).click();
    await expect(files.getByRole('row', { name: 'notes/tip.md' }).getByRole('alert')).toContainText(
      'is 33 bytes; the skill entry lists 13',
    );
    await page.screenshot({ path: testInfo.outputPath('skills-mismatch.png') });
  });
});

test.describe('a skill whose SKILL.md is 5 MB', () => {
  test.use({ cliArgs: fixtureStdio('skillsLarge.mjs') });

  test('renders a part, with the rest on demand and in the download, and the page stays usable', async ({
    page,
    cli,
  }, testInfo) => {
    // 5 MB through the bridge, the socket and the digest check: more than the default on a busy machine.
    test.slow();
    const ui = inspector(page);
    await page.goto(cli.url);
    await ui.tab('Skills');
    const list = page.getByRole('listbox', { name: 'Skills' });
    await list.getByRole('option', { name: /huge/ }).click();
    const huge = page.getByRole('article', { name: 'Skill huge' });
    const body = huge.getByRole('region', { name: 'SKILL.md' });
    // Read, verified and the first part rendered: its start, a note of how much, never its end.
    await expect(huge.getByRole('row', { name: 'SKILL.md' })).toContainText('✓ matches', { timeout: 30_000 });
    await expect(body.getByRole('heading', { name: 'Huge', level: 1 })).toBeVisible();
    await expect(body.getByRole('heading', { name: 'Step 1', exact: true })).toBeVisible();
    const shown = body.getByRole('note', { name: 'Shown of SKILL.md' });
    await expect(shown).toContainText(/^Showing the first [\d,]+ of 5,2\d\d,\d\d\d characters\./);
    await expect(body).not.toContainText('The last line of the huge skill.');
    const steps = body.getByRole('heading', { level: 2 });
    const before = await steps.count();
    expect(before).toBeGreaterThan(1);
    expect(before).toBeLessThan(100);
    await page.screenshot({ path: testInfo.outputPath('skills-large.png') });

    // The rest on demand: one more part a click, the parts shown before kept as they were.
    await shown.getByRole('button', { name: 'Show more' }).click();
    await expect.poll(() => steps.count()).toBeGreaterThan(before);
    await expect(body.getByRole('heading', { name: `Step ${before + 1}`, exact: true })).toBeVisible();
    await expect(shown.getByRole('button', { name: 'Download the whole file' })).toBeVisible();

    // With it open, the rest of the page answers: another tab, and another skill.
    await ui.tab('Server');
    await expect(page.getByText('skills-large-fixture').first()).toBeVisible();
    await ui.tab('Skills');
    await list.getByRole('option', { name: /small/ }).click();
    const small = page.getByRole('article', { name: 'Skill small' });
    await expect(small.getByRole('region', { name: 'SKILL.md' })).toContainText('A small skill.');
    await expect(small.getByRole('note', { name: 'Shown of SKILL.md' })).toHaveCount(0);
    await list.getByRole('option', { name: /huge/ }).click();
    await expect(body.getByRole('heading', { name: 'Step 1', exact: true })).toBeVisible();
  });
});
