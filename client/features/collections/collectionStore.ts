import type { Client } from '@modelcontextprotocol/client';
import { API_COLLECTION_PATH, AUTH_SCHEME } from '../../../shared/http';
import { mcpParamHeaders, watchAnswerer } from '../../../shared/core';
import { coreDriver, ItemAnswerer } from '../../../shared/collections/coreDriver';
import type { SchemaValidator } from '../../../shared/collections/expectations';
import type { Collection, CollectionItem, Expectation } from '../../../shared/collections/format';
import type { EvalItem } from '../../../shared/collections/evalFormat';
import { runCollection, type ItemRun } from '../../../shared/collections/runner';
import { envNamesIn } from '../../../shared/collections/references';
import { renameItem } from '../../../shared/collections/editing';
import type { ItemEdit } from './ItemEditor';
import type { AnswerRouter } from '../../bridge/answerRouter';
import { collectionSchemaCheck } from '../../../shared/collections/schemaCheck';
import { currentToken } from '../../bridge/token';
import { bridgePath } from '../../bridge/serverPath';

/** The collection file as the bridge reads it (see server/http/collectionRoutes.ts). */
export interface CollectionView {
  status: 'loading' | 'ready' | 'failed';
  path?: string;
  exists?: boolean;
  collection: Collection;
  /** The file does not parse (the bridge will not overwrite it), or a save failed. */
  error?: string;
  saving: boolean;
  /** The last run of each item, by name; `running` while it runs. */
  runs: Record<string, ItemRun | 'running'>;
  running: boolean;
  /**
   * A run waits for the person: the items use these variables, and the bridge gives their values
   * (from its environment) to `server` only once the person said yes (see EnvQuestion).
   */
  envQuestion?: EnvQuestion;
}

/** The variables a run would take from the bridge's environment, and the server they would go to. */
export interface EnvQuestion {
  names: string[];
  server: string;
}

/** What the bridge answers for the variables a run asks for (server/http/collectionEnv.ts). */
interface BridgeEnv {
  values: Record<string, string>;
  unset: string[];
  unconfirmed: string[];
  server: string;
}

/** An item before it has a name. */
export type ItemDraft = {
  [K in CollectionItem['kind']]: Omit<Extract<CollectionItem, { kind: K }>, 'name'>;
}[CollectionItem['kind']];

const EMPTY: Collection = { formatVersion: 1, items: [] };
/** A call in a page run gets a minute, as a call from the tools tab does by default. */
const RUN_TIMEOUT_MS = 60_000;

/**
 * The page's copy of the collection file: read from the bridge, changed by the person (a call
 * saved, an expectation edited), each change saved at once through the bridge, which writes the
 * file. Runs go through the core over the page's own client, so their calls show in the traffic
 * like any other. A small store React reads with useSyncExternalStore.
 */
