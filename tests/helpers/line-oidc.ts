import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair } from "jose";
import Provider, { type Configuration } from "oidc-provider";
import { newLineUserId, STANDIN_DEFAULTS } from "./line-standin-wire";

/**
 * A real OpenID provider (panva's oidc-provider) standing in for LINE Login on loopback: LINE's
 * paths (/oauth2/v2.1/authorize, /token, /certs), PKCE S256 required, client_secret_post, ID
 * tokens signed ES256 (as LINE signs SDK and LIFF tokens) or HS256 with the channel secret
 * (as LINE signs web-login tokens), with `name` and, when asked, `email` in the ID token as
 * LINE puts them. Who signs in is chosen by the test: `nextUser` answers the provider's login
 * and consent interaction, as a member pressing "Allow" on LINE would.
 */

export interface LineUser {
  sub: string;
  name?: string;
  email?: string;
}

export interface LineOidcOptions {
  channelId?: string;
  channelSecret?: string;
  redirectUris: string[];
  /** ID-token algorithm of the channel (LINE: HS256 for web login, ES256 for SDK/LIFF). */
  alg?: "ES256" | "HS256";
  /** The port to listen on; 0 (default) for any. */
  port?: number;
  /** Another channel on the same provider: its tokens carry another audience. */
  otherChannel?: { channelId: string; channelSecret: string };
}

export class LineOidc {
  provider!: Provider;
  server!: Server;
  url = "";
  readonly channelId: string;
  readonly channelSecret: string;
  private users = new Map<string, LineUser>();
  /** Who the next authorization signs in as; `decision: "cancel"` presses Cancel instead. */
  next: { user: LineUser; decision: "allow" | "cancel" } | null = null;

  constructor(private readonly options: LineOidcOptions) {
    this.channelId = options.channelId ?? STANDIN_DEFAULTS.loginChannelId;
    this.channelSecret = options.channelSecret ?? STANDIN_DEFAULTS.loginChannelSecret;
  }

  /**
   * The environment of a test portal at `origin` whose LINE Login is this provider (once
   * started): the channel, every LINE address, and a timeout a loaded machine meets.
   */
  portalEnv(origin: string) {
    return {
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      APP_ORIGIN: origin,
      LINE_LOGIN_CHANNEL_ID: this.channelId,
      LINE_LOGIN_CHANNEL_SECRET: this.channelSecret,
      LINE_API_BASE_URL: this.url,
      LINE_LOGIN_BASE_URL: this.url,
      LINE_LOGIN_ISSUER: this.url,
      LINE_HTTP_TIMEOUT_MS: "3000",
    };
  }

  async start(): Promise<this> {
    const { privateKey } = await generateKeyPair("ES256", { extractable: true });
    const jwk = {
      ...(await exportJWK(privateKey)),
      kid: "line-test-es256",
      use: "sig",
      alg: "ES256",
    };
    this.server = createServer();
    await new Promise<void>((resolve) =>
      this.server.listen(this.options.port ?? 0, "127.0.0.1", resolve),
    );
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    const client = (id: string, secret: string) => ({
      client_id: id,
      client_secret: secret,
      redirect_uris: this.options.redirectUris,
      grant_types: ["authorization_code"],
      response_types: ["code" as const],
      token_endpoint_auth_method: "client_secret_post" as const,
      id_token_signed_response_alg: this.options.alg ?? "ES256",
    });
    const config: Configuration = {
      clients: [
        client(this.channelId, this.channelSecret),
        ...(this.options.otherChannel
          ? [client(this.options.otherChannel.channelId, this.options.otherChannel.channelSecret)]
          : []),
      ],
      jwks: { keys: [jwk as never] },
      routes: {
        authorization: "/oauth2/v2.1/authorize",
        token: "/oauth2/v2.1/token",
        jwks: "/oauth2/v2.1/certs",
        userinfo: "/v2/profile",
      },
      claims: { openid: ["sub"], profile: ["name"], email: ["email"] },
      // LINE puts name and email in the ID token itself.
      conformIdTokenClaims: false,
      enabledJWA: { idTokenSigningAlgValues: ["ES256", "HS256"] },
      pkce: { required: () => true },
      features: { devInteractions: { enabled: false } },
      interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
      cookies: { keys: ["line-oidc-test-cookie-key"] },
      findAccount: (_ctx, sub) => {
        const user = this.users.get(sub);
        if (!user) return undefined;
        return {
          accountId: sub,
          claims: () => ({ sub, name: user.name, email: user.email }),
        };
      },
    };
    this.provider = new Provider(this.url, config);
    const callback = this.provider.callback();
    this.server.on("request", (req: IncomingMessage, res: ServerResponse) => {
      if (req.url?.startsWith("/interaction/")) {
        this.interaction(req, res).catch((error: unknown) => {
          res.statusCode = 500;
          res.end(String(error));
        });
        return;
      }
      void callback(req, res);
    });
    return this;
  }

  /** The member pressing "Allow" (or "Cancel") on LINE's consent page. */
  private async interaction(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const details = await this.provider.interactionDetails(req, res);
    const next = this.next ?? {
      user: { sub: newLineUserId(), name: "LINE User" },
      decision: "allow",
    };
    this.next = null;
    if (next.decision === "cancel") {
      await this.provider.interactionFinished(
        req,
        res,
        { error: "access_denied", error_description: "The user cancelled." },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    this.users.set(next.user.sub, next.user);
    const grant = new this.provider.Grant({
      accountId: next.user.sub,
      clientId: String(details.params.client_id),
    });
    grant.addOIDCScope(String(details.params.scope));
    const grantId = await grant.save();
    await this.provider.interactionFinished(
      req,
      res,
      { login: { accountId: next.user.sub }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  }

  /**
   * What a browser does with an authorization URL: follows the provider's redirects (keeping
   * its cookies) through the interaction until the provider sends it back to our callback;
   * returns that callback URL.
   */
  async authorize(
    authorizeUrl: string,
    user: LineUser | null = null,
    decision: "allow" | "cancel" = "allow",
  ): Promise<URL> {
    this.next = { user: user ?? { sub: newLineUserId(), name: "LINE User" }, decision };
    const jar = new Map<string, string>();
    let url = new URL(authorizeUrl);
    for (let hop = 0; hop < 10; hop++) {
      if (!url.href.startsWith(this.url)) return url;
      const res = await fetch(url, {
        redirect: "manual",
        headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; ") },
      });
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(";");
        const eq = pair!.indexOf("=");
        jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
      }
      const location = res.headers.get("location");
      if (!location) throw new Error(`provider answered ${res.status}: ${await res.text()}`);
      url = new URL(location, url);
    }
    throw new Error("too many redirects at the provider");
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }
}
