export interface FirstScreenChunk {
  /** The chunk's source for an entry or a module of its own, else Vite's name for it. */
  name: string;
  file: string;
  /** As served: the brotli copy, or the file itself below the compression threshold. */
  wireBytes: number;
  /** The packages and source folders in it, from its source map. */
  modules: string[];
}

export interface FirstScreenBudget {
  floorBytes: number;
  headroomBytes: number;
  chunks: string[];
}

export const DEFAULT_CLIENT_DIR: string;
export function firstScreenChunks(clientDir?: string): FirstScreenChunk[];
export function checkFirstScreen(
  clientDir?: string,
  budget?: FirstScreenBudget,
): { chunks: FirstScreenChunk[]; totalBytes: number; limitBytes: number; problems: string[] };
export function describe(chunk: FirstScreenChunk): string;
export function kb(bytes: number): string;