export class CollectionStore {
  private view: CollectionView = {
    status: 'loading',
    collection: EMPTY,
    saving: false,
    runs: {},
    running: false,
  };
  private readonly listeners = new Set<() => void>();
  private loaded: Promise<void> | undefined;
  private answerEnvQuestion: ((give: boolean) => void) | undefined;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    void this.load();
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): CollectionView => this.view;

  load(force = false): Promise<void> {
    if (this.loaded && !force) return this.loaded;
    this.loaded = request('GET')
      .then((state) => this.set({ status: 'ready', ...stateOf(state) }))
      .catch((error: Error) => this.set({ status: 'failed', error: error.message }));
    return this.loaded;
  }

  /** Adds a call as a new item, named after its tool (made unique); resolves with its name. */
  async addItem(item: ItemDraft, base: string): Promise<string> {
    await this.load();
    const names = new Set(this.view.collection.items.map((existing) => existing.name));
    let name = base;
    for (let n = 2; names.has(name); n += 1) name = `${base} ${n}`;
    await this.save({
      ...this.view.collection,
      items: [...this.view.collection.items, { ...item, name } as CollectionItem],
    });
    return name;
  }

  /**
   * Adds items made elsewhere (a captured session's calls), named by `make` against the names
   * there now, in one save; resolves with how many were added.
   */
  async addItems(make: (taken: ReadonlySet<string>) => CollectionItem[]): Promise<number> {
    await this.load();
    const items = make(new Set(this.view.collection.items.map((existing) => existing.name)));
    if (items.length === 0) return 0;
    await this.save({ ...this.view.collection, items: [...this.view.collection.items, ...items] });
    return items.length;
  }

  setExpectations(name: string, expect: Expectation[]): Promise<void> {
    return this.save({
      ...this.view.collection,
      items: this.view.collection.items.map((item) => (item.name === name ? { ...item, expect } : item)),
    });
  }

  /**
   * A new name and arguments for an item: the references to it below follow a rename, and its
   * last run is kept under the new name (so a chain can still pick from its result).
   */
  editItem(name: string, edit: ItemEdit): Promise<void> {
    const renamed = renameItem(this.view.collection, name, edit.name);
    const runs = { ...this.view.runs };
    const run = runs[name];
    if (edit.name !== name && run !== undefined) {
      delete runs[name];
      runs[edit.name] = typeof run === 'object' ? { ...run, name: edit.name } : run;
    }
    this.set({ runs });
    return this.save({
      ...renamed,
      items: renamed.items.map((item) =>
        item.name === edit.name && item.kind !== 'resource' && edit.arguments !== undefined
          ? ({ ...item, arguments: edit.arguments } as CollectionItem)
          : item,
      ),
    });
  }

  /**
   * An eval written in the page: a new one (`previous` undefined) added after the others, or the
   * one named `previous` replaced in its place (renamed, maybe). Saved as every change is.
   */
  async saveEval(previous: string | undefined, item: EvalItem): Promise<void> {
    await this.load();
    const evals = this.view.collection.evals ?? [];
    const next =
      previous === undefined
        ? [...evals, item]
        : evals.map((existing) => (existing.name === previous ? item : existing));
    return this.save({ ...this.view.collection, evals: next });
  }

  removeEval(name: string): Promise<void> {
    const evals = (this.view.collection.evals ?? []).filter((item) => item.name !== name);
    const { evals: _old, ...rest } = this.view.collection;
    return this.save(evals.length === 0 ? rest : { ...rest, evals });
  }

  removeItem(name: string): Promise<void> {
    return this.save({
      ...this.view.collection,
      items: this.view.collection.items.filter((item) => item.name !== name),
    });
  }

  /**
   * Runs every item, or the one named, in order, through the page's client. The server's asks
   * are answered from each item's saved answers: a modern server's input rounds through the
   * run's own calls, a legacy server's own requests taken from the person (`answers`) for the
   * run. `${env:NAME}` in the items comes from the bridge's environment.
   */
  async run(client: Client, only?: string, answers?: Pick<AnswerRouter, 'divert'>): Promise<void> {
    if (this.view.running) return;
    const collection = this.view.collection;
    const items = new ItemAnswerer();
    const driver = coreDriver({
      client,
      answerer: watchAnswerer(items),
      items,
      timeoutMs: RUN_TIMEOUT_MS,
      timeoutSetting: 'a minute for a collection run',
      headers: mcpParamHeaders,
      owner: (n) => `collection:${n}`,
    });
    const names = only === undefined ? collection.items.map((item) => item.name) : [only];
    this.set({
      running: true,
      runs: { ...this.view.runs, ...Object.fromEntries(names.map((name) => [name, 'running' as const])) },
    });
    const release = answers?.divert(items);
    try {
      const env = await this.bridgeEnv(collection);
      await runCollection(collection, driver, {
        validate: pageValidator,
        env: (name) => env[name],
        ...(only === undefined ? {} : { only: [only] }),
        itemDone: (run) => this.set({ runs: { ...this.view.runs, [run.name]: run } }),
      });
    } catch (error) {
      this.set({ error: `the run stopped: ${(error as Error).message}` });
    } finally {
      release?.();
      this.answerEnvQuestion = undefined;
      const runs = Object.fromEntries(Object.entries(this.view.runs).filter(([, run]) => run !== 'running'));
      this.set({ running: false, runs, envQuestion: undefined });
    }
  }

  /** The person's answer to the run's question: give the variables to the server, or not. */
  answerEnv(give: boolean): void {
    this.answerEnvQuestion?.(give);
  }

  /**
   * The values of the `${env:NAME}` the items use, from the bridge's environment (behind the
   * token; only names the file on disk uses). Those the person has not given to this server yet
   * are asked for first, by name and server; a no stops the run before anything is sent. A name
   * that is not set is left out: its item fails naming it.
   */
  private async bridgeEnv(collection: Collection): Promise<Record<string, string>> {
    const names = envNamesIn(collection.items);
    if (names.length === 0) return {};
    const answer = await request<BridgeEnv>('POST', { names }, '/env');
    if (answer.unconfirmed.length === 0) return answer.values;
    const question: EnvQuestion = { names: answer.unconfirmed, server: answer.server };
    const give = await new Promise<boolean>((resolve) => {
      this.answerEnvQuestion = resolve;
      this.set({ envQuestion: question });
    });
    this.answerEnvQuestion = undefined;
    this.set({ envQuestion: undefined });
    if (!give)
      throw new Error(
        `${question.names.join(', ')} ${question.names.length === 1 ? 'was' : 'were'} not given to ${question.server}`,
      );
    await request('POST', question, '/env/confirm');
    return (await request<BridgeEnv>('POST', { names }, '/env')).values;
  }

  private async save(collection: Collection): Promise<void> {
    this.set({ collection, saving: true });
    try {
      const state = await request('PUT', { collection });
      this.set({ ...stateOf(state), saving: false });
    } catch (error) {
      this.set({ saving: false, error: (error as Error).message });
    }
  }

  private set(patch: Partial<CollectionView>): void {
    this.view = { ...this.view, ...patch };
    if (!('error' in patch) && patch.collection) delete this.view.error;
    for (const listener of this.listeners) listener();
  }
}

interface RouteState {
  path: string;
  exists: boolean;
  collection: Collection | null;
  error?: string;
}

function stateOf(state: RouteState): Partial<CollectionView> {
  return {
    path: state.path,
    exists: state.exists,
    collection: state.collection ?? EMPTY,
    ...(state.error === undefined ? {} : { error: `${state.path} does not parse: ${state.error}` }),
  };
}

async function request<T = RouteState>(
  method: 'GET' | 'PUT' | 'POST',
  body?: unknown,
  subpath = '',
): Promise<T> {
  const response = await fetch(bridgePath(`${API_COLLECTION_PATH}${subpath}`), {
    method,
    headers: {
      authorization: `${AUTH_SCHEME} ${currentToken() ?? ''}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = (await response.json().catch(() => ({}))) as T & { error?: string };
  if (!response.ok) throw new Error(answer.error ?? `HTTP ${response.status}`);
  return answer;
}

/** Arguments and structuredContent checked as `mcp-inspect test` checks them (one engine, one wording). */
export const pageValidator: SchemaValidator = collectionSchemaCheck;

/** One collection per page: the file the CLI was started with. */
export const collectionStore = new CollectionStore();
