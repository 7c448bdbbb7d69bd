import { defineVerb, type OwnInput } from '../verb.js';

export interface SkillsRequest {
  action: 'list' | 'get';
  /** `get`: the skill's name, or its SKILL.md or root URI. */
  name?: string;
  verify: boolean;
}

export const skillsVerb = defineVerb({
  name: 'skills',
  shape: {
    subject: { name: '[get]', description: 'get: show one skill', optional: true },
    secondSubject: { name: '[name]', description: "the skill's name (or its skill:// URI)" },
    description:
      "The server's skills (the io.modelcontextprotocol/skills extension): listed without reading a file; `get NAME` shows one's frontmatter and SKILL.md, checked against its entry (size, digest, frontmatter). --verify checks every file the entry lists. A file that does not match is not shown: exit 6.",
    examples: [
      'mcp-inspect skills',
      'mcp-inspect skills get release-notes',
      'mcp-inspect skills get release-notes --verify --json',
      'mcp-inspect skills --verify --url http://127.0.0.1:3001/mcp',
    ],
  },
  options(program) {
    program.option(
      '--verify',
      "check every file the skill entries list (size, digest, SKILL.md's frontmatter); exit 6 on a mismatch",
    );
  },
  // `skills`, `skills get NAME`, either with `--verify`.
  request({ options, subject: action, second: name, fail }: OwnInput<{ verify?: boolean }>): {
    skills: SkillsRequest;
  } {
    const verify = options.verify === true;
    if (action === undefined) return { skills: { action: 'list', verify } };
    if (action !== 'get') fail(`skills takes "get <name>" or nothing, not "${action}"`);
    if (name === undefined) fail("skills get needs the skill's name: mcp-inspect skills get <name>");
    return { skills: { action: 'get', name, verify } };
  },
  async session(request) {
    const { skillsVerb } = await import('./runSkills.js');
    return { run: (context) => skillsVerb({ ...context, request }) };
  },
});
