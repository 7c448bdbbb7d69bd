import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express, { type NextFunction, type Request, type Response } from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { lazyRouter } from './lazyRouter.js';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** An app with one lazy router under /api/thing, a route after it, and an error handler. */
async function appWith(load: () => Promise<express.Router>): Promise<string> {
  const app = express();
  app.use(lazyRouter('/api/thing', load));
  app.get('/api/other', (_req: Request, res: Response) => void res.send('other'));
  app.use((error: Error, _req: Request, res: Response, _next: NextFunction) => {
    res.status(500).send(`failed: ${error.message}`);
  });
  const server = app.listen(0, '127.0.0.1');
  servers.push(server);
  await new Promise((resolve) => server.once('listening', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function thingRouter(): express.Router {
  const router = express.Router();
  router.get('/api/thing', (_req, res) => void res.send('thing'));
  router.get('/api/thing/sub', (_req, res) => void res.send('sub'));
  return router;
}

describe('lazyRouter', () => {
  it('loads on the first request under its path, once, and lets every other request by', async () => {
    let loads = 0;
    const base = await appWith(async () => {
      loads++;
      return thingRouter();
    });
    expect(await (await fetch(`${base}/api/other`)).text()).toBe('other');
    expect(await (await fetch(`${base}/api/thingamajig`)).status).toBe(404);
    expect(loads).toBe(0);
    const [one, two] = await Promise.all([fetch(`${base}/api/thing`), fetch(`${base}/api/thing/sub`)]);
    expect([await one.text(), await two.text()]).toEqual(['thing', 'sub']);
    expect(await (await fetch(`${base}/api/thing`)).text()).toBe('thing');
    expect(loads).toBe(1);
  });

  it('passes a failed load to the error handler, and tries again on the next request', async () => {
    let loads = 0;
    const base = await appWith(async () => {
      loads++;
      if (loads === 1) throw new Error('chunk missing');
      return thingRouter();
    });
    const failed = await fetch(`${base}/api/thing`);
    expect(failed.status).toBe(500);
    expect(await failed.text()).toBe('failed: chunk missing');
    expect(await (await fetch(`${base}/api/thing`)).text()).toBe('thing');
    expect(loads).toBe(2);
  });
});
