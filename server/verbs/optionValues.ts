import { InvalidArgumentError } from 'commander';

/** A repeatable option, with no default to show in the help. */
export function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

export function parseSeconds(value: string): number {
  const seconds = Number(value);
  if (!Number.isFinite(seconds) || seconds <= 0)
    throw new InvalidArgumentError('a number of seconds, above 0');
  return seconds;
}
