import { createHash, randomBytes } from "node:crypto";

/**
 * LINE Login v2.1 (OpenID Connect, authorization code flow with PKCE), as documented at
 * developers.line.biz: the authorization URL on the login host, and the token, ID-token
 * verification and friendship-status endpoints on the API host. Only what linking a member's
 * LINE account needs; the base URLs come from the configuration so tests use a stand-in.
 */

export interface LineLoginSettings {
  channelId: string;
  channelSecret: string;
  /** https://api.line.me (token, verify, friendship status). */
  apiBaseUrl: string;
  /** https://access.line.me (the authorization page). */
  loginBaseUrl: string;
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
  settings: Pick<LineLoginSettings, "channelId" | "loginBaseUrl">,
  params: { redirectUri: string; state: string; nonce: string; codeVerifier: string },
): string {
  const query = new URLSearchParams({
    response_type: "code",
    client_id: settings.channelId,
    redirect_uri: params.redirectUri,
    state: params.state,
    scope: "openid profile",
    nonce: params.nonce,
    // After consent LINE opens a screen to add the official account as a friend, so the
    // member can receive notifications without a second step.
    bot_prompt: "aggressive",
    code_challenge: codeChallenge(params.codeVerifier),
    code_challenge_method: "S256",
  });
  return `${settings.loginBaseUrl}/oauth2/v2.1/authorize?${query.toString()}`;
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

const form = (values: Record<string, string>) => ({
  method: "POST",
  headers: { "Content-Type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(values).toString(),
});

export interface IssuedTokens {
  accessToken: string;
  idToken: string;
}

/** POST /oauth2/v2.1/token: the authorization code and the PKCE verifier for tokens. */
export async function exchangeCode(
  settings: LineLoginSettings,
  params: { code: string; redirectUri: string; codeVerifier: string },
): Promise<IssuedTokens> {
  const body = await call(
    settings,
    "/oauth2/v2.1/token",
    form({
      grant_type: "authorization_code",
      code: params.code,
      redirect_uri: params.redirectUri,
      client_id: settings.channelId,
      client_secret: settings.channelSecret,
      code_verifier: params.codeVerifier,
    }),
  );
  if (typeof body.access_token !== "string" || typeof body.id_token !== "string") {
    throw new LineLoginError("rejected", "token: no access_token or id_token in the answer");
  }
  return { accessToken: body.access_token, idToken: body.id_token };
}

export interface VerifiedIdToken {
  /** The LINE user id. */
  sub: string;
  name: string | null;
}

/**
 * POST /oauth2/v2.1/verify: LINE checks the ID token's signature, audience, expiry and our
 * nonce. Its answer is checked again here (issuer, audience, nonce, expiry), so a stand-in or
 * a proxy that answered carelessly could not link the wrong account. A LIFF app's ID token
 * carries no nonce of ours (LIFF logs the member in), so the nonce is checked when given.
 */
export async function verifyIdToken(
  settings: LineLoginSettings,
  params: { idToken: string; nonce?: string },
): Promise<VerifiedIdToken> {
  const fields: Record<string, string> = {
    id_token: params.idToken,
    client_id: settings.channelId,
  };
  if (params.nonce !== undefined) fields.nonce = params.nonce;
  const body = await call(settings, "/oauth2/v2.1/verify", form(fields));
  const now = Math.floor(Date.now() / 1000);
  if (body.iss !== "https://access.line.me") throw new LineLoginError("rejected", "verify: iss");
  if (String(body.aud) !== settings.channelId) throw new LineLoginError("rejected", "verify: aud");
  if (params.nonce !== undefined && body.nonce !== params.nonce) {
    throw new LineLoginError("rejected", "verify: nonce");
  }
  if (typeof body.exp !== "number" || body.exp <= now) {
    throw new LineLoginError("rejected", "verify: expired");
  }
  if (typeof body.sub !== "string" || !/^U[0-9a-f]{32}$/.test(body.sub)) {
    throw new LineLoginError("rejected", "verify: sub");
  }
  return { sub: body.sub, name: typeof body.name === "string" ? body.name.slice(0, 200) : null };
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
