import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readRecording } from '../../shared/recording/readRecording.js';
import { fromJsonLines } from '../../shared/core/traffic/jsonLines.js';
import { Capture } from './capture.js';
import { CaptureFile, DEFAULT_CAPTURE_LIMITS, pruneCaptures } from './captureFile.js';
import { CaptureRing } from './captureRing.js';
import { SecretValues } from './secretValues.js';

const scratch = mkdtempSync(join(tmpdir(), 'mcp-inspect-capture-file-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let n = 0;
const folder = () => join(scratch, `d${(n += 1)}`);
const info = (id: string) => ({
  id,
  transport: 'stdio' as const,
  server: 'node server.js',
  proxyPid: 1,
  inject: [],
});

describe('capture files', () => {
  it('are recordings: the page imports them and readRecording takes their frames', async () => {
    const dir = folder();
    const file = new CaptureFile(dir, 'one');
    const capture = new Capture(info('one'), new SecretValues(), [file]);
    capture.state({ state: 'connected', transport: 'stdio', pid: 42 });
    capture.line('toServer', '{"jsonrpc":"2.0","id":1,"method":"tools/list"}', 46);
    capture.line('fromServer', '{"jsonrpc":"2.0","id":1,"result":{"tools":[]}}', 46);
    capture.line('fromServer', 'not json at all', 15);
    capture.stderr('a line on stderr');
    capture.note('a note');
    capture.close();
    await file.done;
    const text = readFileSync(file.path, 'utf8');
    expect(statSync(file.path).mode & 0o777).toBe(0o600);
    const recording = readRecording(text);
    expect('frames' in recording && recording.frames.map((frame) => frame.dir)).toEqual([
      'toServer',
      'fromServer',
    ]);
    const imported = fromJsonLines(text);
    expect(imported.skipped).toEqual([]);
    expect(imported.records.map((record) => record.type)).toEqual([
      'state',
      'frame',
      'frame',
      'transportError',
      'stderr',
      'note',
    ]);
  });

  it('stop at their size bound, and say how many records are missing with a gap record', async () => {
    const dir = folder();
    const file = new CaptureFile(dir, 'small', { ...DEFAULT_CAPTURE_LIMITS, maxFileBytes: 2_000 });
    const capture = new Capture(info('small'), new SecretValues(), [file]);
    for (let i = 0; i < 100; i += 1)
      capture.line('toServer', `{"jsonrpc":"2.0","id":${i},"method":"ping"}`, 40);
    capture.close();
    await file.done;
    const lines = readFileSync(file.path, 'utf8').trim().split('\n');
    const last = JSON.parse(lines[lines.length - 1] ?? '') as { type: string };
    expect(last.type).toBe('gap');
    // Every record is in the file or counted by a gap (one at the end, and one wherever the
    // disk fell behind for a moment and then caught up).
    const records = lines.slice(1).map((line) => JSON.parse(line) as { type: string; count?: number });
    const gaps = records.filter((record) => record.type === 'gap');
    const missing = gaps.reduce((sum, gap) => sum + (gap.count ?? 0), 0);
    expect(records.length - gaps.length + missing).toBe(100);
    expect(statSync(file.path).size).toBeLessThan(2_200);
  });

  it('never write through a file someone put in their place', () => {
    const dir = folder();
    new CaptureFile(dir, 'taken').close();
    expect(() => new CaptureFile(dir, 'taken')).toThrow(/EEXIST/);
  });

  it('are pruned to the newest within the count and size bounds, leaving other files alone', async () => {
    const dir = folder();
    new CaptureFile(dir, 'x').close();
    for (let i = 0; i < 6; i += 1) {
      const path = join(dir, `c${i}.jsonl`);
      writeFileSync(path, 'x'.repeat(100));
      utimesSync(path, 1_000 + i, 1_000 + i);
    }
    writeFileSync(join(dir, 'notes.txt'), 'mine');
    const removed = await pruneCaptures(dir, { ...DEFAULT_CAPTURE_LIMITS, maxFiles: 4, maxTotalBytes: 250 });
    expect(removed.sort()).toEqual(['c0.jsonl', 'c1.jsonl', 'c2.jsonl', 'c3.jsonl']);
    expect(readdirSync(dir).sort()).toEqual(['c4.jsonl', 'c5.jsonl', 'notes.txt', 'x.jsonl']);
  });
});

describe('the capture ring', () => {
  it('keeps the newest records within its bounds, and counts the others', () => {
    const ring = new CaptureRing(3, 1_000);
    ring.begin('{"type":"mcp-inspect-traffic"}');
    for (let i = 1; i <= 5; i += 1) ring.write(`{"seq":${i}}`);
    expect(ring.snapshot()).toEqual({
      header: '{"type":"mcp-inspect-traffic"}',
      records: ['{"seq":3}', '{"seq":4}', '{"seq":5}'],
      dropped: 2,
    });
  });
});

describe('secret values', () => {
  it('are masked in text and inside JSON strings, keeping the JSON valid', () => {
    const secrets = new SecretValues();
    secrets.addFromEnvironment({
      GITHUB_TOKEN: 'ghp_"quoted"\\value',
      HOME: '/home/someone',
      MONKEY: 'banana-split',
    });
    secrets.add('abc');
    const json = JSON.stringify({ a: 'token ghp_"quoted"\\value here', home: '/home/someone' });
    const masked = secrets.maskJson(json);
    expect(JSON.parse(masked)).toEqual({ a: 'token •••••• here', home: '/home/someone' });
    expect(secrets.maskText('abc banana-split')).toBe('abc banana-split');
  });
});
