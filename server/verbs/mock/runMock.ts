import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { pairExchanges } from '../../../shared/recording/exchanges.js';
import { readRecording } from '../../../shared/recording/readRecording.js';
import { ReplayBook } from '../../../shared/recording/replayBook.js';
import { visibleControls } from '../../../shared/terminalText.js';
import { readInputFile } from '../inputFile.js';
import { EXIT, VerbFailure } from '../../session/exitCodes.js';
import type { VerbOutput } from '../verbOutput.js';
import type { VerbRequest } from '../verb.js';
import type { MockRequest } from './mockVerb.js';
import { MockSession } from './mockSession.js';

/**
 * `mock <session.jsonl>`: the recording served as an MCP server until the client goes away
 * (stdio) or the mock is stopped (HTTP; Ctrl-C). The file is read once, never written.
 */
export async function runMock(options: VerbRequest<MockRequest>, out: VerbOutput): Promise<number> {
  let book: ReplayBook;
  try {
    book = loadBook(options.file);
  } catch (error) {
    if (!(error instanceof VerbFailure)) throw error;
    out.failure(error);
    return error.exitCode;
  }
  const what = `${options.file} (${book.era} era${book.protocolVersion ? `, protocol version ${book.protocolVersion}` : ''})`;
  const log = (line: string) => out.notice(`mock: ${line}`);
  if (options.http) {
    const { serveMockHttp } = await import('./mockHttp.js');
    let served: Awaited<ReturnType<typeof serveMockHttp>>;
    try {
      served = await serveMockHttp(book, { port: options.port, speed: options.speed, log });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      out.failure(
        new VerbFailure(
          EXIT.usage,
          'usage',
          code === 'EADDRINUSE'
            ? `port ${options.port} on 127.0.0.1 is taken: choose another with --port (0 picks a free one)`
            : `could not listen on 127.0.0.1:${options.port}: ${(error as Error).message}`,
        ),
      );
      return EXIT.usage;
    }
    // Said even with --quiet: whoever started the mock needs its address.
    process.stderr.write(visibleControls(`mock: serving ${what}, listening on ${served.url}`) + '\n');
    await new Promise<void>((resolve) => {
      for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(signal, () => resolve());
    });
    await served.close();
    return EXIT.ok;
  }
  const transport = new StdioServerTransport();
  const session = new MockSession(
    book,
    options.speed,
    (message) => void transport.send(message).catch(() => undefined),
    log,
  );
  transport.onmessage = (message) => session.handle(message);
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
    process.stdin.once('end', () => resolve());
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(signal, () => resolve());
  });
  await transport.start();
  log(`serving ${what} on stdio`);
  await closed;
  session.close();
  await transport.close().catch(() => undefined);
  return EXIT.ok;
}

/** The recording, read and indexed; a file that cannot be used fails with its line (exit 1). */
function loadBook(path: string): ReplayBook {
  const text = readInputFile(path);
  const read = readRecording(text);
  if ('error' in read) throw new VerbFailure(EXIT.usage, 'usage', `${path}: ${read.error}`);
  try {
    return new ReplayBook(pairExchanges(read.frames));
  } catch (error) {
    throw new VerbFailure(EXIT.usage, 'usage', `${path}: ${(error as Error).message}`);
  }
}
