import { createHash, randomBytes } from "node:crypto";
import { createRemoteJWKSet, decodeProtectedHeader, errors as joseErrors, jwtVerify } from "jose";
import type { JWTPayload } from "jose";
import * as client from "openid-client";

/**
 * LINE Login v2.1 (OpenID Connect, authorization code flow with PKCE, state and nonce), as
 * documented at developers.line.biz: the authorization URL on the login host, the token
 * endpoint and the ID token (checked by openid-client, its signature by jose), and the
 * friendship status. Used to sign in with LINE and to link a member's LINE account; the base
 * URLs and the issuer come from the configuration so tests use a local provider.
 */

export interface LineLoginSettings {
  channelId: string;
  channelSecret: string;
  /** https://api.line.me (token, verify, friendship status). */
  apiBaseUrl: string;
  /** https://access.line.me (the authorization page). */
  loginBaseUrl: string;
  /** The ID token's `iss`: https://access.line.me. */
  issuer: string;
  timeoutMs: number;
}

/**
 * Why a call failed: `connection` when LINE could not be reached or answered with a server
 * error (worth trying again later), `rejected` when LINE refused what we sent (an expired or
 * replayed code, a token for another channel). The page shows the connection error or
 * its generic error accordingly.
 */
export class LineLoginError extends Error {
  constructor(
    readonly kind: "connection" | "rejected",
    message: string,
  ) {
    super(message);
    this.name = "LineLoginError";
  }
}

/** The secrets of one login attempt: kept on the server, never in a cookie or the page. */
export interface LoginSecrets {
  state: string;
  nonce: string;
  codeVerifier: string;
}

const base64url = (bytes: Buffer) => bytes.toString("base64url");

export function newLoginSecrets(): LoginSecrets {
  return {
    state: base64url(randomBytes(24)),
    nonce: base64url(randomBytes(24)),
    // RFC 7636: 43-128 characters of [A-Za-z0-9-._~]; 48 random bytes give 64.
    codeVerifier: base64url(randomBytes(48)),
  };
}

/** S256: base64url(sha256(verifier)), without padding. */
export function codeChallenge(codeVerifier: string): string {
  return base64url(createHash("sha256").update(codeVerifier).digest());
}

export function authorizeUrl(
  settings: LineLoginSettings,
  params: {
    redirectUri: string;
    state: string;
    nonce: string;
    codeVerifier: string;
    /** Ask for the email permission (only once LINE granted it to the channel). */
    email?: boolean;
  },
): string {
  return client
    .buildAuthorizationUrl(oidcClient(settings), {
      redirect_uri: params.redirectUri,
      state: params.state,
      scope: params.email ? "openid profile email" : "openid profile",
      nonce: params.nonce,
      // After consent LINE opens a screen to add the official account as a friend, so the
      // member can receive notifications without a second step.
      bot_prompt: "aggressive",
      code_challenge: codeChallenge(params.codeVerifier),
      code_challenge_method: "S256",
    })
    .toString();
}

