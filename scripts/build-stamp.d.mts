/** A hash of the path and bytes of every file the build reads under `root` (the checkout). */
export function sourceFingerprint(root?: string): string;
