import express, { type Request, type Response, type Router } from 'express';
import {
  collectionText,
  parseCollection,
  type Collection,
  type CollectionTarget,
} from '../../shared/collections/format.js';
import { API_COLLECTION_PATH } from '../../shared/http.js';
import { writeFileAtomic } from '../files/atomicWrite.js';
import { readBoundedText } from '../files/boundedRead.js';
import { hasMaskedParts } from '../../shared/urlSecrets.js';
import type { TargetInfo } from '../../shared/wire.js';
import { confirmEnv, EnvConsents, envValues } from './collectionEnv.js';

/** A collection is a file of saved calls: a few megabytes is already far more than a person writes. */
const MAX_BODY = '4mb';

/** What the page learns of the collection file. */
export interface CollectionState {
  path: string;
  exists: boolean;
  collection: Collection | null;
  /** The file is there but does not parse: the page shows why and does not overwrite it. */
  error?: string;
}

/**
 * The collection file's routes (under /api, so the session token and the Origin check apply):
 * GET reads it, PUT saves what the page sends, checked as `test` reads it, written with
 * `collectionText` (sorted keys, one item per block) through a temporary file, so a crash never
 * leaves half a file. The file is written only here, on the person's own save. On the first save
 * the bridge adds the target it inspects, with `${env:NAME}` for every environment value and
 * header value: the page never sees those values, and the file never holds them. POST …/env gives
 * a run in the page the values of the `${env:NAME}` its items use, from the bridge's environment,
 * each once the person confirmed it for this file and server (POST …/env/confirm; see
 * collectionEnv.ts).
 */
export function collectionRouter(
  path: string,
  target: () => TargetInfo | undefined,
  env: NodeJS.ProcessEnv = process.env,
): Router {
  const router = express.Router();
  router.get(API_COLLECTION_PATH, (_req: Request, res: Response) => {
    res.json(readState(path));
  });
  router.put(API_COLLECTION_PATH, express.json({ limit: MAX_BODY }), (req: Request, res: Response) => {
    const current = readState(path);
    if (current.error !== undefined) {
      res.status(409).json({ error: `${path} does not parse, so it is not overwritten: ${current.error}` });
      return;
    }
    const sent = (req.body as { collection?: unknown } | undefined)?.collection;
    const parsed = parseCollection(JSON.stringify(sent ?? null));
    if ('error' in parsed) {
      res.status(400).json({ error: parsed.error });
      return;
    }
    const collection = parsed.collection;
    const kept = current.collection?.target ?? collection.target ?? targetForFile(target());
    const saved: Collection = { ...collection, ...(kept ? { target: kept } : {}) };
    if (!kept) delete saved.target;
    try {
      // 0600: the items hold arguments as the person typed them.
      writeFileAtomic(path, collectionText(saved), 'private');
    } catch (error) {
      res.status(500).json({
        error: `cannot write ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
      });
      return;
    }
    res.json({ path, exists: true, collection: saved } satisfies CollectionState);
  });
  const consents = new EnvConsents();
  router.post(
    `${API_COLLECTION_PATH}/env`,
    express.json({ limit: '64kb' }),
    (req: Request, res: Response) => {
      const names = (req.body as { names?: unknown } | undefined)?.names;
      const answer = envValues(readState(path), names, target(), consents, env);
      if ('error' in answer) res.status(answer.status).json({ error: answer.error });
      else res.json(answer);
    },
  );
  router.post(
    `${API_COLLECTION_PATH}/env/confirm`,
    express.json({ limit: '64kb' }),
    (req: Request, res: Response) => {
      const body = req.body as { names?: unknown; server?: unknown } | undefined;
      const answer = confirmEnv(readState(path), body, target(), consents);
      if ('error' in answer) res.status(answer.status).json({ error: answer.error });
      else res.json(answer);
    },
  );
  return router;
}

function readState(path: string): CollectionState {
  const read = readBoundedText(path);
  if ('error' in read) {
    if (read.code === 'ENOENT') return { path, exists: false, collection: null };
    return { path, exists: true, collection: null, error: read.error };
  }
  const parsed = parseCollection(read.text);
  if ('error' in parsed) return { path, exists: true, collection: null, error: parsed.error };
  return { path, exists: true, collection: parsed.collection };
}

/**
 * The target as a collection names it, from what the page may see of it (names, never values):
 * each environment variable and header as a `${env:NAME}` placeholder. The bundled demo server
 * is left out (it is `test`'s default), as is a URL whose secrets are masked.
 */
export function targetForFile(info: TargetInfo | undefined): CollectionTarget | undefined {
  if (!info) return undefined;
  const era = info.era === 'auto' ? {} : { era: info.era };
  if (info.kind === 'stdio') {
    if (info.demo) return undefined;
    const env = Object.fromEntries(info.envKeys.map((key) => [key, `\${env:${key}}`]));
    return {
      command: info.command,
      args: info.args,
      ...(info.envKeys.length > 0 ? { env } : {}),
      ...(info.cwd === undefined ? {} : { cwd: info.cwd }),
      ...era,
    };
  }
  if (hasMaskedParts(info.url)) return undefined;
  const headers = Object.fromEntries(
    info.headerNames.map((name) => [name, `\${env:${name.toUpperCase().replace(/[^A-Z0-9]/g, '_')}}`]),
  );
  return {
    url: info.url,
    ...(info.transport === 'auto' ? {} : { transport: info.transport }),
    ...(info.headerNames.length > 0 ? { headers } : {}),
    ...era,
  };
}
