// A lint fixture as a stdio server, for the lint verb's tests (the CLI starts it as a user's
// server): node --import tsx server/testSupport/lintFixtures/serve.ts <spec|portability|design|probe|clean>
// (`probe-safety <ms>`: its slow tool answers after that many milliseconds)
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { DESIGN_FIXTURE, PORTABILITY_FIXTURE, PROBE_FIXTURE, SPEC_FIXTURE, cleanServer } from './families.js';
import { probeSafetyFixture } from './probeSafety.js';
import { rawServer } from './rawServer.js';

const FIXTURES = {
  spec: SPEC_FIXTURE,
  portability: PORTABILITY_FIXTURE,
  design: DESIGN_FIXTURE,
  probe: PROBE_FIXTURE,
  'probe-safety': probeSafetyFixture(Number(process.argv[3] ?? 5_000)),
};
const which = process.argv[2] ?? '';

// A crash, as a process has one: gone at once, mid-request.
const crash = () => process.exit(70);

if (which === 'clean') serveStdio(cleanServer);
else if (which in FIXTURES) serveStdio(rawServer(FIXTURES[which as keyof typeof FIXTURES], crash) as never);
else {
  process.stderr.write(
    `unknown fixture "${which}": one of ${[...Object.keys(FIXTURES), 'clean'].join(', ')}\n`,
  );
  process.exit(2);
}
