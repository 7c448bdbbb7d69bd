import { spawn, type ChildProcess } from 'node:child_process';

/**
 * The process groups of the MCP servers this bridge started, so that none outlives it.
 *
 * Each stdio server runs as the leader of its own group (spawned `detached`), so one signal to
 * the group also reaches what it spawned: the real server behind `npx` or `sh -c`, a helper a
 * wrapper left in the background. A group stays here until it is known to be empty.
 *
 * Three nets, because a bridge can end three ways:
 * - it stops politely (Ctrl-C, SIGTERM, SIGHUP): the session closes the server, escalating;
 * - it exits at once (a second Ctrl-C, a bind failure, a forced exit): an `exit` hook sends
 *   SIGKILL to every group still here, synchronously, before the process is gone;
 * - it is killed (SIGKILL, the OOM killer), when no code of its own runs: a watcher process
 *   (see `startWatcher`) notices and ends the groups for it.
 */
const groups = new Set<number>();
let watcher: ChildProcess | undefined;
let exitHookInstalled = false;

const usesGroups = process.platform !== 'win32';

/** Registers the group a freshly spawned server leads (its pid is the group's id). */
export function adoptGroup(pgid: number): void {
  if (!usesGroups) return;
  groups.add(pgid);
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.on('exit', killAllGroupsNow);
  }
  tellWatcher(`+${pgid}`);
}

/** The group is gone (or given up on): a later signal to its id could hit a stranger. */
function releaseGroup(pgid: number): void {
  if (groups.delete(pgid)) tellWatcher(`-${pgid}`);
}

/**
 * Signals every process in the group (signal 0 only asks whether any is left). Returns false
 * when the group has no process any more.
 */
export function signalGroup(pgid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    // A negative pid addresses the whole group; Windows has no groups, only the process.
    process.kill(usesGroups ? -pgid : pgid, signal);
    return true;
  } catch {
    return false;
  }
}

/**
 * Ends what is left of a group whose leader has exited: SIGTERM, then SIGKILL for whatever
 * still runs after `graceMs`. Resolves once the group is empty or has been sent SIGKILL.
 */
export async function endGroup(pgid: number, graceMs: number): Promise<void> {
  if (!groups.has(pgid)) return;
  if (signalGroup(pgid, 'SIGTERM')) {
    const deadline = Date.now() + graceMs;
    // Processes that exited but that nobody reaped yet (zombies) still count as members,
    // so an emptied group may look alive until the deadline; SIGKILL then costs nothing.
    while (Date.now() < deadline && signalGroup(pgid, 0)) await sleep(50);
    signalGroup(pgid, 'SIGKILL');
  }
  releaseGroup(pgid);
}

/** SIGKILL to every group still registered; synchronous, so it can run in an `exit` hook. */
export function killAllGroupsNow(): void {
  for (const pgid of groups) signalGroup(pgid, 'SIGKILL');
}

/** Whether a group is still registered (for tests and the session's bookkeeping). */
export function isAdopted(pgid: number): boolean {
  return groups.has(pgid);
}

/**
 * The watcher: a tiny `sh` in a session of its own, reading "+pgid" and "-pgid" lines from a
 * pipe whose other end only this bridge holds. However the bridge ends, even by SIGKILL, the
 * kernel closes that end; `read` then sees end-of-file and the watcher ends the groups still
 * listed (SIGTERM, a second, then SIGKILL) and exits.
 *
 * Why this and not the alternatives: Node offers no prctl(PR_SET_PDEATHSIG), and that would
 * reach only the server itself, not what it spawned; a server's own stdin closing is exactly
 * what a stubborn server ignores; a supervisor process per server would stand between the
 * bridge and the server's exit code and pid. One `sh` per bridge costs about a megabyte, and
 * being in its own session it gets neither the terminal's Ctrl-C nor its hang-up.
 */
const WATCHER_SCRIPT = `
trap '' INT HUP
groups=' '
while IFS= read -r line; do
  case $line in
    +[0-9]*) groups="$groups\${line#+} " ;;
    -[0-9]*) kept=' '
      for g in $groups; do [ "$g" = "\${line#-}" ] || kept="$kept$g "; done
      groups=$kept ;;
  esac
done
alive=''
for g in $groups; do kill -TERM -"$g" 2>/dev/null && alive="$alive $g"; done
[ -z "$alive" ] && exit 0
sleep 1
for g in $alive; do kill -KILL -"$g" 2>/dev/null; done
`;

function tellWatcher(line: string): void {
  watcher ??= startWatcher();
  watcher?.stdin?.write(`${line}\n`);
}

function startWatcher(): ChildProcess | undefined {
  let child: ChildProcess;
  try {
    child = spawn('/bin/sh', ['-c', WATCHER_SCRIPT], {
      detached: true,
      stdio: ['pipe', 'ignore', 'ignore'],
    });
  } catch {
    return undefined; // no sh: the exit hook is the remaining net
  }
  // A watcher that could not start or died must not take the bridge with it.
  child.on('error', () => undefined);
  child.stdin?.on('error', () => undefined);
  // Neither the watcher nor its pipe keeps the bridge's event loop alive.
  child.unref();
  (child.stdin as { unref?: () => void } | null)?.unref?.();
  return child;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
