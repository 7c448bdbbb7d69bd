import { describe, expect, it } from 'vitest';
import { parseAppResource } from './appResource';

const URI = 'ui://demo/app.html';
const MIME = 'text/html;profile=mcp-app';

describe('an app resource', () => {
  it('gives the HTML and what its _meta.ui declares', () => {
    const parsed = parseAppResource(
      {
        contents: [
          {
            uri: URI,
            mimeType: MIME,
            text: '<!doctype html><p>hi</p>',
            _meta: {
              ui: {
                csp: { connectDomains: ['https://api.example.com'] },
                prefersBorder: false,
                permissions: { camera: {} },
              },
            },
          },
        ],
      },
      URI,
    );
    expect(parsed).toMatchObject({
      html: '<!doctype html><p>hi</p>',
      csp: { connectDomains: ['https://api.example.com'] },
      prefersBorder: false,
      permissions: { camera: {} },
    });
  });

  it('decodes a base64 blob as UTF-8', () => {
    const html = '<p>Zürich ☀</p>';
    const blob = btoa(String.fromCharCode(...new TextEncoder().encode(html)));
    expect(parseAppResource({ contents: [{ uri: URI, mimeType: MIME, blob }] }, URI)).toMatchObject({ html });
  });

  it('says why it cannot be an app', () => {
    const problem = (result: Parameters<typeof parseAppResource>[0]) =>
      (parseAppResource(result, URI) as { problem?: string }).problem;
    expect(problem({ contents: [] })).toContain('returned 0 contents');
    expect(problem({ contents: [{ uri: URI, mimeType: 'text/html', text: '<p>' }] })).toContain(
      '"text/html"',
    );
    expect(problem({ contents: [{ uri: URI, mimeType: MIME, text: '   ' }] })).toContain('empty');
    expect(problem({ contents: [{ uri: URI, mimeType: MIME, blob: '%%%' }] })).toContain('not valid base64');
  });
});