async function call(
  settings: LineLoginSettings,
  path: string,
  init: RequestInit,
): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(`${settings.apiBaseUrl}${path}`, {
      ...init,
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
  } catch (error) {
    throw new LineLoginError(
      "connection",
      `${path}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const text = await response.text().catch(() => "");
  if (response.status >= 500 || response.status === 429) {
    throw new LineLoginError("connection", `${path}: HTTP ${response.status}`);
  }
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (!response.ok || !body || typeof body !== "object") {
    const reason =
      body && typeof body === "object" && "error" in body
        ? String((body as { error: unknown }).error)
        : "unreadable answer";
    throw new LineLoginError("rejected", `${path}: HTTP ${response.status} ${reason}`);
  }
  return body as Record<string, unknown>;
}

export interface VerifiedIdToken {
  /** The LINE user id. */
  sub: string;
  name: string | null;
  /** The address LINE holds for the user, only when the member granted the email permission. */
  email: string | null;
  /** The token's `exp`: after it (and the minute of skew) the token is refused anyway. */
  expiresAt: Date;
}

export interface IssuedTokens {
  accessToken: string;
  identity: VerifiedIdToken;
}

/**
 * The OpenID client for the channel: LINE's endpoints written out rather than discovered, so a
 * sign-in costs no extra round trip and the stand-in needs no discovery document. LINE signs
 * web-login ID tokens with HS256 (the channel secret) and SDK/LIFF ones with ES256.
 */
function oidcClient(settings: LineLoginSettings): client.Configuration {
  const config = new client.Configuration(
    {
      issuer: settings.issuer,
      authorization_endpoint: `${settings.loginBaseUrl}/oauth2/v2.1/authorize`,
      token_endpoint: `${settings.apiBaseUrl}/oauth2/v2.1/token`,
      jwks_uri: jwksUrl(settings),
      id_token_signing_alg_values_supported: [...ID_TOKEN_ALGS],
    },
    settings.channelId,
    { client_secret: settings.channelSecret },
    client.ClientSecretPost(settings.channelSecret),
  );
  config.timeout = Math.max(1, Math.ceil(settings.timeoutMs / 1000));
  // Only a stand-in or a test provider on loopback is plain HTTP; LINE itself is HTTPS.
  if (settings.apiBaseUrl.startsWith("http:") || settings.loginBaseUrl.startsWith("http:")) {
    client.allowInsecureRequests(config);
  }
  return config;
}

const jwksUrl = (settings: Pick<LineLoginSettings, "apiBaseUrl">) =>
  `${settings.apiBaseUrl}/oauth2/v2.1/certs`;

/** Whether a failure is LINE being unreachable or failing (retry later) or a refusal. */
function classify(error: unknown, step: string): LineLoginError {
  if (error instanceof LineLoginError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof client.ResponseBodyError) {
    return new LineLoginError(
      error.status >= 500 || error.status === 429 ? "connection" : "rejected",
      `${step}: HTTP ${error.status} ${error.error}`,
    );
  }
  // fetch failures (refused, reset, timed out) are TypeError / AbortError / TimeoutError.
  if (
    error instanceof TypeError ||
    (error instanceof Error && /abort|timeout|fetch failed|ECONN/i.test(error.name + message))
  ) {
    return new LineLoginError("connection", `${step}: ${message}`);
  }
  if (error instanceof client.ClientError) {
    const status = (error.cause as { status?: unknown } | undefined)?.status;
    if (typeof status === "number" && (status >= 500 || status === 429)) {
      return new LineLoginError("connection", `${step}: HTTP ${status}`);
    }
  }
  return new LineLoginError("rejected", `${step}: ${message}`);
}

/**
 * POST /oauth2/v2.1/token through openid-client: sends the code with the PKCE verifier, and
 * checks the answer (the state we expect, the ID token's issuer, audience, expiry, issue time
 * and our nonce). The ID token's signature is then checked here too (`verifyLineIdToken`):
 * the library leaves it to TLS, and a stand-in or a proxy must not be able to pick the user.
 */
export async function exchangeCode(
  settings: LineLoginSettings,
  params: {
    code: string;
    state: string;
    redirectUri: string;
    codeVerifier: string;
    nonce: string;
  },
): Promise<IssuedTokens> {
  const currentUrl = new URL(params.redirectUri);
  currentUrl.searchParams.set("code", params.code);
  currentUrl.searchParams.set("state", params.state);
  let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
  try {
    tokens = await client.authorizationCodeGrant(oidcClient(settings), currentUrl, {
      pkceCodeVerifier: params.codeVerifier,
      expectedState: params.state,
      expectedNonce: params.nonce,
      idTokenExpected: true,
    });
  } catch (error) {
    throw classify(error, "token");
  }
  if (!tokens.id_token) throw new LineLoginError("rejected", "token: no id_token");
  const identity = await verifyLineIdToken(settings, tokens.id_token, { nonce: params.nonce });
  return { accessToken: tokens.access_token, identity };
}

const ID_TOKEN_ALGS = ["HS256", "ES256"] as const;
const remoteKeys = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

function keysAt(settings: LineLoginSettings) {
  const url = jwksUrl(settings);
  let keys = remoteKeys.get(url);
  if (!keys) {
    keys = createRemoteJWKSet(new URL(url), { timeoutDuration: settings.timeoutMs });
    remoteKeys.set(url, keys);
  }
  return keys;
}

/** The clock skew allowed between LINE and this server, in seconds. */
const CLOCK_TOLERANCE_S = 60;

/** LINE user ids: "U" and 32 hex digits. */
export const LINE_USER_ID = /^U[0-9a-f]{32}$/;

/**
 * Verifies a LINE ID token on the server, whoever handed it over: the signature (HS256 with
 * the channel secret, or ES256 with a key from LINE's JWK set), the issuer, the audience (our
 * channel id), the expiry and issue time (a minute of clock skew), and the nonce when one was
 * sent with the login (null: the caller had none to send, as in LIFF). A token from the browser
 * is only ever trusted after this.
 */
export async function verifyLineIdToken(
  settings: LineLoginSettings,
  idToken: string,
  expected: { nonce: string | null },
): Promise<VerifiedIdToken> {
  let alg: unknown;
  try {
    alg = decodeProtectedHeader(idToken).alg;
  } catch {
    throw new LineLoginError("rejected", "id_token: unreadable");
  }
  if (alg !== "HS256" && alg !== "ES256") {
    throw new LineLoginError("rejected", `id_token: alg ${String(alg)}`);
  }
  const options = {
    issuer: settings.issuer,
    audience: settings.channelId,
    algorithms: [alg],
    clockTolerance: CLOCK_TOLERANCE_S,
    requiredClaims: ["exp", "iat", "sub"],
  };
  let claims: JWTPayload;
  try {
    claims =
      alg === "HS256"
        ? (await jwtVerify(idToken, new TextEncoder().encode(settings.channelSecret), options))
            .payload
        : (await jwtVerify(idToken, keysAt(settings), options)).payload;
  } catch (error) {
    if (error instanceof joseErrors.JWKSTimeout || !(error instanceof joseErrors.JOSEError)) {
      throw new LineLoginError(
        "connection",
        `id_token keys: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    const claim = error instanceof joseErrors.JWTClaimValidationFailed ? ` ${error.claim}` : "";
    throw new LineLoginError("rejected", `id_token: ${error.code}${claim}`);
  }
  if (expected.nonce !== null && claims.nonce !== expected.nonce) {
    throw new LineLoginError("rejected", "id_token: nonce");
  }
  if (typeof claims.sub !== "string" || !LINE_USER_ID.test(claims.sub)) {
    throw new LineLoginError("rejected", "id_token: sub");
  }
  const email =
    typeof claims.email === "string" && claims.email.length <= 254 && claims.email.includes("@")
      ? claims.email.toLowerCase()
      : null;
  return {
    sub: claims.sub,
    name: typeof claims.name === "string" ? claims.name.slice(0, 200) : null,
    email,
    expiresAt: new Date((claims.exp! + CLOCK_TOLERANCE_S) * 1000),
  };
}

/**
 * GET /friendship/v1/status: whether the member has the official account as a friend (and
 * has not blocked it), so the page knows at once whether notifications can reach them.
 * Null when LINE does not say; linking does not depend on it.
 */
export async function friendshipStatus(
  settings: LineLoginSettings,
  accessToken: string,
): Promise<boolean | null> {
  try {
    const body = await call(settings, "/friendship/v1/status", {
      headers: { Authorization: `Bearer ${accessToken}` },
    });
    return typeof body.friendFlag === "boolean" ? body.friendFlag : null;
  } catch {
    return null;
  }
}
