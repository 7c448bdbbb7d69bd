export interface BridgeStartBudget {
  maxBytes: number;
  /** What must not load at the start → a text only its code has. */
  absent: Record<string, string>;
}

export const DEFAULT_SERVER_DIR: string;
export function bridgeStartFiles(serverDir?: string): { file: string; bytes: number; text: string }[];
export function checkBridgeStart(
  serverDir?: string,
  budget?: BridgeStartBudget,
): { files: { file: string; bytes: number }[]; totalBytes: number; limitBytes: number; problems: string[] };
