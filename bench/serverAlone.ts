import { spawn } from 'node:child_process';
import { CLIENT_INFO, PROTOCOL_VERSION, modernEnvelope } from './bridgeClient.js';
import { DEMO_SERVER_PATH } from './paths.js';
import { stopProcess, track } from './processes.js';

const TIMEOUT_MS = 15_000;

/**
 * What the server alone needs: ms from spawning the demo server (`node demoServer.js`, as the CLI
 * does) to its answer to the first request, written to its stdin at once. The floor under the
 * CLI's own "first answer" figure, measured the same way and in the same run.
 */
export async function serverAloneMs(era: 'legacy' | 'modern'): Promise<number> {
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, [DEMO_SERVER_PATH], { stdio: ['pipe', 'pipe', 'ignore'] });
  track(child);
  try {
    const request =
      era === 'modern'
        ? { jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: modernEnvelope() } }
        : {
            jsonrpc: '2.0',
            id: 1,
            method: 'initialize',
            params: { protocolVersion: PROTOCOL_VERSION, capabilities: {}, clientInfo: CLIENT_INFO },
          };
    child.stdin.write(`${JSON.stringify(request)}\n`);
    return await new Promise<number>((resolve, reject) => {
      let output = '';
      const timer = setTimeout(() => reject(new Error('the demo server did not answer')), TIMEOUT_MS);
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (/"id":1[,}]/.test(output)) {
          clearTimeout(timer);
          resolve(performance.now() - spawnedAt);
        }
      });
      child.once('exit', (code) => reject(new Error(`the demo server exited (${code}) before answering`)));
    });
  } finally {
    child.stdin.end();
    await stopProcess(child, 'SIGTERM', 2_000);
  }
}
