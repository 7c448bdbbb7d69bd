import { useState } from 'react';
import { parseCandidates, type ModelCandidate } from '../../../shared/models/modelChoice';

/**
 * The person's rated candidates for sampling (model names and how cheap, fast and capable each
 * is), kept in the page's storage: no secret in them, and they outlive a reload.
 */
const KEY = 'mcp-inspect.samplingCandidates';

export function useSamplingCandidates(): {
  text: string;
  setText: (text: string) => void;
  candidates: ModelCandidate[];
  problems: string[];
} {
  const [text, setStored] = useState(() => localStorage.getItem(KEY) ?? '');
  const setText = (next: string): void => {
    setStored(next);
    if (next.trim() === '') localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, next);
  };
  return { text, setText, ...parseCandidates(text) };
}
