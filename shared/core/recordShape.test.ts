import { describe, expect, it } from 'vitest';
import { FrameSchema } from '../wire.js';
import { isFrameRecordShape } from './recordShape.js';

const stamps = { type: 'frame', seq: 3, t: 1.5, dir: 'fromServer', bytes: 40, generation: 1 };

const frames: Record<string, unknown> = {
  request: { ...stamps, message: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'x' } } },
  notification: {
    ...stamps,
    message: { jsonrpc: '2.0', method: 'notifications/message', params: { data: 1 } },
  },
  result: { ...stamps, message: { jsonrpc: '2.0', id: 'a', result: { content: [] } } },
  error: {
    ...stamps,
    synthetic: true,
    message: { jsonrpc: '2.0', id: 2, error: { code: -32000, message: 'x' } },
  },
  elided: { ...stamps, elided: true, message: { jsonrpc: '2.0', id: 2, result: {} } },
};

const notFrames: Record<string, unknown> = {
  'wrong jsonrpc': { ...stamps, message: { jsonrpc: '1.0', id: 1, method: 'x' } },
  'negative seq': { ...stamps, seq: -1, message: { jsonrpc: '2.0', method: 'x' } },
  'bad direction': { ...stamps, dir: 'sideways', message: { jsonrpc: '2.0', method: 'x' } },
  'fractional id': { ...stamps, message: { jsonrpc: '2.0', id: 1.5, result: {} } },
  'result not an object': { ...stamps, message: { jsonrpc: '2.0', id: 1, result: 'yes' } },
  'error without code': { ...stamps, message: { jsonrpc: '2.0', id: 1, error: { message: 'x' } } },
  'neither result nor error': { ...stamps, message: { jsonrpc: '2.0', id: 1 } },
  'no message': { ...stamps },
  'another type': { ...stamps, type: 'stderr', message: { jsonrpc: '2.0', method: 'x' } },
};

describe('isFrameRecordShape', () => {
  it.each(Object.entries(frames))('accepts a %s frame, as the wire schema does', (_name, frame) => {
    expect(FrameSchema.safeParse(frame).success).toBe(true);
    expect(isFrameRecordShape(frame)).toBe(true);
  });

  it.each(Object.entries(notFrames))('refuses %s, as the wire schema does', (_name, frame) => {
    expect(FrameSchema.safeParse(frame).success).toBe(false);
    expect(isFrameRecordShape(frame)).toBe(false);
  });
});
