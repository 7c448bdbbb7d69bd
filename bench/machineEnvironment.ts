// Imported first by every bench entry point: what the bench changes in its own environment before
// it starts anything, which every process it starts (the CLI, servers, relays) takes over.
import { dropExtraCaBundle } from '../scripts/testEnvironment.mjs';

/**
 * NODE_EXTRA_CA_CERTS as this machine set it, before it was dropped. Node parses that bundle at
 * every start, before any JavaScript (~65 ms of CPU for the system bundle here: `node -e 0` takes
 * 0.08–0.10 s with it, 0.02 s without), which would charge each startup figure with one parse
 * per Node process: two for the CLI and its server, one for the server alone. The bench reaches
 * only loopback over plain HTTP, as the tests do, and measures as on a machine without it.
 */
export const droppedExtraCaBundle: string | undefined = process.env.NODE_EXTRA_CA_CERTS;
dropExtraCaBundle();
