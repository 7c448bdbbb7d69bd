import express, { type Request, type Response, type Router } from 'express';
import { z } from 'zod';
import { API_MODEL_PATH } from '../../shared/http.js';
import { originOf } from '../../shared/urlSecrets.js';
import { ModelFailure } from './modelFailure.js';
import type { ProviderKind } from '../../shared/models/toolTranslation.js';
import {
  DEFAULT_BASE_URLS,
  describeSettings,
  makeProvider,
  resolveProviderSettings,
  type ProviderDescription,
  type ProviderSettings,
} from './providerSettings.js';

/**
 * A step's conversation: a few hundred kilobytes is already a very long chat; a sampling
 * request's images (base64) make it larger, within this bound.
 */
const MAX_STEP_BODY = '16mb';

const SettingsSchema = z.object({
  provider: z.enum(['openai', 'anthropic']),
  model: z.string().min(1).max(200),
  baseUrl: z.string().max(2000).optional(),
  /** Given anew, or left out to keep the one held (only for the same provider and origin). */
  apiKey: z.string().max(1000).optional(),
});

const ToolCallSchema = z.object({ id: z.string(), name: z.string(), argumentsText: z.string() });
const MediaSchema = z.object({
  kind: z.enum(['image', 'audio']),
  data: z.string(),
  mimeType: z.string().max(200),
});
const TurnSchema = z.discriminatedUnion('role', [
  z.object({ role: z.literal('user'), text: z.string(), media: z.array(MediaSchema).optional() }),
  z.object({ role: z.literal('assistant'), text: z.string(), toolCalls: z.array(ToolCallSchema) }),
  z.object({
    role: z.literal('tool'),
    results: z.array(
      z.object({ callId: z.string(), name: z.string(), text: z.string(), isError: z.boolean() }),
    ),
  }),
]);
const StepSchema = z.object({
  system: z.string().optional(),
  turns: z.array(TurnSchema).min(1),
  tools: z.array(
    z.object({
      serverName: z.string(),
      name: z.string(),
      description: z.string(),
      schema: z.record(z.string(), z.unknown()),
      changes: z.array(z.string()),
    }),
  ),
  /** A sampling request's own settings (see StepSettings). */
  settings: z
    .object({
      model: z.string().min(1).max(200).optional(),
      maxTokens: z.number().int().positive().optional(),
      temperature: z.number().optional(),
      stopSequences: z.array(z.string()).max(64).optional(),
      toolChoice: z.enum(['auto', 'required', 'none']).optional(),
    })
    .optional(),
});

/**
 * The page's model provider, held by the bridge (under /api: the token and the Origin check
 * apply). GET says what is set, never the key (only whether one is held); PUT sets it, the key
 * kept in this process's memory only; POST …/step asks the model once and streams NDJSON lines
 * back (`text` deltas, then `step` or `failed`), the request cancelled when the page goes away;
 * GET …/models lists the provider's models (for a sampling request's model preferences).
 * A key is bound to its provider's origin: settings that move to another origin without a key
 * given anew drop the held one, so a page (or a script holding the token) cannot send the
 * person's key somewhere else. Starts from the official clients' variables, when set.
 */
