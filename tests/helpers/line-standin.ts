import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { listen, type RunningServer } from "./http";
import {
  type AuthCode,
  b64url,
  escapeHtml,
  json,
  newLineUserId,
  type PushRecord,
  type PushScript,
  readBody,
  STANDIN_DEFAULTS,
  type StandinOptions,
  UUID,
} from "./line-standin-wire";
import { RichMenuStandin } from "./line-standin-richmenu";

// Tests import these from here, with the stand-in.
export {
  newLineUserId,
  type PushRecord,
  type PushScript,
  signWebhook,
  STANDIN_DEFAULTS,
  type StandinOptions,
} from "./line-standin-wire";

/**
 * A local stand-in for the LINE Platform, speaking the documented HTTP protocols on loopback:
 *
 * Messaging API (api.line.me)
 * - POST /v2/bot/message/push with X-Line-Retry-Key: a key is accepted once; a repeat gets 409
 *   with x-line-accepted-request-id, as LINE documents. Every request and key is recorded.
 * - POST /v2/bot/message/reply, GET /v2/bot/profile/{userId}.
 * - Scripted trouble: the next pushes can answer 429, 500 or 409, can be accepted and then
 *   answered 500 (the "answer lost" case), or can be held for a while before the answer.
 * - The rich menu endpoints, with the content host's image upload (line-standin-richmenu.ts).
 *
 * LINE Login (access.line.me and api.line.me)
 * - GET /oauth2/v2.1/authorize checks the request (client, redirect URI, state, nonce, PKCE
 *   S256) and shows a consent page; "Allow" redirects back with a code, "Cancel" with
 *   error=access_denied.
 * - POST /oauth2/v2.1/token checks the code, the client secret, the redirect URI and the PKCE
 *   verifier, and issues an access token and an HS256 ID token signed with the channel secret.
 * - POST /oauth2/v2.1/verify checks that ID token (signature, audience, expiry, nonce), and
 *   LIFF's (issueIdToken: no nonce).
 * - GET /friendship/v1/status answers whether the user added the official account.
 *
 * Control (tests in another process, such as Playwright's web server): GET /__standin/state,
 * GET /__standin/stats (counts only), POST /__standin/reset, POST /__standin/script.
 */

export class LineStandin {
  readonly options: StandinOptions;
  /** Every push request, in arrival order, with the status it got. */
  pushes: PushRecord[] = [];
  /** Retry key → the accepted request's id: what LINE would have delivered. */
  accepted = new Map<string, { requestId: string; to: string; text: string }>();
  /** Pushes accepted without a retry key (each one delivered). */
  acceptedWithoutKey = 0;
  replies: { replyToken: string; text: string }[] = [];
  profiles = new Map<string, string>();
  /** Authorization requests as received (their query), for tests to inspect. */
  authorizeRequests: Record<string, string>[] = [];
  private script: PushScript[] = [];
  private codes = new Map<string, AuthCode>();
  private tokens = new Map<string, { userId: string; friend: boolean }>();
  private held = new Set<NodeJS.Timeout>();
  server: RunningServer | null = null;
  /** The rich menus, the default one and every rich menu request. */
  readonly richMenus: RichMenuStandin;

  constructor(options: Partial<StandinOptions> = {}) {
    this.options = { ...STANDIN_DEFAULTS, ...options };
    this.richMenus = new RichMenuStandin((req) => this.authorized(req));
  }

  /** Queues answers for the next pushes, one entry per push. */
  scriptPushes(...entries: PushScript[]): void {
    this.script.push(...entries);
  }

  /** Drops the scripted answers not used yet. */
  clearScript(): void {
    this.script = [];
  }

  reset(): void {
    this.pushes = [];
    this.accepted.clear();
    this.acceptedWithoutKey = 0;
    this.replies = [];
    this.script = [];
    this.authorizeRequests = [];
    this.richMenus.reset();
  }

  /** How many messages LINE would have delivered. */
  get deliveredCount(): number {
    return this.accepted.size + this.acceptedWithoutKey;
  }

  async start(port = 0): Promise<RunningServer> {
    const handler = (req: IncomingMessage, res: ServerResponse) => {
      this.handle(req, res).catch((err: unknown) => {
        if (!res.headersSent) json(res, 500, { message: String(err) });
      });
    };
    if (port === 0) {
      this.server = await listen(handler);
    } else {
      const { createServer } = await import("node:http");
      const server = createServer(handler);
      await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
      this.server = {
        server,
        port,
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise<void>((resolve) => {
            server.close(() => resolve());
            server.closeAllConnections();
          }),
      };
    }
    return this.server;
  }

