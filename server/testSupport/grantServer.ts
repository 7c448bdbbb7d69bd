// A small authorization server and the MCP server it protects, for the grants without a person
// (client_credentials with a client secret or a private_key_jwt assertion, the jwt-bearer grant of
// workload identity federation) and DPoP-bound tokens with nonces (RFC 9449): what the
// oidc-provider fixture of the OAuth tests does not do (it has no jwt-bearer grant, and its
// resource server only knows Bearer tokens). It checks every request with jose, by its own code
// (not the SDK's, which builds the client's proofs), and records what it saw for the tests.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { localhostHostValidation, toNodeHandler } from '@modelcontextprotocol/node';
import { McpServer, createMcpHandler, type AuthInfo } from '@modelcontextprotocol/server';
import * as jose from 'jose';
import * as z from 'zod';

export interface GrantServerOptions {
  grants: string[];
  authMethods: string[];
  /** A client registered in advance: its secret, or the public key of its private_key_jwt. */
  client: { id: string; secret?: string; publicKey?: jose.CryptoKey };
  /** The key a platform signs workload assertions with (jwt-bearer). */
  platformKey?: jose.CryptoKey;
  /** DPoP: advertised, and required with a nonce at both servers when `nonce`. */
  dpop?: { nonce: boolean };
}

/** What the servers saw, for the tests to check. */
export interface GrantRecord {
  tokenRequests: { grantType: string; clientAuth: string; dpop: boolean; error?: string }[];
  asNonceChallenges: number;
  rsNonceChallenges: number;
  /** The scheme of each authorized MCP request, and whether its proof verified. */
  mcpRequests: { scheme: string; proof: 'valid' | 'none' | string }[];
  jtis: string[];
}

export interface GrantServer {
  mcpUrl: string;
  issuer: string;
  record: GrantRecord;
  stop(): Promise<void>;
}

const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
const AS_NONCE = 'as-nonce-for-tests';
const RS_NONCE = 'rs-nonce-for-tests';

