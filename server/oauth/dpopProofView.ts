import { calculateJwkThumbprint, decodeJwt, decodeProtectedHeader, type JWK } from 'jose';
import { DpopProofViewSchema, type DpopProofView } from '../../shared/oauth.js';

/**
 * A DPoP header's proof as the OAuth tab shows it: decoded, its public key reduced to the
 * thumbprint a bound token names, its signature dropped. Undefined for a header that is not a
 * well-formed proof (the exchange still shows the masked header; the server will say why).
 */
export async function dpopProofView(header: string | null): Promise<DpopProofView | undefined> {
  if (!header) return undefined;
  try {
    const protectedHeader = decodeProtectedHeader(header);
    const claims = decodeJwt(header);
    const jwk = protectedHeader.jwk as JWK | undefined;
    if (!jwk) return undefined;
    const parsed = DpopProofViewSchema.safeParse({
      typ: protectedHeader.typ,
      alg: protectedHeader.alg,
      jkt: await calculateJwkThumbprint(jwk, 'sha256'),
      htm: claims.htm,
      htu: claims.htu,
      iat: claims.iat,
      jti: claims.jti,
      ...(claims.ath === undefined ? {} : { ath: claims.ath }),
      ...(claims.nonce === undefined ? {} : { nonce: claims.nonce }),
    });
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
