import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkFirstScreen, DEFAULT_CLIENT_DIR } from '../../scripts/first-screen.mjs';
import { FIRST_SCREEN_BUDGET } from '../../scripts/first-screen-budget.mjs';

// The first screen's budget (scripts/first-screen-budget.mjs), checked on the page `npm test`
// has just built, and on small builds made here to show that it catches what it is for.

const folders: string[] = [];
afterEach(async () => {
  await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
});

interface FakeChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  /** Its size: random bytes, which brotli cannot shrink, so the size on the wire is known. */
  bytes: number;
}

/** A build folder as Vite writes it: index.html naming the entry, the chunks, the manifest. */
async function fakeBuild(chunks: Record<string, FakeChunk>, html: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'mcp-inspect-first-screen-'));
  folders.push(dir);
  await mkdir(join(dir, 'assets'));
  await mkdir(join(dir, '.vite'));
  const manifest: Record<string, Omit<FakeChunk, 'bytes'>> = {};
  for (const [key, { bytes, ...entry }] of Object.entries(chunks)) {
    manifest[key] = entry;
    // Served as they are (no .br copy) when random: brotli would not make them smaller.
    await writeFile(join(dir, entry.file), randomBytes(bytes).toString('latin1'), 'latin1');
  }
  await writeFile(join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  await writeFile(join(dir, 'index.html'), html);
  return dir;
}

const budget = { floorBytes: 50_000, headroomBytes: 10_000, chunks: ['index.html', 'first-screen'] };
const html = '<script type="module" src="./assets/index-a.js"></script>';
const split = {
  'index.html': {
    file: 'assets/index-a.js',
    src: 'index.html',
    isEntry: true,
    imports: ['_first-screen-b.js'],
    dynamicImports: ['features/lint/LintPanel.tsx'],
    bytes: 600,
  },
  '_first-screen-b.js': { file: 'assets/first-screen-b.js', name: 'first-screen', bytes: 40_000 },
  'features/lint/LintPanel.tsx': {
    file: 'assets/LintPanel-c.js',
    src: 'features/lint/LintPanel.tsx',
    imports: ['_lint-d.js'],
    bytes: 5_000,
  },
  '_lint-d.js': { file: 'assets/lint-d.js', name: 'lint', bytes: 30_000 },
};

describe('the first screen budget', () => {
  it('passes a build whose first screen is the entry and its static imports, lazy chunks left out', async () => {
    const result = checkFirstScreen(await fakeBuild(split, html), budget);
    expect(result.problems).toEqual([]);
    expect(result.chunks.map((chunk) => chunk.name).sort()).toEqual(['first-screen', 'index.html']);
    expect(result.totalBytes).toBeGreaterThanOrEqual(40_600);
  });

  it('fails naming a large chunk that moved onto the first screen (a static import of the lint engine)', async () => {
    const moved = {
      ...split,
      '_first-screen-b.js': { ...split['_first-screen-b.js'], imports: ['_lint-d.js'] },
    };
    const { problems } = checkFirstScreen(await fakeBuild(moved, html), budget);
    expect(problems.join('\n')).toMatch(
      /chunk\(s\) moved onto the first screen[^]*\blint \(assets\/lint-d\.js, 29\.3 KB\)/,
    );
    expect(problems.join('\n')).toMatch(/over its budget of 58\.6 KB/);
    expect(problems.join('\n')).toContain('scripts/first-screen-budget.mjs');
  });

  it('fails when a known chunk grows past the budget', async () => {
    const grown = { ...split, '_first-screen-b.js': { ...split['_first-screen-b.js'], bytes: 70_000 } };
    const { problems } = checkFirstScreen(await fakeBuild(grown, html), budget);
    expect(problems.join('\n')).toMatch(
      /over its budget[^]*first-screen \(assets\/first-screen-b\.js, 68\.4 KB\)/,
    );
  });

  it('says what to run when there is no build', () => {
    expect(() => checkFirstScreen(join(tmpdir(), 'no-such-build'), budget)).toThrow(/run `npm run build`/);
  });

  it("holds on this checkout's build (npm test builds the page before the unit tests)", () => {
    const { problems, totalBytes, limitBytes } = checkFirstScreen(DEFAULT_CLIENT_DIR, FIRST_SCREEN_BUDGET);
    expect(problems, `first screen ${totalBytes} B brotli, budget ${limitBytes} B`).toEqual([]);
  });
});