export async function startGrantServer(options: GrantServerOptions): Promise<GrantServer> {
  const record: GrantRecord = {
    tokenRequests: [],
    asNonceChallenges: 0,
    rsNonceChallenges: 0,
    mcpRequests: [],
    jtis: [],
  };
  /** Issued tokens: the DPoP key thumbprint each is bound to, if any. */
  const issued = new Map<string, { jkt?: string; client: string }>();
  const as = await listen();
  const rs = await listen();
  const issuer = origin(as);
  const mcpUrl = `${origin(rs)}/mcp`;
  const tokenEndpoint = `${issuer}/token`;

  as.on('request', (req, res) => {
    void (async () => {
      const path = new URL(req.url ?? '/', issuer).pathname;
      if (path === '/.well-known/oauth-authorization-server') {
        return json(res, 200, {
          issuer,
          token_endpoint: tokenEndpoint,
          authorization_endpoint: `${issuer}/authorize`,
          grant_types_supported: options.grants,
          token_endpoint_auth_methods_supported: options.authMethods,
          token_endpoint_auth_signing_alg_values_supported: ['ES256'],
          response_types_supported: ['code'],
          code_challenge_methods_supported: ['S256'],
          ...(options.dpop ? { dpop_signing_alg_values_supported: ['ES256'] } : {}),
        });
      }
      if (path !== '/token' || req.method !== 'POST') return json(res, 404, { error: 'not_found' });
      const body = new URLSearchParams(await readBody(req));
      const grantType = body.get('grant_type') ?? '';
      const seen: GrantRecord['tokenRequests'][number] = { grantType, clientAuth: 'none', dpop: false };
      record.tokenRequests.push(seen);
      const refuse = (status: number, error: string) => {
        seen.error = error;
        json(res, status, { error });
      };
      const client = await authenticate(req, body, seen);
      if (!client) return refuse(401, 'invalid_client');
      if (!options.grants.includes(grantType)) return refuse(400, 'unsupported_grant_type');
      if (grantType === JWT_BEARER) {
        try {
          await jose.jwtVerify(body.get('assertion') ?? '', options.platformKey!, { audience: issuer });
        } catch {
          return refuse(400, 'invalid_grant');
        }
      }
      let jkt: string | undefined;
      const proof = req.headers.dpop;
      if (options.dpop && typeof proof === 'string') {
        const checked = await checkProof(proof, 'POST', tokenEndpoint);
        if ('error' in checked) return refuse(400, `invalid_dpop_proof: ${checked.error}`);
        seen.dpop = true;
        if (options.dpop.nonce && checked.nonce !== AS_NONCE) {
          record.asNonceChallenges += 1;
          res.setHeader('DPoP-Nonce', AS_NONCE);
          return refuse(400, 'use_dpop_nonce');
        }
        jkt = checked.jkt;
      }
      const token = randomBytes(24).toString('base64url');
      issued.set(token, { client, ...(jkt ? { jkt } : {}) });
      return json(res, 200, { access_token: token, token_type: jkt ? 'DPoP' : 'Bearer', expires_in: 3600 });
    })();
  });

  /** The client the request authenticates as, by the methods the metadata lists. */
  async function authenticate(
    req: IncomingMessage,
    body: URLSearchParams,
    seen: GrantRecord['tokenRequests'][number],
  ): Promise<string | undefined> {
    const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (basic) {
      seen.clientAuth = 'client_secret_basic';
      const [id, secret] = Buffer.from(basic, 'base64').toString().split(':').map(decodeURIComponent);
      return id === options.client.id && secret === options.client.secret ? id : undefined;
    }
    const assertion = body.get('client_assertion');
    if (assertion) {
      seen.clientAuth = 'private_key_jwt';
      try {
        const { payload } = await jose.jwtVerify(assertion, options.client.publicKey!, { audience: issuer });
        return payload.iss === options.client.id && payload.sub === options.client.id
          ? options.client.id
          : undefined;
      } catch {
        return undefined;
      }
    }
    seen.clientAuth = 'none';
    return options.authMethods.includes('none') && body.get('client_id') === options.client.id
      ? options.client.id
      : undefined;
  }

  const handler = createMcpHandler(() => {
    const server = new McpServer({ name: 'grant-fixture', version: '1.0.0' });
    server.registerTool(
      'whoami',
      { description: 'The client the token was issued to', inputSchema: z.object({}) },
      (_args, ctx) => ({
        content: [{ type: 'text', text: `client: ${String(ctx.http?.authInfo?.clientId ?? '')}` }],
      }),
    );
    return server;
  });
  const serve = toNodeHandler(handler);
  const validHost = localhostHostValidation();
  const resourceMetadata = `${origin(rs)}/.well-known/oauth-protected-resource/mcp`;
  const scheme = options.dpop ? 'DPoP' : 'Bearer';
  rs.on('request', (req: IncomingMessage & { auth?: AuthInfo }, res) => {
    void (async () => {
      if (!validHost(req, res)) return;
      const path = new URL(req.url ?? '/', mcpUrl).pathname;
      if (path === '/.well-known/oauth-protected-resource/mcp')
        return json(res, 200, { resource: mcpUrl, authorization_servers: [issuer] });
      if (path !== '/mcp') return json(res, 404, {});
      const challenge = (extra = '') => {
        res.setHeader('WWW-Authenticate', `${scheme} resource_metadata="${resourceMetadata}"${extra}`);
        json(res, 401, { error: 'unauthorized' });
      };
      const [given, token = ''] = (req.headers.authorization ?? '').split(' ');
      const known = issued.get(token);
      if (!given || !known) return challenge();
      const seen: GrantRecord['mcpRequests'][number] = { scheme: given, proof: 'none' };
      record.mcpRequests.push(seen);
      if (known.jkt) {
        const proof = req.headers.dpop;
        if (given !== 'DPoP' || typeof proof !== 'string') return challenge(', error="invalid_token"');
        const checked = await checkProof(proof, req.method ?? 'GET', mcpUrl, token);
        if ('error' in checked || checked.jkt !== known.jkt) {
          seen.proof = 'error' in checked ? checked.error : 'key is not the bound one';
          return challenge(', error="invalid_dpop_proof"');
        }
        seen.proof = 'valid';
        if (options.dpop?.nonce && checked.nonce !== RS_NONCE) {
          record.rsNonceChallenges += 1;
          res.setHeader('DPoP-Nonce', RS_NONCE);
          return challenge(', error="use_dpop_nonce"');
        }
      }
      req.auth = { token, clientId: known.client, scopes: [] };
      void serve(req, res);
    })();
  });

  /** RFC 9449 §4.3, the checks a server makes of a proof (jti kept, for replays). */
  async function checkProof(
    proof: string,
    method: string,
    url: string,
    accessToken?: string,
  ): Promise<{ jkt: string; nonce?: string } | { error: string }> {
    try {
      const header = jose.decodeProtectedHeader(proof);
      if (header.typ !== 'dpop+jwt' || !header.jwk || header.alg !== 'ES256') return { error: 'header' };
      const { payload } = await jose.jwtVerify(proof, await jose.importJWK(header.jwk, header.alg));
      if (payload.htm !== method || payload.htu !== url) return { error: 'htm/htu' };
      if (typeof payload.jti !== 'string' || record.jtis.includes(payload.jti))
        return { error: 'jti reused' };
      record.jtis.push(payload.jti);
      if (accessToken !== undefined) {
        const ath = createHash('sha256').update(accessToken).digest('base64url');
        if (payload.ath !== ath) return { error: 'ath' };
      }
      const jkt = await jose.calculateJwkThumbprint(header.jwk);
      return { jkt, ...(typeof payload.nonce === 'string' ? { nonce: payload.nonce } : {}) };
    } catch (error) {
      return { error: (error as Error).message };
    }
  }

  return {
    mcpUrl,
    issuer,
    record,
    stop: async () => {
      await handler.close();
      await Promise.all([close(as), close(rs)]);
    },
  };
}

/** A workload's assertion as a platform issues it: audience the authorization server. */
export function workloadAssertion(key: jose.CryptoKey, audience: string): Promise<string> {
  return new jose.SignJWT({})
    .setProtectedHeader({ alg: 'ES256' })
    .setIssuer('https://platform.example')
    .setSubject('workload-1')
    .setAudience(audience)
    .setIssuedAt()
    .setJti(randomUUID())
    .setExpirationTime('5m')
    .sign(key);
}

function listen(): Promise<Server> {
  const server = createServer();
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

function origin(server: Server): string {
  const address = server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

function close(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of req) text += String(chunk);
  return text;
}
