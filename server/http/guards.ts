import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { AUTH_SCHEME } from '../../shared/http.js';
import {
  isAllowedHost,
  isAllowedOrigin,
  isForeignRequest,
  requestSignals,
  tokensMatch,
} from '../loopback/security.js';

/**
 * Before every route: a request under a foreign Host is a DNS-rebinding attempt, whatever path it
 * asks for; every answer carries the page's CSP (`csp`, for the request's Host) and the headers
 * that keep other sites from embedding or even probing what the bridge serves.
 */
export function guardEveryRequest(
  allowedHosts: () => Set<string>,
  csp: (host: string) => string,
): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (admitRequest(req, res, allowedHosts(), csp)) next();
  };
}

/**
 * guardEveryRequest on Node's own request and response, for the listener that serves the first
 * screen before Express has loaded (earlyListener.ts): true when the request may go on; else it
 * has been answered (403).
 */
export function admitRequest(
  req: IncomingMessage,
  res: ServerResponse,
  allowedHosts: Set<string>,
  csp: (host: string) => string,
): boolean {
  if (!isAllowedHost(req.headers.host, allowedHosts)) {
    refuse(res, 'Forbidden: this Host is not allowed');
    return false;
  }
  res.setHeader('Content-Security-Policy', csp(req.headers.host ?? ''));
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
  // No other origin's page may embed what the bridge serves (an image, a script, a source map).
  res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
  // And none may even ask: a favicon or a script that loads tells a site a bridge runs here.
  if (isForeignRequest(requestSignals(req), allowedHosts, 'document')) {
    res.setHeader('Cache-Control', 'no-store');
    refuse(res, 'Forbidden: another site asked for this');
    return false;
  }
  return true;
}

function refuse(res: ServerResponse, text: string): void {
  res.statusCode = 403;
  res.setHeader('Content-Type', 'text/plain; charset=utf-8');
  res.end(text);
}

/**
 * Everything under /api does something, so all of it needs the token and, when the browser names
 * one, our own Origin; nothing of it is cached.
 */
export function guardApi(token: string, allowedHosts: () => Set<string>): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const origin = req.headers.origin;
    if (origin !== undefined && !isAllowedOrigin(origin, req.headers.host, allowedHosts())) {
      res.status(403).json({ error: 'Forbidden: this Origin is not allowed' });
      return;
    }
    if (!tokensMatch(bearerToken(req.headers.authorization), token)) {
      res.status(401).json({ error: 'Missing or wrong token: open the link mcp-inspect printed' });
      return;
    }
    res.setHeader('Cache-Control', 'no-store');
    next();
  };
}

function bearerToken(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const [scheme, value] = header.split(' ', 2);
  return scheme === AUTH_SCHEME ? value : undefined;
}
