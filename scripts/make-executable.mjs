// tsc drops the executable bit; the bin must keep it for `npx mcp-inspect` on POSIX.
import { chmodSync } from 'node:fs';
chmodSync(new URL('../dist/server/cli.js', import.meta.url), 0o755);
