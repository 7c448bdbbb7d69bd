/**
 * Under which host name the inspector's page reaches the app sandbox. A different port is a
 * different origin but the same site, and Chromium keeps same-site frames in one renderer
 * process: the app would share the process (and its main thread) of the page that holds the
 * token. So the sandbox is served under the other loopback name: `localhost` for a page at
 * 127.0.0.1 (or [::1]), 127.0.0.1 for a page at `localhost`. A page opened under any other name
 * (a non-loopback `--host`) gets the sandbox under its own name: nothing else is known to reach
 * this machine from that browser.
 */
export function sandboxHostname(pageHostname: string, sandboxAddress: string): string {
  const page = pageHostname.toLowerCase();
  const ipv4Loopback = ['127.0.0.1', '0.0.0.0', '::'].includes(sandboxAddress);
  // Chromium resolves `localhost` itself, to both ::1 and 127.0.0.1.
  const anyLoopback = ipv4Loopback || sandboxAddress === '::1';
  if (page === 'localhost') return ipv4Loopback ? '127.0.0.1' : page;
  if (/^127(?:\.\d{1,3}){3}$/.test(page) || page === '[::1]') return anyLoopback ? 'localhost' : page;
  return page;
}

/** The host name of a `host[:port]` (an IPv6 literal keeps its brackets). */
export function hostnameOf(host: string): string {
  const bracketed = /^(\[[^\]]*\])(?::\d+)?$/.exec(host);
  if (bracketed) return (bracketed[1] ?? '').toLowerCase();
  return (host.split(':')[0] ?? '').toLowerCase();
}
