import type { ProviderKind } from './toolTranslation.js';

/**
 * Which images and sounds each provider's API takes in a user's message: both take PNG, JPEG,
 * GIF and WebP images (base64); OpenAI's chat completions take WAV and MP3 sound
 * (`input_audio`, for its audio models); Anthropic's Messages API takes no sound at all.
 */
const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/** chat completions' `input_audio.format` for a MIME type, when it takes that sound. */
export function openaiAudioFormat(mimeType: string): 'wav' | 'mp3' | undefined {
  const type = mimeType.toLowerCase();
  if (type === 'audio/wav' || type === 'audio/x-wav' || type === 'audio/wave') return 'wav';
  if (type === 'audio/mpeg' || type === 'audio/mp3') return 'mp3';
  return undefined;
}

/** Why the provider cannot be given this image or sound; undefined when it can. */
export function mediaRefusal(
  provider: ProviderKind,
  kind: 'image' | 'audio',
  mimeType: string,
): string | undefined {
  if (kind === 'image')
    return IMAGE_TYPES.has(mimeType.toLowerCase())
      ? undefined
      : `${mimeType} images are not taken (PNG, JPEG, GIF and WebP are)`;
  if (provider === 'anthropic') return "Anthropic's Messages API takes no audio";
  return openaiAudioFormat(mimeType) ? undefined : `${mimeType} audio is not taken (WAV and MP3 are)`;
}
