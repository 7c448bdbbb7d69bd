// Entry point of the bundled demo server: `node dist/server/demo/demoServer.js` speaks MCP over
// stdio, in both protocol eras.
import { serveDemoStdio } from './demoStdio.js';

serveDemoStdio();
