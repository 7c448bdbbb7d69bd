// The floor of any bridge: a process that pipes WebSocket messages to a child's stdin and the
// child's stdout lines back, and does nothing else (no parsing, no validation, no stamps, no
// history). The relay bench measures the bridge against it in the same run.
//
// Usage: node --import tsx bench/rawRelayProcess.ts <command> [args...]; prints "port <n>".
import { spawn } from 'node:child_process';
import { WebSocketServer } from 'ws';
import { pipeSocketToChild } from './socketPipe.js';

const [command, ...args] = process.argv.slice(2);
if (command === undefined) throw new Error('usage: rawRelayProcess.ts <command> [args...]');

const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });

wss.on('listening', () => {
  const address = wss.address();
  console.log(`port ${typeof address === 'object' && address !== null ? address.port : address}`);
});

wss.on('connection', (ws) => {
  const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'ignore'] });
  pipeSocketToChild(ws, child);
});

// The bench stops this process with SIGINT; its child notices stdin closing.
process.on('SIGINT', () => process.exit(0));
