import { resolve } from 'node:path';
import express, { type Request, type Response, type Router } from 'express';
import { API_LINT_CONFIG_PATH } from '../../shared/http.js';
import { readBoundedText } from '../files/boundedRead.js';
import {
  LINT_CONFIG_FILE,
  RULE_IDS,
  describeConfigProblem,
  parseLintConfig,
  type LintConfigState,
} from '../../shared/lint/index.js';

/**
 * The lint config's route (under /api, so the session token and the Origin check apply): the
 * same file `mcp-inspect lint` reads by default, in the folder the CLI was started from, read on
 * each request so an edit shows at the next look. Only read, never written.
 */
export function lintConfigRouter(cwd: string = process.cwd()): Router {
  const router = express.Router();
  router.get(API_LINT_CONFIG_PATH, (_req: Request, res: Response) => {
    res.json(readLintConfig(resolve(cwd, LINT_CONFIG_FILE)));
  });
  return router;
}

export function readLintConfig(path: string): LintConfigState {
  const read = readBoundedText(path);
  if ('error' in read) {
    if (read.code === 'ENOENT') return { path, exists: false, config: { rules: {} }, problems: [] };
    return { path, exists: true, config: { rules: {} }, problems: [read.error] };
  }
  const { config, problems } = parseLintConfig(read.text, RULE_IDS);
  return {
    path,
    exists: true,
    config,
    problems: problems.map((problem) => describeConfigProblem(path, problem)),
  };
}
