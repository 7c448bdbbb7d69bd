/** Writes the .br and .gz copies for every compressible file under `root`; returns a summary line. */
export function precompressDir(root: string): Promise<string>;
