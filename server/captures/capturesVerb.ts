import { copyFileSync, constants, readdirSync, statSync, chmodSync } from 'node:fs';
import { join } from 'node:path';
import { CAPTURE_EXTENSION } from '../proxy/captureFile.js';
import { defaultCaptureDir } from '../proxy/stateFolder.js';
import { exportCollection } from './captureToCollection.js';
import type { CapturedSession } from './capturedSession.js';
import { summarizeCapture } from './captureSummary.js';

export const CAPTURES_HELP = `Usage: mcp-inspect captures [list] [--capture-dir DIR] [--json]
       mcp-inspect captures export <id> -o <file> [--capture-dir DIR]
       mcp-inspect captures export <id> --collection <file> [--capture-dir DIR]
       mcp-inspect captures watch

The sessions mcp-inspect proxy captured. list: one a line (id, start, host, era, server, state);
export: the capture as a recording (mock, diff and the page's import take it: it is one already),
or with --collection the host's calls as a collection (mcp-inspect test <file> -- <server>);
watch: take live sessions from proxies (the rendezvous) and print each as it starts and changes.`;

/** `mcp-inspect captures …`; resolves with the exit code. */
export async function runCaptures(argv: readonly string[]): Promise<number> {
  const words = [...argv];
  const option = (name: string, short?: string): string | undefined => {
    const at = words.findIndex((word) => word === name || word === short);
    if (at < 0) return undefined;
    const value = words[at + 1];
    words.splice(at, 2);
    return value;
  };
  if (words.includes('-h') || words.includes('--help')) {
    process.stdout.write(`${CAPTURES_HELP}\n`);
    return 0;
  }
  const json = words.includes('--json');
  if (json) words.splice(words.indexOf('--json'), 1);
  const dir = option('--capture-dir') ?? defaultCaptureDir();
  const output = option('--output', '-o');
  const collectionFile = option('--collection');
  const [action = 'list', subject] = words;
  switch (action) {
    case 'list': {
      const sessions = listCaptures(dir);
      if (json) process.stdout.write(`${JSON.stringify({ dir, sessions })}\n`);
      else if (sessions.length === 0) process.stderr.write(`no captures in ${dir}\n`);
      else for (const session of sessions) process.stdout.write(`${sessionLine(session)}\n`);
      return 0;
    }
    case 'export': {
      if (subject === undefined || (output === undefined) === (collectionFile === undefined)) {
        process.stderr.write('captures export <id> -o <file>, or captures export <id> --collection <file>\n');
        return 1;
      }
      const source = join(dir, `${subject.replace(/\.jsonl$/, '')}${CAPTURE_EXTENSION}`);
      if (collectionFile !== undefined) return exportCollection(source, subject, collectionFile);
      if (output === undefined) return 1;
      try {
        // Never onto a file that is there: a recording is not overwritten by mistake.
        copyFileSync(source, output, constants.COPYFILE_EXCL);
        chmodSync(output, 0o600);
      } catch (error) {
        process.stderr.write(
          `cannot export ${subject}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}\n`,
        );
        return 1;
      }
      process.stderr.write(
        `wrote ${output}: mcp-inspect mock ${output}, or diff it against another recording\n`,
      );
      return 0;
    }
    case 'watch': {
      const { CaptureCollector } = await import('./captureCollector.js');
      const collector = await CaptureCollector.start({
        onChange: (session) =>
          process.stdout.write(`${json ? JSON.stringify(session) : sessionLine(session)}\n`),
      });
      process.stderr.write(`taking captured sessions on 127.0.0.1:${collector.port}; Ctrl-C to stop\n`);
      await new Promise<void>((resolve) => {
        for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(signal, () => resolve());
      });
      await collector.close();
      return 0;
    }
    default:
      process.stderr.write(`captures ${action}: list, export or watch\n`);
      return 1;
  }
}

/** The capture files of a folder, newest first, each read far enough to name its host. */
export function listCaptures(dir: string): (CapturedSession & { file: string; bytes: number })[] {
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => name.endsWith(CAPTURE_EXTENSION));
  } catch {
    return [];
  }
  const sessions: (CapturedSession & { file: string; bytes: number })[] = [];
  for (const name of names) {
    const file = join(dir, name);
    const session = summarizeCapture(file);
    if (session) sessions.push({ ...session, file, bytes: statSync(file).size });
  }
  return sessions.sort((a, b) => b.startedAt - a.startedAt);
}

function sessionLine(session: CapturedSession): string {
  const host = session.client
    ? `${session.client.name}${session.client.version ? ` ${session.client.version}` : ''}`
    : '(no handshake yet)';
  const started = new Date(session.startedAt).toISOString().replace('T', ' ').slice(0, 19);
  return `${session.id}  ${started}  ${host}  ${session.era ?? '?'}  ${session.state}  ${session.server}`;
}
