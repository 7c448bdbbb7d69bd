import { useState } from 'react';

const KEY = 'mcp-inspect.sendDefaults';

/**
 * The "Send defaults" switch: off, a field left unset is left out and the server applies its own
 * default; on, the schema's defaults are filled in. One choice for the page, kept across reloads.
 */
export function useSendDefaults(): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(() => readSetting());
  return [
    on,
    (next: boolean) => {
      setOn(next);
      try {
        localStorage.setItem(KEY, next ? '1' : '0');
      } catch {
        // Storage refused: the switch still works for this page.
      }
    },
  ];
}

function readSetting(): boolean {
  try {
    return localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}
