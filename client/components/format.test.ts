import { describe, expect, it } from 'vitest';
import {
  formatBytes,
  formatCount,
  formatCountOf,
  formatDateTime,
  formatDuration,
  formatElapsed,
  formatLatency,
  formatRecordTime,
  formatSeconds,
  formatSessionTime,
} from './format';

describe('formatBytes', () => {
  it('keeps small sizes in bytes and larger ones in KB, MB, GB', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(1024 * 1024 - 1)).toBe('1024.0 KB');
    expect(formatBytes(2 * 1024 * 1024)).toBe('2.0 MB');
    expect(formatBytes(10 * 1024 * 1024)).toBe('10.0 MB');
    expect(formatBytes(3 * 1024 ** 3)).toBe('3.0 GB');
  });
});

describe('formatCountOf', () => {
  it('says one in the singular, and every other count grouped, in the plural', () => {
    expect(formatCountOf(1, 'message')).toBe('1 message');
    expect(formatCountOf(0, 'message')).toBe('0 messages');
    expect(formatCountOf(5000, 'tool')).toBe('5,000 tools');
    expect(formatCountOf(2, 'entry', 'entries')).toBe('2 entries');
  });
});

describe('formatCount', () => {
  it('writes counts as toLocaleString("en-US") does', () => {
    for (const n of [0, 7, 999, 1000, 12345, 1234567, 100000, -4200, 1234.5]) {
      expect(formatCount(n)).toBe(n.toLocaleString('en-US', { maximumFractionDigits: 20 }));
    }
  });
});

describe('durations', () => {
  it('formatLatency gives short latencies more digits, and a dash for no measure', () => {
    expect(formatLatency(0.4213)).toBe('0.42 ms');
    expect(formatLatency(12.34)).toBe('12.3 ms');
    expect(formatLatency(1250)).toBe('1.25 s');
    expect(formatLatency(Number.NaN)).toBe('—');
  });
  it('formatDuration shows whole ms below a second and seconds above', () => {
    expect(formatDuration(12.4)).toBe('12 ms');
    expect(formatDuration(1250)).toBe('1.25 s');
  });
  it('formatElapsed ticks in whole ms, then tenths of seconds, never below zero', () => {
    expect(formatElapsed(-3)).toBe('0 ms');
    expect(formatElapsed(450.6)).toBe('451 ms');
    expect(formatElapsed(1249)).toBe('1.2 s');
  });
  it('formatSeconds writes whole seconds bare and others to a tenth', () => {
    expect(formatSeconds(60_000)).toBe('60 s');
    expect(formatSeconds(1_500)).toBe('1.5 s');
  });
});

describe('times', () => {
  it('formatSessionTime writes seconds since the start to the millisecond', () => {
    expect(formatSessionTime(1234.4)).toBe('1.234 s');
    expect(formatSessionTime(0)).toBe('0.000 s');
  });
  it('formatRecordTime writes the local time and the UTC time of a record', () => {
    const startedAt = new Date(2026, 10, 23, 9, 5, 7, 40).getTime();
    expect(formatRecordTime(1.5, startedAt)).toBe(
      `2026-11-23 09:05:07.041 local (${new Date(startedAt + 1.5).toISOString()})`,
    );
    expect(formatRecordTime(0, undefined)).toBe('absolute time unknown');
  });
  it('formatDateTime reads ISO dates and refuses what is not one', () => {
    expect(formatDateTime('2026-11-23T09:05:07Z')).toBe(new Date('2026-11-23T09:05:07Z').toLocaleString());
    expect(formatDateTime('yesterday')).toBeUndefined();
  });
});
