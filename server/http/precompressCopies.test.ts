import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIN_SAVED_BYTES, precompressDir } from '../../scripts/precompress.mjs';

/** A small entry chunk as the bundler writes one: imports, a call, nothing repeated at length. */
const smallEntry =
  'import{t as e}from"./rolldown-runtime-XKyaHtl9.js";import{n as t,r as n}from"./first-screen-D3ubhrb2.js";' +
  'var r=e((()=>{n()}));export{r as default};window.__mcpInspectBoot=()=>{t(document.getElementById(`root`))};' +
  'for(const o of document.querySelectorAll(`link[rel=modulepreload]`))o.dataset.loaded=`1`;' +
  'export const routes=[`/api/session`,`/api/session/stop`,`/api/session/restart`,`/api/session/target`];' +
  'export const tabs=[`Tools`,`Resources`,`Prompts`,`Requests`,`Logs`,`Tasks`,`Lint`,`Collection`,`Timeline`];' +
  'export const states=[`connecting`,`connected`,`exited`,`error`,`needs sign-in`,`disconnected`];';
const tiny = 'export{};';

let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'mcp-inspect-precompress-'));
  writeFileSync(join(dir, 'entry.js'), smallEntry);
  writeFileSync(join(dir, 'tiny.js'), tiny);
  await precompressDir(dir);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the compressed copies the build writes', () => {
  it('writes one for a file under 1 KB when it saves more than its headers cost', () => {
    expect(smallEntry.length).toBeLessThan(1024);
    const br = readFileSync(join(dir, 'entry.js.br'));
    expect(smallEntry.length - br.length).toBeGreaterThan(MIN_SAVED_BYTES);
    expect(brotliDecompressSync(br).toString()).toBe(smallEntry);
    expect(existsSync(join(dir, 'entry.js.gz'))).toBe(true);
  });

  it('writes none for a file too small to gain from one', () => {
    expect(existsSync(join(dir, 'tiny.js.br'))).toBe(false);
    expect(existsSync(join(dir, 'tiny.js.gz'))).toBe(false);
  });
});
