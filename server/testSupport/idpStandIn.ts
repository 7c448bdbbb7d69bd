// An enterprise identity provider for enterprise-managed authorization (SEP-990) tests: a token
// endpoint that exchanges the person's ID token for an ID-JAG (RFC 8693 token exchange,
// requested_token_type id-jag), signed with the key the grant server trusts for jwt-bearer
// assertions (grantServer.ts `platformKey`), so the authorization server accepts it as the grant.
// It checks the request by its own code and records what it saw.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as jose from 'jose';

export interface IdpRecord {
  exchanges: {
    clientId: string;
    audience: string;
    resource: string;
    subjectTokenType: string;
    error?: string;
  }[];
}

export interface IdpStandIn {
  issuer: string;
  tokenEndpoint: string;
  record: IdpRecord;
  stop(): Promise<void>;
}

const TOKEN_EXCHANGE = 'urn:ietf:params:oauth:grant-type:token-exchange';
const ID_JAG = 'urn:ietf:params:oauth:token-type:id-jag';

export async function startIdpStandIn(options: {
  /** Signs the ID-JAGs it issues (the grant server's platformKey verifies them). */
  signingKey: jose.CryptoKey;
  clientId: string;
  /** The one ID token it takes as the person's. */
  idToken: string;
}): Promise<IdpStandIn> {
  const record: IdpRecord = { exchanges: [] };
  const server: Server = createServer((req, res) => {
    void (async () => {
      const json = (status: number, body: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      const url = new URL(req.url ?? '/', issuer);
      if (url.pathname === '/.well-known/oauth-authorization-server')
        return json(200, {
          issuer,
          token_endpoint: tokenEndpoint,
          authorization_endpoint: `${issuer}/authorize`,
          response_types_supported: ['code'],
          grant_types_supported: [TOKEN_EXCHANGE],
        });
      if (url.pathname !== '/token' || req.method !== 'POST') return json(404, { error: 'not_found' });
      const body = new URLSearchParams(await readBody(req));
      const seen = {
        clientId: body.get('client_id') ?? '',
        audience: body.get('audience') ?? '',
        resource: body.get('resource') ?? '',
        subjectTokenType: body.get('subject_token_type') ?? '',
      };
      const refuse = (error: string) => {
        record.exchanges.push({ ...seen, error });
        json(400, { error });
      };
      if (body.get('grant_type') !== TOKEN_EXCHANGE) return refuse('unsupported_grant_type');
      if (body.get('requested_token_type') !== ID_JAG) return refuse('invalid_request');
      if (seen.clientId !== options.clientId) return refuse('invalid_client');
      if (body.get('subject_token') !== options.idToken) return refuse('invalid_grant');
      record.exchanges.push(seen);
      const idJag = await new jose.SignJWT({ client_id: seen.clientId, resource: seen.resource })
        .setProtectedHeader({ alg: 'ES256', typ: 'oauth-id-jag+jwt' })
        .setIssuer(issuer)
        .setSubject('person-1')
        .setAudience(seen.audience)
        .setIssuedAt()
        .setJti(randomUUID())
        .setExpirationTime('5m')
        .sign(options.signingKey);
      return json(200, {
        issued_token_type: ID_JAG,
        access_token: idJag,
        token_type: 'N_A',
        expires_in: 300,
      });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const tokenEndpoint = `${issuer}/token`;
  return {
    issuer,
    tokenEndpoint,
    record,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString()));
    req.on('error', reject);
  });
}
