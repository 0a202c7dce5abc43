import { readdirSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import { createExpressMiddleware } from "@trpc/server/adapters/express";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import { TRPC_ERROR_CODES_BY_KEY } from "@trpc/server/rpc";
import express, { type Request } from "express";
import { type Db, ping } from "#db";
import type { Config } from "./config";
import type { Logger } from "./logger";
import { accessLog } from "./access-log";
import { precompressed } from "./precompressed";
import { sameOriginOnly, securityHeaders, warnUntrustedProxy } from "./security";
import { bodyLimit } from "./body-limit";
import { signInDoor, signInFormDoor, signInPlace } from "./auth/sign-in-door";
import type { AppError } from "./errors";
import { signInBusy } from "./features/auth/service";
import { responseCompression } from "./compression";
import { limiterRefusals, observeRequest, serveMetrics } from "./metrics";
import { watchDatabase } from "./metrics-db";
import { remixRouteLabeller, trpcRouteLabeller } from "./route-label";
import { HandlerWork } from "./shutdown";
import { pageCacheRules } from "./page-cache";
import { type Context, createContext, recentWriteCookie, type RequestInfo } from "./trpc/context";
import { appRouter } from "./trpc/router";
import { loadContext } from "./load-context";
import { VERSION } from "./version";

export interface AppDeps {
  config: Config;
  db: Db;
  log: Logger;
  /** The Remix server build; absent in tests of the HTTP layer alone. */
  build?: ServerBuild | (() => Promise<ServerBuild>);
  /** Turns false when shutdown starts, so load balancers stop sending traffic. */
  isReady?: () => boolean;
  publicDir?: string;
  /** Counts the tRPC and Remix handlers, so shutdown closes the database after the last. */
  work?: HandlerWork;
  /**
   * false: no sign-in door at the HTTP layer (the procedure's own rules only). For the
   * sign-in benchmark, which measures a flood with and without it in one run.
   */
  signInDoor?: boolean;
}

const trpcRoute = trpcRouteLabeller(Object.keys(appRouter._def.procedures));

/**
 * Every answered request counted and timed under its route's label (server/route-label.ts); a
 * handler names the route in res.locals.route, as a string or a function read at the end.
 */
function observed(): express.RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    res.locals.route = "unmatched";
    res.once("close", () => {
      const route = res.locals.route as string | (() => string);
      observeRequest(
        typeof route === "function" ? route() : route,
        req.method,
        res.statusCode,
        (performance.now() - started) / 1000,
      );
    });
    next();
  };
}

/** Names the route of the requests that reach the next handler. */
const routeIs =
  (route: string): express.RequestHandler =>
  (_req, res, next) => {
    res.locals.route = route;
    next();
  };

/** Procedures per tRPC batch; the browser's link sends at most this many (app/lib/trpc.ts). */
export const MAX_TRPC_BATCH = 10;

/**
 * A refusal as the tRPC endpoint answers it (the router's error format), for each procedure
 * of the request: for answers given before the request reaches tRPC.
 */
function trpcRefusal(error: AppError) {
  const format = appRouter._def._config.errorFormatter;
  const one = (path: string) => ({
    error: format({
      error,
      type: "mutation",
      path,
      input: undefined,
      ctx: undefined,
      shape: {
        message: error.message,
        code: TRPC_ERROR_CODES_BY_KEY[error.code],
        data: { code: error.code, httpStatus: getHTTPStatusCodeFromError(error), path },
      },
    }),
  });
  return (paths: string[], batch: boolean) => (batch ? paths.map(one) : one(paths[0] ?? ""));
}

function requestInfo(req: Request): RequestInfo {
  return {
    url: req.originalUrl,
    headers: { get: (name) => req.get(name) ?? null },
    ip: req.ip ?? null,
    requestId: String(req.id),
    method: req.method,
  };
}

