import { describe, expect, it } from 'vitest';
import { browserChoice, openBrowser, openerFor } from './openBrowser.js';

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

describe('the BROWSER variable', () => {
  const url = 'http://127.0.0.1:1/#token=t';

  it('leaves the system default when unset or empty', () => {
    expect(browserChoice(undefined)).toEqual({ kind: 'default' });
    expect(browserChoice('  ')).toEqual({ kind: 'default' });
    expect(openerFor(url, undefined)?.[1]).toContain(url);
  });

  it('opens nothing for none, in any case', () => {
    expect(browserChoice('none')).toEqual({ kind: 'none' });
    expect(openerFor(url, 'NONE')).toBeUndefined();
  });

  it('runs the program it names, with its arguments and the link', () => {
    expect(openerFor(url, 'firefox')).toEqual(['firefox', [url]]);
    expect(openerFor(url, 'chromium --new-window')).toEqual(['chromium', ['--new-window', url]]);
    expect(openerFor(url, 'open -a %s --fresh')).toEqual(['open', ['-a', url, '--fresh']]);
  });

  it('is the opener that runs', async () => {
    const said = await openBrowser(url, openerFor(url, `${process.execPath} -e process.exit(4)`));
    expect(said).toEqual({ opened: false, reason: `${process.execPath} exited with code 4` });
  });
});
