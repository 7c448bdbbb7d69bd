// What the test runners and the bench change in their own environment before they start anything,
// which their workers take over, as do the processes they start (the CLI, fixture servers, MCP servers).

/**
 * Drops NODE_EXTRA_CA_CERTS. Some machines set it (this one points it at the system's own
 * bundle); Node then reads and parses every certificate at each start, before any JavaScript:
 * ~65 ms of CPU at each of the hundreds of Node starts of a test run. The tests reach only
 * loopback over plain HTTP, so neither they nor what they start need it.
 */
export function dropExtraCaBundle() {
  delete process.env.NODE_EXTRA_CA_CERTS;
}
