/** HTTP routes of the bridge that both ends name. All of them require the token. */
export const API_SESSION_PATH = '/api/session';
/** `${API_FRAMES_PATH}/<seq>`: the whole text of a frame the history keeps only the envelope of. */
export const API_FRAMES_PATH = '/api/frames';
/** `?csp=<declared domains as JSON>`: the address of an MCP App's sandbox page, issued by the bridge. */
export const API_APP_SANDBOX_PATH = '/api/app-sandbox';

/** Header the page sends the token in for HTTP routes. */
export const AUTH_HEADER = 'authorization';
export const AUTH_SCHEME = 'Bearer';

/** Environment variable that fixes the token instead of a random one per run. */
export const TOKEN_ENV_VAR = 'MCP_INSPECT_TOKEN';
/** POST: the connected target's surface read in the legacy and the modern era, compared (`parity`). */
export const API_PARITY_PATH = '/api/parity';
/** The collection file the CLI was started with (`--collection`): GET reads it, PUT saves it. */
export const API_COLLECTION_PATH = '/api/collection';
/** GET: the person's lint config (mcp-inspect.lint.json where the CLI started), read afresh each time. */
export const API_LINT_CONFIG_PATH = '/api/lint-config';
/** POST `{target}`: another server's surface, read over a short-lived connection, to compare with this one. */
export const API_COMPARE_TARGET_PATH = '/api/compare-target';
/**
 * The page's "Put a host on the proxy": GET `/locations` lists the hosts' default config files;
 * POST `{action: read | wrap | unwrap, config, servers, all, dryRun}` reads a file's servers or
 * wraps and unwraps them, as `mcp-inspect wrap`/`unwrap` do (see shared/hostConfigWire.ts).
 */
export const API_HOST_CONFIG_PATH = '/api/host-config';
/**
 * Captured sessions (see shared/capturesWire.ts): GET lists them (`?since=<version>` waits for the
 * next change), GET `/<id>/records?after=<seq>` reads one's records (`&wait=1` waits for new ones).
 */
export const API_CAPTURES_PATH = '/api/captures';
/**
 * The page's model provider, held by the bridge: GET what is set (never the key), PUT
 * `{provider, model, baseUrl?, apiKey?}`, POST `/step` one streamed model step as NDJSON
 * (see server/models/modelRoutes.ts).
 */
export const API_MODEL_PATH = '/api/model';
