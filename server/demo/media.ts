// Binary fixtures generated in code rather than shipped as files, so the package stays text-only
// and every call produces byte-identical output for the end-to-end tests.
import { crc32, deflateSync } from 'node:zlib';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pngChunk(type: string, data: Buffer): Buffer {
  const typeBytes = Buffer.from(type, 'ascii');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  // The CRC covers the chunk type and data but not the length.
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(data, crc32(typeBytes)));
  return Buffer.concat([length, typeBytes, data, crc]);
}

/** A square 8-bit RGB PNG: red grows left to right, green top to bottom, blue the opposite way. */
export function gradientPng(size: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // colour type: truecolour, no alpha
  // Bytes 10-12 stay 0: deflate compression, adaptive filtering, no interlace.

  const rowLength = 1 + size * 3;
  const pixels = Buffer.alloc(rowLength * size);
  const scale = Math.max(size - 1, 1);
  for (let y = 0; y < size; y++) {
    const row = y * rowLength;
    // Leading 0 per row is filter type "None", which keeps the encoder trivial.
    pixels[row] = 0;
    for (let x = 0; x < size; x++) {
      const offset = row + 1 + x * 3;
      pixels[offset] = Math.round((x * 255) / scale);
      pixels[offset + 1] = Math.round((y * 255) / scale);
      pixels[offset + 2] = 255 - Math.round(((x + y) * 255) / (2 * scale));
    }
  }

  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(pixels)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export const WAV_SAMPLE_RATE = 8000;

// Short linear ramps at both ends stop the speaker clicking when playback starts and stops.
const FADE_SECONDS = 0.01;

/** A 16-bit mono PCM WAV holding a sine tone at half amplitude. */
export function sineWav(frequency: number, durationMs: number): Buffer {
  const sampleCount = Math.round((WAV_SAMPLE_RATE * durationMs) / 1000);
  const dataSize = sampleCount * 2;
  const wav = Buffer.alloc(44 + dataSize);

  wav.write('RIFF', 0, 'ascii');
  wav.writeUInt32LE(36 + dataSize, 4);
  wav.write('WAVE', 8, 'ascii');
  wav.write('fmt ', 12, 'ascii');
  wav.writeUInt32LE(16, 16); // fmt chunk size for plain PCM
  wav.writeUInt16LE(1, 20); // format: PCM
  wav.writeUInt16LE(1, 22); // channels
  wav.writeUInt32LE(WAV_SAMPLE_RATE, 24);
  wav.writeUInt32LE(WAV_SAMPLE_RATE * 2, 28); // byte rate
  wav.writeUInt16LE(2, 32); // block align
  wav.writeUInt16LE(16, 34); // bits per sample
  wav.write('data', 36, 'ascii');
  wav.writeUInt32LE(dataSize, 40);

  const fadeSamples = Math.max(1, Math.round(WAV_SAMPLE_RATE * FADE_SECONDS));
  for (let i = 0; i < sampleCount; i++) {
    const envelope = Math.min(1, i / fadeSamples, (sampleCount - 1 - i) / fadeSamples);
    const sample = Math.sin((2 * Math.PI * frequency * i) / WAV_SAMPLE_RATE) * envelope * 0.5;
    wav.writeInt16LE(Math.round(sample * 32767), 44 + i * 2);
  }
  return wav;
}
