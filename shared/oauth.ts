/**
 * What the page may know of an OAuth sign-in, served by the bridge at `API_OAUTH_PATH` and
 * validated at both ends. Tokens and secrets never appear here: only scopes, expiry, and masked
 * values (a mask and a short fingerprint, so a person can see a token change on refresh).
 */
import * as z from 'zod';

/** `GET` the view; `POST …/run`, `…/next`, `…/clear` act on it. All need the bridge's token. */
export const API_OAUTH_PATH = '/api/oauth';
/**
 * Where the authorization server sends the browser back. It cannot carry the bridge's token
 * (the authorization server builds that request), so it is bound to a flow by `state` instead.
 */
export const OAUTH_CALLBACK_PATH = '/oauth/callback';

export const StepVerdictSchema = z.enum(['pending', 'running', 'waiting', 'pass', 'warn', 'fail', 'skipped']);
export type StepVerdict = z.infer<typeof StepVerdictSchema>;

/**
 * A DPoP proof a request carried (RFC 9449 §4.2), decoded for the person: its header without the
 * public key itself (the key's thumbprint names it) and its claims. The signature is left out, so
 * what is shown cannot be replayed; `ath` is a hash of the access token, not the token.
 */
export const DpopProofViewSchema = z.object({
  typ: z.string(),
  alg: z.string(),
  /** RFC 7638 thumbprint of the proof's public key: the `cnf.jkt` a bound token names. */
  jkt: z.string(),
  htm: z.string(),
  htu: z.string(),
  iat: z.number(),
  jti: z.string(),
  /** Present when the proof goes with an access token (at the MCP server). */
  ath: z.string().optional(),
  /** Present when the server asked for one (a use_dpop_nonce answer). */
  nonce: z.string().optional(),
});
export type DpopProofView = z.infer<typeof DpopProofViewSchema>;

/** One HTTP exchange a step made, secrets masked in headers, query and bodies. */
export const OAuthExchangeSchema = z.object({
  method: z.string(),
  /** The whole URL; secret query values masked. */
  url: z.string(),
  requestHeaders: z.record(z.string(), z.string()),
  /** Form or JSON body as sent, secret fields masked. */
  requestBody: z.string().optional(),
  /** Absent when no response came. */
  status: z.number().int().optional(),
  responseHeaders: z.record(z.string(), z.string()),
  /** At most 64 KiB of the body, secret fields masked. */
  responseBody: z.string().optional(),
  durationMs: z.number().nonnegative(),
  /** Why no response came. */
  error: z.string().optional(),
  /** The request's DPoP proof, decoded (the header itself stays masked). */
  dpopProof: DpopProofViewSchema.optional(),
});
export type OAuthExchange = z.infer<typeof OAuthExchangeSchema>;

export const OAuthStepSchema = z.object({
  /** Stable within a flow: `challenge`, `resource-metadata`, …, or `refresh-3`. */
  id: z.string(),
  title: z.string(),
  /** What the spec asks of this step, in a sentence, with the RFC or spec section. */
  requirement: z.string(),
  verdict: StepVerdictSchema,
  /** What happened, in plain words; for a failure, which requirement failed. */
  detail: z.string().optional(),
  /** For a failure: what the server sent instead. */
  got: z.string().optional(),
  /** Values the step found or chose (issuer, scope, client id, …); never a secret. */
  facts: z.array(z.tuple([z.string(), z.string()])),
  exchanges: z.array(OAuthExchangeSchema),
  /** Milliseconds the step took, once done. */
  durationMs: z.number().nonnegative().optional(),
});
export type OAuthStep = z.infer<typeof OAuthStepSchema>;

export const OAuthTokenSummarySchema = z.object({
  issuer: z.string(),
  clientId: z.string(),
  scopes: z.array(z.string()),
  /** Epoch milliseconds, when the server said. */
  expiresAt: z.number().optional(),
  /** Masked, with a fingerprint: `•••••• #1a2b`. */
  accessToken: z.string(),
  refreshToken: z.string().optional(),
  /** Whether it is also kept in the user's token file. */
  persisted: z.boolean(),
  /** For a DPoP-bound token: the thumbprint of the key it is bound to. */
  dpopKey: z.string().optional(),
});
export type OAuthTokenSummary = z.infer<typeof OAuthTokenSummarySchema>;