  async stop(): Promise<void> {
    for (const t of this.held) clearTimeout(t);
    this.held.clear();
    await this.server?.close();
  }

  get url(): string {
    if (!this.server) throw new Error("stand-in not started");
    return this.server.url;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://standin");
    const path = url.pathname;
    if (req.method === "POST" && path === "/v2/bot/message/push") return this.push(req, res);
    if (req.method === "POST" && path === "/v2/bot/message/reply") return this.reply(req, res);
    if (this.richMenus.handles(path)) return this.richMenus.handle(req, res, path);
    if (req.method === "GET" && path.startsWith("/v2/bot/profile/")) {
      if (!this.authorized(req)) return json(res, 401, { message: "Authentication failed" });
      const userId = decodeURIComponent(path.slice("/v2/bot/profile/".length));
      const name = this.profiles.get(userId);
      if (!name) return json(res, 404, { message: "Not found" });
      return json(res, 200, { userId, displayName: name, language: "ja" });
    }
    if (req.method === "GET" && path === "/oauth2/v2.1/authorize") return this.authorize(url, res);
    if (req.method === "POST" && path === "/oauth2/v2.1/authorize/consent")
      return this.consent(req, res);
    if (req.method === "POST" && path === "/oauth2/v2.1/token") return this.token(req, res);
    if (req.method === "POST" && path === "/oauth2/v2.1/verify") return this.verify(req, res);
    if (req.method === "GET" && path === "/friendship/v1/status") {
      const token = (req.headers.authorization ?? "").replace(/^Bearer /, "");
      const owner = this.tokens.get(token);
      if (!owner) return json(res, 401, { error: "invalid_token" });
      return json(res, 200, { friendFlag: owner.friend });
    }
    if (path === "/__standin/state") {
      return json(res, 200, {
        pushes: this.pushes,
        accepted: [...this.accepted.entries()].map(([retryKey, v]) => ({ retryKey, ...v })),
        replies: this.replies,
        authorizeRequests: this.authorizeRequests,
      });
    }
    if (path === "/__standin/stats") {
      const byStatus: Record<string, number> = {};
      for (const p of this.pushes) byStatus[p.status] = (byStatus[p.status] ?? 0) + 1;
      return json(res, 200, {
        pushes: this.pushes.length,
        accepted: this.accepted.size,
        acceptedWithoutKey: this.acceptedWithoutKey,
        byStatus,
      });
    }
    if (req.method === "POST" && path === "/__standin/reset") {
      this.reset();
      return json(res, 200, {});
    }
    if (req.method === "POST" && path === "/__standin/script") {
      const body = JSON.parse((await readBody(req)) || "[]") as PushScript[];
      this.scriptPushes(...body);
      return json(res, 200, {});
    }
    json(res, 404, { message: "Not found" });
  }

  private authorized(req: IncomingMessage): boolean {
    return req.headers.authorization === `Bearer ${this.options.channelAccessToken}`;
  }

  private async push(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = await readBody(req);
    if (!this.authorized(req)) return json(res, 401, { message: "Authentication failed" });
    const retryKey = (req.headers["x-line-retry-key"] as string | undefined) ?? null;
    if (retryKey !== null && !UUID.test(retryKey)) {
      return json(res, 400, { message: "The value of the X-Line-Retry-Key header is invalid" });
    }
    let body: { to?: unknown; messages?: { type?: string; text?: string }[] };
    try {
      body = JSON.parse(raw) as typeof body;
    } catch {
      return json(res, 400, { message: "The request body has 1 error(s)" });
    }
    const text = body.messages?.[0]?.text ?? "";
    if (
      typeof body.to !== "string" ||
      !Array.isArray(body.messages) ||
      body.messages.length === 0
    ) {
      return json(res, 400, { message: "The request body has 1 error(s)" });
    }
    const record = (status: number) =>
      this.pushes.push({ at: Date.now(), to: body.to as string, text, retryKey, status });

    const step = this.script.shift();
    if (step?.kind === "status") {
      record(step.status);
      const headers: Record<string, string> = {};
      if (step.retryAfter !== undefined) headers["Retry-After"] = String(step.retryAfter);
      return json(res, step.status, { message: `scripted ${step.status}` }, headers);
    }
    if (retryKey !== null) {
      const before = this.accepted.get(retryKey);
      if (before) {
        record(409);
        return json(
          res,
          409,
          { message: "The retry key is already accepted", sentMessages: [] },
          { "x-line-accepted-request-id": before.requestId },
        );
      }
    }
    const requestId = randomUUID();
    if (retryKey !== null) this.accepted.set(retryKey, { requestId, to: body.to, text });
    else this.acceptedWithoutKey++;
    if (step?.kind === "acceptThenFail") {
      record(500);
      return json(res, 500, { message: "scripted: accepted, answer lost" });
    }
    record(200);
    const answer = () =>
      json(
        res,
        200,
        { sentMessages: [{ id: String(Date.now()), quoteToken: b64url(randomBytes(12)) }] },
        {
          "x-line-request-id": requestId,
        },
      );
    if (step?.kind === "hold") {
      const timer = setTimeout(() => {
        this.held.delete(timer);
        if (!res.destroyed) answer();
      }, step.ms);
      this.held.add(timer);
      return;
    }
    answer();
  }