/**
 * The files in public/ (icons, logos, broker art) outside the build. Only a path under one of
 * the folder's own entries, as listed at start-up, reaches the file system: a page request
 * used to cost a `stat` of a file that is not there before Remix saw it (3 % of the CPU of the
 * portal's empty page). A file added to public/ while the server runs is served
 * after a restart, as the build is.
 */
function publicFiles(publicDir: string): express.RequestHandler {
  let entries: Set<string>;
  try {
    entries = new Set(readdirSync(publicDir).filter((name) => name !== "build"));
  } catch {
    entries = new Set();
  }
  const serve = express.static(publicDir, { maxAge: "1h", index: false });
  return (req, res, next) => {
    const first = req.path.split("/", 2)[1] ?? "";
    let name = first;
    try {
      name = decodeURIComponent(first);
    } catch {
      // not a name any file has: the pages decide (a 404)
    }
    if (entries.has(name)) {
      res.locals.route = "static";
      serve(req, res, next);
    } else next();
  };
}

/**
 * A request that wrote gets the writer-window cookie (trpc/context.ts), added as the response
 * starts, whichever way it ends (a redirect, a page, a tRPC answer).
 */
function startWriterWindowWhenWritten(res: express.Response, ctx: Context) {
  const writeHead = res.writeHead.bind(res);
  res.writeHead = ((...args: Parameters<typeof res.writeHead>) => {
    if (ctx.wrote) res.appendHeader("set-cookie", recentWriteCookie());
    return writeHead(...args);
  }) as typeof res.writeHead;
}

/**
 * The HTTP server of an app, whose requests and responses are made with the app's own
 * prototypes. Given Node's plain ones, Express swaps each request's and response's prototype as
 * it arrives (Object.setPrototypeOf), which gives every response a hidden class of its own; V8's
 * young-generation collections then keep each request's objects alive, and they pile up in the
 * old generation until its next full collection. With these, the swap finds the prototype
 * already in place and does nothing.
 */
export function httpServer(app: express.Express): http.Server {
  function AppRequest(this: unknown, socket: unknown) {
    return Reflect.construct(http.IncomingMessage, [socket], AppRequest) as unknown;
  }
  AppRequest.prototype = app.request;
  function AppResponse(this: unknown, req: unknown, options: unknown) {
    return Reflect.construct(http.ServerResponse, [req, options], AppResponse) as unknown;
  }
  AppResponse.prototype = app.response;
  return http.createServer(
    {
      IncomingMessage: AppRequest as unknown as typeof http.IncomingMessage,
      ServerResponse: AppResponse as unknown as typeof http.ServerResponse,
    },
    app,
  );
}

