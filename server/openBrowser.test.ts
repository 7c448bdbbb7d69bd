import { describe, expect, it } from 'vitest';
import { openBrowser } from './openBrowser.js';

const node = (script: string): [string, string[]] => [process.execPath, ['-e', script]];

describe('opening the browser', () => {
  it('is done when the opener succeeds', async () => {
    expect(await openBrowser('http://127.0.0.1:1/', node('process.exit(0)'))).toEqual({ opened: true });
  });

  it('says why when the opener fails, in its own words', async () => {
    expect(
      await openBrowser(
        'http://127.0.0.1:1/',
        node('console.error("xdg-open: no method available"); process.exit(3)'),
      ),
    ).toEqual({
      opened: false,
      reason: `${process.execPath} exited with code 3: xdg-open: no method available`,
    });
  });

  it('says so when there is no opener', async () => {
    expect(await openBrowser('http://127.0.0.1:1/', ['no-such-opener-xyz', []])).toEqual({
      opened: false,
      reason: 'no-such-opener-xyz is not installed',
    });
  });
});
