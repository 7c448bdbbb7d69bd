// The demo's skills, read by the SDK's own host side of the extension: every page of skills/list,
// skills/get, each file verified against its digest and size, and resources/directory/read.
import { Client } from '@modelcontextprotocol/client';
import { SkillsClient } from '@modelcontextprotocol/client/ext/skills';
import { describe, expect, it } from 'vitest';
import { connectToDemo } from '../testSupport/demoConnection.js';

describe('the demo skills', () => {
  for (const mode of ['auto', 'legacy'] as const) {
    it(`are listed (every page), got and verified file by file (${mode})`, async () => {
      const client = new Client({ name: 'skills', version: '1' }, { versionNegotiation: { mode } });
      await connectToDemo(client);
      const skills = new SkillsClient(client);
      expect(skills.supported).toBe(true);
      expect(skills.directoryRead).toBe(true);

      const { skills: entries } = await skills.list();
      expect(entries.map((skill) => skill.frontmatter.name)).toEqual(['greeting-style', 'release-notes']);
      const { skill } = await skills.get('skill://release-notes/SKILL.md');
      expect(skill.frontmatter).toMatchObject({ name: 'release-notes', metadata: { version: '1.2.0' } });
      expect(Array.isArray(skill.resources) && skill.resources.map((file) => file.uri)).toEqual([
        'skill://release-notes/SKILL.md',
        'skill://release-notes/templates/breaking/major.md',
        'skill://release-notes/templates/feature.md',
        'skill://release-notes/templates/fix.md',
      ]);
      const manifest = await skills.read(skill);
      expect(manifest.verified).toBe(true);
      expect(manifest.body).toContain('# Release notes');
      expect((await skills.read(skill, 'templates/breaking/major.md')).verified).toBe(true);

      const root = await skills.readDirectory('skill://release-notes');
      expect(root.resources.map((child) => [child.name, child.mimeType])).toEqual([
        ['SKILL.md', 'text/markdown'],
        ['templates', 'inode/directory'],
      ]);
      const templates = await skills.readDirectory('skill://release-notes/templates');
      expect(templates.resources.map((child) => child.name)).toEqual(['feature.md', 'fix.md', 'breaking']);
      await client.close();
    });
  }

  it('answers skills/get for an unknown skill with -32602', async () => {
    const client = new Client({ name: 'skills', version: '1' }, { versionNegotiation: { mode: 'auto' } });
    await connectToDemo(client);
    await expect(new SkillsClient(client).get('skill://nope/SKILL.md')).rejects.toThrow(/No skill is served/);
    await client.close();
  });
});
