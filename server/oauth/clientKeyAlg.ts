import { createPrivateKey } from 'node:crypto';

/**
 * The JWS algorithm for a PEM private key: --client-key-alg when given, else the one its type
 * implies (an EC key's curve, RSA, Ed25519). A key that cannot be read fails here, by name.
 */
export function clientKeyAlg(pem: string, given: string | undefined): string {
  let key;
  try {
    key = createPrivateKey(pem);
  } catch (error) {
    throw new Error(`the client key is not a PEM private key: ${(error as Error).message}`);
  }
  if (given) return given;
  const type = key.asymmetricKeyType;
  if (type === 'rsa' || type === 'rsa-pss') return type === 'rsa' ? 'RS256' : 'PS256';
  if (type === 'ed25519') return 'EdDSA';
  if (type === 'ec') {
    const curve = key.asymmetricKeyDetails?.namedCurve;
    if (curve === 'secp384r1') return 'ES384';
    if (curve === 'secp521r1') return 'ES512';
    return 'ES256';
  }
  throw new Error(`the client key is of type ${type ?? 'unknown'}: give its algorithm with --client-key-alg`);
}
