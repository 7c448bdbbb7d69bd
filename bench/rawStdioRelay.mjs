// The floor of any stdio proxy: a Node process that starts the server and pipes the host's stdin
// to it and its stdout back, and does nothing else (no capture, no lines, no rules). The proxy
// bench (proxyOverhead.ts) measures `mcp-inspect proxy` against it in the same run: what is left
// between them is the proxy's own work; what is between it and direct is the extra process hop.
//
// Usage: node bench/rawStdioRelay.mjs <command> [args...]
import { spawn } from 'node:child_process';

const [command, ...args] = process.argv.slice(2);
if (command === undefined) throw new Error('usage: rawStdioRelay.mjs <command> [args...]');
const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'] });
process.stdin.pipe(child.stdin);
child.stdout.pipe(process.stdout);
process.stdin.once('end', () => child.stdin.end());
child.once('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
