/**
 * `lint --all` and `test --all`: the verb over every server of the workspace (allServers.ts).
 * Read before anything loads, as the verbs' names are (see cli.ts), so this file imports nothing.
 */
export function runsOverWorkspace(args: readonly string[]): boolean {
  const dash = args.indexOf('--');
  const ours = dash < 0 ? args : args.slice(0, dash);
  return (
    (ours[0] === 'lint' || ours[0] === 'test') &&
    ours.includes('--all') &&
    !ours.includes('--help') &&
    !ours.includes('-h') &&
    !ours.includes('--rules')
  );
}