  private async reply(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = JSON.parse(await readBody(req)) as {
      replyToken?: string;
      messages?: { text?: string }[];
    };
    if (!this.authorized(req)) return json(res, 401, { message: "Authentication failed" });
    if (!body.replyToken) return json(res, 400, { message: "Invalid reply token" });
    this.replies.push({ replyToken: body.replyToken, text: body.messages?.[0]?.text ?? "" });
    json(res, 200, { sentMessages: [] });
  }

  // ------------------------------------------------------------------------- LINE Login

  private authorize(url: URL, res: ServerResponse): void {
    const q = Object.fromEntries(url.searchParams.entries());
    this.authorizeRequests.push(q);
    const problems: string[] = [];
    if (q.response_type !== "code") problems.push("response_type");
    if (q.client_id !== this.options.loginChannelId) problems.push("client_id");
    if (!q.redirect_uri || !/^https?:\/\//.test(q.redirect_uri)) problems.push("redirect_uri");
    if (!q.state) problems.push("state");
    if (!(q.scope ?? "").split(" ").includes("openid")) problems.push("scope");
    if (!q.nonce) problems.push("nonce");
    if (q.code_challenge_method !== "S256" || !/^[A-Za-z0-9_-]{43}$/.test(q.code_challenge ?? "")) {
      problems.push("code_challenge");
    }
    if (problems.length) {
      res.writeHead(400, { "Content-Type": "text/plain" });
      res.end(`invalid authorization request: ${problems.join(", ")}`);
      return;
    }
    const hidden = ["redirect_uri", "state", "nonce", "code_challenge", "client_id"]
      .map((k) => `<input type="hidden" name="${k}" value="${escapeHtml(q[k] ?? "")}">`)
      .join("");
    const friendPrompt = q.bot_prompt
      ? `<p><label><input type="checkbox" name="friend" value="1" checked> Add the official account as a friend (bot_prompt=${escapeHtml(q.bot_prompt)})</label></p>`
      : "";
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>LINE Login (stand-in)</title></head>
<body style="font-family:sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem">
<h1>LINE Login stand-in</h1>
<form method="post" action="/oauth2/v2.1/authorize/consent">${hidden}
<p><label>LINE user id <input name="user_id" value="${newLineUserId()}" size="40"></label></p>
<p><label>Display name <input name="name" value="LINE User"></label></p>
${friendPrompt}
<p><button name="decision" value="allow">Allow</button> <button name="decision" value="cancel">Cancel</button></p>
</form></body></html>`);
  }

  private async consent(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const form = new URLSearchParams(await readBody(req));
    const redirect = new URL(form.get("redirect_uri") ?? "");
    const state = form.get("state") ?? "";
    if (form.get("decision") !== "allow") {
      redirect.searchParams.set("error", "access_denied");
      redirect.searchParams.set("error_description", "The user has denied the request");
      redirect.searchParams.set("state", state);
    } else {
      const code = b64url(randomBytes(15));
      const friend = form.get("friend") === "1";
      this.codes.set(code, {
        clientId: form.get("client_id") ?? "",
        redirectUri: form.get("redirect_uri") ?? "",
        codeChallenge: form.get("code_challenge") ?? "",
        nonce: form.get("nonce") ?? "",
        userId: form.get("user_id") ?? newLineUserId(),
        name: form.get("name") ?? "LINE User",
        friend,
        expires: Date.now() + 10 * 60 * 1000,
        used: false,
      });
      this.profiles.set(form.get("user_id") ?? "", form.get("name") ?? "LINE User");
      redirect.searchParams.set("code", code);
      redirect.searchParams.set("state", state);
      redirect.searchParams.set("friendship_status_changed", String(friend));
    }
    res.writeHead(302, { Location: redirect.toString() }).end();
  }

  /** Issues a code without the browser, for integration tests: what "Allow" would. */
  issueCode(params: {
    redirectUri: string;
    codeChallenge: string;
    nonce: string;
    userId: string;
    name?: string;
    friend?: boolean;
  }): string {
    const code = b64url(randomBytes(15));
    this.codes.set(code, {
      clientId: this.options.loginChannelId,
      redirectUri: params.redirectUri,
      codeChallenge: params.codeChallenge,
      nonce: params.nonce,
      userId: params.userId,
      name: params.name ?? "LINE User",
      friend: params.friend ?? true,
      expires: Date.now() + 10 * 60 * 1000,
      used: false,
    });
    return code;
  }

  /**
   * An ID token as LINE gives one to a LIFF app (liff.getIDToken()): for the LINE Login channel,
   * without a nonce, signed as the token endpoint signs. `aud`, `exp` (seconds) and `secret`
   * make the tokens LINE's verify endpoint refuses: another channel's, expired, forged.
   */
  issueIdToken(params: {
    userId: string;
    name?: string;
    aud?: string;
    exp?: number;
    secret?: string;
  }): string {
    const now = Math.floor(Date.now() / 1000);
    return this.sign(
      {
        iss: "https://access.line.me",
        sub: params.userId,
        aud: params.aud ?? this.options.loginChannelId,
        exp: params.exp ?? now + 3600,
        iat: now,
        amr: ["linesso"],
        name: params.name ?? "LINE User",
      },
      params.secret,
    );
  }

  private sign(payload: Record<string, unknown>, secret = this.options.loginChannelSecret): string {
    const head = b64url(JSON.stringify({ typ: "JWT", alg: "HS256" }));
    const body = b64url(JSON.stringify(payload));
    const sig = createHmac("sha256", secret).update(`${head}.${body}`).digest("base64url");
    return `${head}.${body}.${sig}`;
  }

  private async token(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const form = new URLSearchParams(await readBody(req));
    const bad = (description: string) =>
      json(res, 400, { error: "invalid_grant", error_description: description });
    if (form.get("grant_type") !== "authorization_code") {
      return json(res, 400, { error: "unsupported_grant_type" });
    }
    if (
      form.get("client_id") !== this.options.loginChannelId ||
      form.get("client_secret") !== this.options.loginChannelSecret
    ) {
      return json(res, 400, { error: "invalid_client" });
    }
    const code = this.codes.get(form.get("code") ?? "");
    if (!code || code.used || code.expires < Date.now()) return bad("invalid authorization code");
    code.used = true;
    if (code.redirectUri !== form.get("redirect_uri")) return bad("redirect_uri does not match");
    const verifier = form.get("code_verifier") ?? "";
    const challenge = createHash("sha256").update(verifier).digest("base64url");
    if (challenge !== code.codeChallenge) return bad("code_verifier does not match");
    const accessToken = b64url(randomBytes(24));
    this.tokens.set(accessToken, { userId: code.userId, friend: code.friend });
    const now = Math.floor(Date.now() / 1000);
    json(res, 200, {
      access_token: accessToken,
      expires_in: 2592000,
      id_token: this.sign({
        iss: "https://access.line.me",
        sub: code.userId,
        aud: this.options.loginChannelId,
        exp: now + 3600,
        iat: now,
        nonce: code.nonce,
        amr: ["pwd"],
        name: code.name,
      }),
      refresh_token: b64url(randomBytes(16)),
      scope: "openid profile",
      token_type: "Bearer",
    });
  }

  private async verify(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const form = new URLSearchParams(await readBody(req));
    const bad = (description: string) =>
      json(res, 400, { error: "invalid_request", error_description: description });
    const [head, body, sig] = (form.get("id_token") ?? "").split(".");
    if (!head || !body || !sig) return bad("Invalid IdToken.");
    const expected = createHmac("sha256", this.options.loginChannelSecret)
      .update(`${head}.${body}`)
      .digest();
    const given = Buffer.from(sig, "base64url");
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return bad("Invalid IdToken Signature.");
    }
    const payload = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as Record<
      string,
      unknown
    >;
    if (form.get("client_id") !== payload.aud) return bad("Invalid IdToken Audience.");
    if (typeof payload.exp !== "number" || payload.exp * 1000 < Date.now()) {
      return bad("IdToken expired.");
    }
    if (form.has("nonce") && form.get("nonce") !== payload.nonce)
      return bad("Invalid IdToken Nonce.");
    json(res, 200, payload);
  }
}
