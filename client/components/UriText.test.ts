import { describe, expect, it } from 'vitest';
import { uriParts } from './UriText';

describe('uriParts', () => {
  it('breaks after separators and inside long segments at - _ ., never inside ://', () => {
    expect(uriParts('https://api.example.com/v1/repos?state=open&sort=up')).toEqual([
      'https://',
      'api.',
      'example.',
      'com/',
      'v1/',
      'repos?',
      'state=',
      'open&',
      'sort=',
      'up',
    ]);
    expect(uriParts('file:///srv/long-name/a_b.txt').join('')).toBe('file:///srv/long-name/a_b.txt');
    expect(uriParts('file:///srv/x')[0]).toBe('file:///');
  });
});