export const OAuthFlowStatusSchema = z.enum([
  /** Nothing asked yet: no challenge seen, no sign-in started. */
  'idle',
  /** The server asked for authorization; the person can sign in. */
  'needed',
  'running',
  /** Stopped between steps (step-by-step mode), or waiting for the person in the browser. */
  'paused',
  'waiting-for-browser',
  'authorized',
  'failed',
]);
export type OAuthFlowStatus = z.infer<typeof OAuthFlowStatusSchema>;

export const OAuthViewSchema = z.object({
  /** False for a stdio target: OAuth is for servers reached by URL. */
  applicable: z.boolean(),
  status: OAuthFlowStatusSchema,
  /** Why this flow started: a 401, the Sign in button, a step-up, … */
  trigger: z.string().optional(),
  steps: z.array(OAuthStepSchema),
  /** The page to open in the browser, while the flow waits for the person. */
  authorizationUrl: z.string().optional(),
  token: OAuthTokenSummarySchema.optional(),
  /** Where the bridge keeps tokens across runs, when the person opted in. */
  storeFile: z.string().optional(),
  /** The machine credentials the page gave for this server: what is set, never a value. */
  machine: z
    .object({
      grant: z.enum(['client-credentials', 'jwt-bearer', 'token-exchange']),
      clientId: z.string(),
      secret: z.boolean(),
      /** Enterprise-managed: the identity provider's issuer (or token endpoint) and client ID. */
      idp: z.object({ at: z.string(), clientId: z.string(), idToken: z.boolean() }).optional(),
      /** The private_key_jwt algorithm, when a key was given. */
      keyAlg: z.string().optional(),
      assertion: z.boolean(),
      dpop: z.boolean(),
    })
    .optional(),
});
export type OAuthView = z.infer<typeof OAuthViewSchema>;

/**
 * `POST …/machine`: a sign-in without a browser (client_credentials with a client secret or a
 * private_key_jwt key, the jwt-bearer grant with a platform's assertion, or enterprise-managed
 * authorization: the person's ID token exchanged at their identity provider for an ID-JAG). Kept in the bridge's
 * memory for this server only, never written, never sent back; the view says what is set.
 */
export const MachineSignInSchema = z
  .object({
    grant: z.enum(['client-credentials', 'jwt-bearer', 'token-exchange']),
    clientId: z.string().trim().min(1, 'a client ID is needed').max(1_000),
    /** Enterprise-managed authorization (SEP-990): the identity provider and the person's ID token. */
    idp: z
      .object({
        issuer: z.string().max(2_000).optional(),
        tokenEndpoint: z.string().max(2_000).optional(),
        clientId: z.string().trim().min(1, "the identity provider's client ID is needed").max(1_000),
        idToken: z.string().trim().min(1, 'an ID token is needed').max(20_000),
      })
      .strict()
      .optional(),
    clientSecret: z.string().max(10_000).optional(),
    /** A PEM private key: client authentication by private_key_jwt instead of a secret. */
    clientKey: z.string().max(20_000).optional(),
    clientKeyAlg: z.string().max(20).optional(),
    assertion: z.string().max(20_000).optional(),
    scope: z.string().max(2_000).optional(),
    /** DPoP-bound tokens even when the server does not ask for them. */
    dpop: z.boolean().optional(),
  })
  .strict()
  .refine((given) => given.grant !== 'jwt-bearer' || !!given.assertion?.trim(), {
    message: 'the jwt-bearer grant needs an assertion',
    path: ['assertion'],
  })
  .refine(
    (given) =>
      given.grant !== 'token-exchange' || !!(given.idp?.issuer?.trim() || given.idp?.tokenEndpoint?.trim()),
    {
      message: "enterprise-managed authorization needs the identity provider's issuer or token endpoint",
      path: ['idp'],
    },
  );
export type MachineSignIn = z.infer<typeof MachineSignInSchema>;