export function createApp(deps: AppDeps): express.Express {
  const { config, db, log } = deps;
  const isReady = deps.isReady ?? (() => true);
  const work = deps.work ?? new HandlerWork();
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.TRUST_PROXY);
  app.use(observed());
  watchDatabase(db, config.READY_TIMEOUT_MS);

  app.use(accessLog(log, (url) => url === "/healthz" || url.startsWith("/build/")));
  app.use(securityHeaders(config));
  app.use(sameOriginOnly(config));
  app.use(warnUntrustedProxy(config, log));
  app.use(bodyLimit(config.BODY_LIMIT_BYTES));
  app.use("/api/trpc", (req, res, next) => {
    res.locals.route = trpcRoute(req.path);
    next();
  });
  if (deps.signInDoor !== false) {
    // Before the response's compression and the tRPC stack: a refused flood costs nothing else.
    app.use(
      "/api/trpc",
      signInDoor({
        deviceSecret: config.DEVICE_COOKIE_SECRET,
        refusal: trpcRefusal(signInBusy()),
        onRefuse: () => limiterRefusals.inc({ rule: "signInDoor" }),
      }),
    );
  }
  if (deps.signInDoor !== false && deps.build) {
    app.use(signInFormDoor({ onRefuse: () => limiterRefusals.inc({ rule: "signInDoor" }) }));
  }
  app.use(responseCompression());

  app.get("/healthz", routeIs("healthz"), (_req, res) => {
    res.json({ status: "ok", version: VERSION });
  });
  app.get("/metrics", routeIs("metrics"), (req, res, next) => {
    serveMetrics(req, res, config.METRICS_TOKEN).catch(next);
  });
  app.get("/readyz", routeIs("readyz"), async (req, res) => {
    if (!isReady()) {
      res.status(503).json({ status: "shutting-down" });
      return;
    }
    try {
      await ping(db, config.READY_TIMEOUT_MS);
      res.json({ status: "ready", database: db.engine });
    } catch (error) {
      req.log.error({ err: error }, "readiness check: database unreachable");
      res.status(503).json({ status: "unavailable", database: db.engine });
    }
  });

  app.use(
    "/api/trpc",
    work.track(
      createExpressMiddleware({
        router: appRouter,
        // The limit above refuses a declared size; this one counts what actually arrives.
        maxBodySize: config.BODY_LIMIT_BYTES,
        // The browser batches a handful of calls; 500 in one request is not a browser.
        maxBatchSize: MAX_TRPC_BATCH,
        createContext: async ({ req, res }): Promise<Context> => {
          const ctx = await createContext(
            { db, config, log },
            { ...requestInfo(req), signInPlace: signInPlace(res) },
          );
          startWriterWindowWhenWritten(res, ctx);
          // Cookies a procedure sets reach the browser once the response is written.
          const writeHead = res.writeHead.bind(res);
          res.writeHead = ((...args: Parameters<typeof res.writeHead>) => {
            ctx.resHeaders.forEach((value, key) => res.appendHeader(key, value));
            return writeHead(...args);
          }) as typeof res.writeHead;
          return ctx;
        },
        onError: ({ error, path: procedure, ctx }) => {
          if (error.code === "INTERNAL_SERVER_ERROR") {
            (ctx?.log ?? log).error({ err: error.cause ?? error, procedure }, "procedure failed");
          }
        },
      }),
    ),
  );

  const publicDir = deps.publicDir ?? path.resolve("public");
  // Fingerprinted by the Remix compiler: cache for a year; Brotli files from the build first.
  // A hashed, immutable file is never revalidated or fetched in ranges, so no ETag,
  // Last-Modified or Accept-Ranges: 24 scripts per first page load each carried them.
  app.use("/build", routeIs("static"));
  app.use("/build", precompressed(path.join(publicDir, "build"), 365 * 24 * 60 * 60 * 1000));
  app.use(
    "/build",
    express.static(path.join(publicDir, "build"), {
      immutable: true,
      maxAge: "1y",
      index: false,
      etag: false,
      lastModified: false,
      acceptRanges: false,
    }),
  );
  app.use(publicFiles(publicDir));

  if (deps.build) {
    // The route labels come from the build's route table (read once the build is loaded).
    let remixRoute: ReturnType<typeof remixRouteLabeller> | null = null;
    let labelledRoutes: ServerBuild["routes"] | null = null;
    const labelled = (build: ServerBuild) => {
      if (labelledRoutes !== build.routes) {
        labelledRoutes = build.routes;
        remixRoute = remixRouteLabeller(build.routes);
      }
      return build;
    };
    const given = deps.build;
    const build = typeof given === "function" ? () => given().then(labelled) : labelled(given);
    app.all("*", (req, res, next) => {
      res.locals.route = () =>
        remixRoute?.(req.path, req.query._data, req.query._routes) ?? "remix:unmatched";
      next();
    });
    app.all("*", pageCacheRules());
    app.all(
      "*",
      work.track(
        createRequestHandler({
          build,
          mode: config.NODE_ENV,
          getLoadContext: async (req, res) => {
            const ctx = await createContext(
              { db, config, log },
              { ...requestInfo(req), signInPlace: signInPlace(res) },
            );
            startWriterWindowWhenWritten(res, ctx);
            return loadContext(ctx, String(res.locals.cspNonce ?? ""));
          },
        }),
      ),
    );
  }

  return app;
}