export function modelRouter(env: NodeJS.ProcessEnv): Router {
  const router = express.Router();
  let held: ProviderSettings | undefined;
  /** The keys the bridge started with, each for its variable's base URL (or the hosted API's). */
  const fromEnv = (kind: ProviderKind): { key: string; baseUrl: string } | undefined => {
    const key = kind === 'openai' ? env.OPENAI_API_KEY : env.ANTHROPIC_API_KEY;
    return key ? { key, baseUrl: defaultBase(kind, env) } : undefined;
  };
  const state = (): ModelState => ({
    settings: held ? describeSettings(held) : null,
    environmentKeys: {
      openai: fromEnv('openai') !== undefined,
      anthropic: fromEnv('anthropic') !== undefined,
    },
  });

  router.get(API_MODEL_PATH, (_req: Request, res: Response) => {
    res.json(state());
  });

  router.put(API_MODEL_PATH, express.json({ limit: '16kb' }), (req: Request, res: Response) => {
    const parsed = SettingsSchema.safeParse(req.body);
    if (!parsed.success) {
      res.status(400).json({ error: `model settings: ${parsed.error.issues[0]?.message ?? 'not valid'}` });
      return;
    }
    const asked = parsed.data;
    const baseUrl = asked.baseUrl === '' ? undefined : asked.baseUrl;
    const target = baseUrl ?? defaultBase(asked.provider, env);
    // A key not given anew: the one held, else the environment's, each only for its own origin.
    const candidates = [
      held && held.kind === asked.provider && held.apiKey !== undefined
        ? { key: held.apiKey, baseUrl: held.baseUrl }
        : undefined,
      fromEnv(asked.provider),
    ];
    const keptKey = candidates.find((candidate) => candidate && sameOrigin(candidate.baseUrl, target))?.key;
    const key = asked.apiKey === '' ? undefined : (asked.apiKey ?? keptKey);
    const prefix = asked.provider === 'openai' ? 'OPENAI' : 'ANTHROPIC';
    const settings = resolveProviderSettings(
      { provider: asked.provider, model: asked.model, baseUrl },
      { [`${prefix}_API_KEY`]: key, [`${prefix}_BASE_URL`]: env[`${prefix}_BASE_URL`] },
    );
    if ('error' in settings) {
      res.status(400).json({ error: settings.error });
      return;
    }
    held = settings;
    res.json(state());
  });

  router.get(`${API_MODEL_PATH}/models`, (_req: Request, res: Response) => {
    if (!held) {
      res.status(409).json({ error: 'no model provider set' });
      return;
    }
    const controller = new AbortController();
    res.on('close', () => controller.abort());
    const settings = held;
    makeProvider(settings)
      .then((provider) => provider.listModels(controller.signal))
      .then(
        (models) => res.json({ models }),
        // Not every OpenAI-compatible server lists its models: the page then keeps the configured one.
        (error: unknown) => res.json({ unlisted: (error as Error).message }),
      );
  });

  router.post(
    `${API_MODEL_PATH}/step`,
    express.json({ limit: MAX_STEP_BODY }),
    (req: Request, res: Response) => {
      if (!held) {
        res.status(409).json({
          error:
            'no model provider set: set one in the Playground, or start with OPENAI_API_KEY / ANTHROPIC_API_KEY',
        });
        return;
      }
      const parsed = StepSchema.safeParse(req.body);
      if (!parsed.success) {
        res.status(400).json({ error: `model step: ${parsed.error.issues[0]?.message ?? 'not valid'}` });
        return;
      }
      const controller = new AbortController();
      res.on('close', () => controller.abort());
      res.status(200).type('application/x-ndjson');
      const line = (value: unknown) => res.write(`${JSON.stringify(value)}\n`);
      makeProvider(held)
        .then((provider) =>
          provider.step({
            ...parsed.data,
            signal: controller.signal,
            onText: (delta) => line({ type: 'text', delta }),
          }),
        )
        .then(
          (step) => line({ type: 'step', step }),
          (error: unknown) =>
            line(
              error instanceof ModelFailure
                ? { type: 'failed', kind: error.kind, message: error.message }
                : { type: 'failed', kind: 'provider-error', message: (error as Error).message },
            ),
        )
        .finally(() => res.end());
    },
  );
  return router;
}

/** What GET answers: the settings without the key, and which providers' keys the bridge started with. */
export interface ModelState {
  settings: ProviderDescription | null;
  environmentKeys: Record<ProviderKind, boolean>;
}

function defaultBase(kind: ProviderKind, env: NodeJS.ProcessEnv): string {
  return (kind === 'openai' ? env.OPENAI_BASE_URL : env.ANTHROPIC_BASE_URL) || DEFAULT_BASE_URLS[kind];
}

function sameOrigin(a: string, b: string): boolean {
  const origin = originOf(a);
  return origin !== undefined && origin === originOf(b);
}
