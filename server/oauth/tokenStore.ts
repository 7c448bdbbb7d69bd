import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { OAuthClientInformationMixed, OAuthTokens } from '@modelcontextprotocol/client';
import { writeFileAtomic } from '../files/atomicWrite.js';
import { readBoundedText } from '../files/boundedRead.js';

/** Tokens as the bridge keeps them: what the server sent, and when the access token expires. */
export interface StoredTokens {
  tokens: OAuthTokens;
  /** Epoch milliseconds, from `expires_in` at the time they were received. */
  expiresAt?: number;
  /** The scope asked for; a server may omit `scope` when it granted exactly that. */
  requestedScope?: string;
}

/** Everything kept for one authorization server. */
interface IssuerRecord {
  /** Clients registered with it (dynamically), by redirect URI without its port. */
  clients: Record<string, OAuthClientInformationMixed>;
  /** Tokens it issued, by resource (the MCP server's URL they are bound to). */
  tokens: Record<string, StoredTokens>;
}

interface StoreFile {
  version: 1;
  issuers: Record<string, IssuerRecord>;
}

/**
 * Tokens and client registrations, keyed by issuer: a client id means something only to the
 * authorization server that issued it (RFC 6749 §2.2), and a token only to it and its resource.
 *
 * Memory only by default. With a file (opt-in), every change is written to it readable by the
 * user only (0600, by writeFileAtomic: a crash never leaves half a file, and a planted link is
 * never followed), and it is read back on start. The file is the only place a token is ever written.
 */
export class TokenStore {
  private data: StoreFile = { version: 1, issuers: {} };

  constructor(readonly file?: string) {
    if (file === undefined) return;
    const read = readBoundedText(file);
    if ('error' in read) {
      if (read.code === 'ENOENT') return;
      throw new Error(`cannot read the OAuth token file: ${read.error}`);
    }
    let parsed: Partial<StoreFile>;
    try {
      parsed = JSON.parse(read.text) as Partial<StoreFile>;
    } catch (error) {
      throw new Error(`cannot read the OAuth token file ${file}: ${(error as Error).message}`);
    }
    if (parsed.version === 1 && parsed.issuers && typeof parsed.issuers === 'object') {
      this.data = { version: 1, issuers: parsed.issuers };
    }
  }

  client(issuer: string, redirectUri: string): OAuthClientInformationMixed | undefined {
    return this.data.issuers[issuer]?.clients[portless(redirectUri)];
  }

  saveClient(issuer: string, redirectUri: string, client: OAuthClientInformationMixed): void {
    this.record(issuer).clients[portless(redirectUri)] = client;
    this.persist();
  }

  tokens(issuer: string, resource: string): StoredTokens | undefined {
    return this.data.issuers[issuer]?.tokens[resource];
  }

  /** The issuer holding tokens for a resource, for a bridge that starts with a token file. */
  issuerFor(resource: string): string | undefined {
    return Object.keys(this.data.issuers).find((issuer) => this.data.issuers[issuer]?.tokens[resource]);
  }

  saveTokens(issuer: string, resource: string, tokens: StoredTokens): void {
    this.record(issuer).tokens[resource] = tokens;
    this.persist();
  }

  /**
   * Forgets one resource's tokens; with `clients`, the issuer's client registrations too (what
   * "Clear OAuth state" does; a failed refresh keeps them, to sign in again without registering).
   */
  clear(issuer: string, resource: string, { clients }: { clients: boolean }): void {
    const record = this.data.issuers[issuer];
    if (!record) return;
    delete record.tokens[resource];
    if (clients) record.clients = {};
    if (Object.keys(record.tokens).length === 0 && Object.keys(record.clients).length === 0)
      delete this.data.issuers[issuer];
    this.persist();
  }

  private record(issuer: string): IssuerRecord {
    return (this.data.issuers[issuer] ??= { clients: {}, tokens: {} });
  }

  private persist(): void {
    if (this.file === undefined) return;
    mkdirSync(dirname(this.file), { recursive: true, mode: 0o700 });
    writeFileAtomic(this.file, `${JSON.stringify(this.data, null, 2)}\n`, 'private');
  }
}

/**
 * A loopback redirect URI without its port: the bridge listens on whatever port is free, and
 * a native client's loopback redirect matches on any port (RFC 8252 §7.3).
 */
function portless(uri: string): string {
  const url = new URL(uri);
  url.port = '';
  return url.href;
}
