import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, extname, join } from 'node:path';

/** File extensions for the media types servers send most; others get `.bin`. */
const EXTENSIONS: Record<string, string> = {
  'image/png': '.png',
  'image/jpeg': '.jpg',
  'image/gif': '.gif',
  'image/webp': '.webp',
  'image/svg+xml': '.svg',
  'image/avif': '.avif',
  'audio/wav': '.wav',
  'audio/x-wav': '.wav',
  'audio/wave': '.wav',
  'audio/mpeg': '.mp3',
  'audio/mp3': '.mp3',
  'audio/ogg': '.ogg',
  'audio/webm': '.webm',
  'audio/flac': '.flac',
  'application/pdf': '.pdf',
  'application/zip': '.zip',
  'application/gzip': '.gz',
  'application/json': '.json',
  'text/plain': '.txt',
  'text/html': '.html',
};

/**
 * Writes the images, audio and binary resources of a result into `--save-media DIR`, one file
 * each, numbered in the order they came (`1.png`, `2-swatch.png`). A file already there is never
 * overwritten (the number goes up: a second run into the same folder keeps the first one's), and
 * a name never leaves the folder.
 */
export class MediaFiles {
  private count = 0;
  private made = false;

  constructor(readonly dir: string) {}

  /** Saves base64 data; returns the file's path. */
  save(base64: string, mimeType: string | undefined, nameHint?: string): string {
    if (!this.made) {
      mkdirSync(this.dir, { recursive: true });
      this.made = true;
    }
    const essence = (mimeType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    const hint = nameHint ? safeName(nameHint) : '';
    const hinted = hint ? extname(hint) : '';
    const extension = EXTENSIONS[essence] ?? (hinted || '.bin');
    const stem = hint ? `-${hint.slice(0, hint.length - hinted.length)}` : '';
    const bytes = Buffer.from(base64, 'base64');
    for (;;) {
      this.count += 1;
      const path = join(this.dir, `${this.count}${stem}${extension}`);
      try {
        writeFileSync(path, bytes, { flag: 'wx' });
        return path;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
    }
  }
}

/** A resource URI's last segment, kept to letters, digits and `._-`: never a path. */
function safeName(hint: string): string {
  let last = hint;
  try {
    last = new URL(hint).pathname;
  } catch {
    // not a URL: the hint itself
  }
  return basename(last)
    .replace(/[^A-Za-z0-9._-]/g, '_')
    .replace(/^\.+/, '')
    .slice(0, 80);
}

/** The decoded size of base64 data, without decoding it. */
export function base64Bytes(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((base64.length * 3) / 4) - padding);
}

/** "512 B", "1.2 KB", "3.4 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
