/** Writes the .br and .gz copies for every compressible file under `root`; returns a summary line. */
export function precompressDir(root: string): Promise<string>;
/** Bytes a compressed copy must save, beyond which it is worth its headers. */
export const MIN_SAVED_BYTES: number;
/** Whether a compressed copy saves more than the headers that announce it. */
export function worthAVariant(compressed: Uint8Array, original: Uint8Array): boolean;
