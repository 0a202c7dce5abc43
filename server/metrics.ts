import { timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import { AppError } from "./errors";

/**
 * The process's Prometheus metrics, served at /metrics on PORT and BOT_PORT with
 * `Authorization: Bearer $METRICS_TOKEN`. Every label takes its values from a closed set (route
 * ids and tRPC procedures of the build, rule names, outcomes): never a raw URL, a member id or
 * anything a request can choose, so no request can grow the series without bound.
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry });

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** A counter in the process's registry; `labelNames` is the closed set of its labels. */
function counter<L extends string>(name: string, help: string, labelNames: readonly L[]) {
  return new Counter<L>({ name, help, labelNames, registers: [registry] });
}

/** A histogram in the process's registry, with its buckets in seconds. */
function histogram<L extends string>(
  name: string,
  help: string,
  labelNames: readonly L[],
  buckets: number[],
) {
  return new Histogram<L>({ name, help, labelNames, buckets, registers: [registry] });
}

export const httpRequests = counter(
  "portal_http_requests_total",
  "HTTP requests answered, by route (Remix route id or tRPC procedure), method and status class",
  ["route", "method", "status"],
);

export const httpDuration = histogram(
  "portal_http_request_duration_seconds",
  "Time from a request's arrival to the end of its answer, by route, method and status class",
  ["route", "method", "status"],
  SECONDS,
);

export const dbQueryDuration = histogram(
  "portal_db_query_duration_seconds",
  "Time of one database statement, by outcome (ok or error)",
  ["outcome"],
  [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
);

export const deliveries = counter(
  "portal_notification_deliveries_total",
  "Notification outcomes recorded by the worker, by channel (line, mail) and result",
  ["channel", "result"],
);

export const limiterRefusals = counter(
  "portal_limiter_refusals_total",
  "Attempts refused by an attempt limit (sign-in, second factor, transfers, …), by rule",
  ["rule"],
);

export const logins = counter(
  "portal_logins_total",
  "Sign-in steps by method (password, second_factor, passkey, line) and outcome",
  ["method", "outcome"],
);

export const importRows = counter(
  "portal_import_rows_total",
  "Report rows an import job of this process finished (staged by a preview, credited by a commit or re-run)",
  ["kind"],
);

export const importJobs = counter(
  "portal_import_jobs_total",
  "Import jobs this process ended, by kind and outcome",
  ["kind", "outcome"],
);

/** The HTTP status as its class ("2xx" … "5xx"): five values, whatever a handler answers. */
export function statusClass(status: number): string {
  return status >= 100 && status < 600 ? `${Math.floor(status / 100)}xx` : "other";
}

/** One answered request; `route` is from a closed set (see routeLabel in server/app.ts). */
export function observeRequest(route: string, method: string, status: number, seconds: number) {
  const labels = {
    route,
    method: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"].includes(method)
      ? method
      : "other",
    status: statusClass(status),
  };
  httpRequests.inc(labels);
  httpDuration.observe(labels, seconds);
}

/**
 * Counts a sign-in step's outcome: `success` (or what `outcomeOf` names for a result), the
 * refusal's key (`invalidCredentials`, `tooManyAttempts`, `invalidCode`, …), or `error`.
 */
export async function countLogin<T>(
  method: "password" | "second_factor" | "passkey" | "line",
  work: () => Promise<T>,
  outcomeOf: (result: T) => string = () => "success",
): Promise<T> {
  try {
    const result = await work();
    logins.inc({ method, outcome: outcomeOf(result) });
    return result;
  } catch (error) {
    logins.inc({ method, outcome: error instanceof AppError ? error.key : "error" });
    throw error;
  }
}

/** A gauge whose values are read when Prometheus scrapes (pool sizes, the outbox, imports). */
export function scrapedGauge<L extends string>(
  name: string,
  help: string,
  labelNames: readonly L[],
  collect: (gauge: Gauge<L>) => Promise<void> | void,
): Gauge<L> {
  const existing = registry.getSingleMetric(name);
  if (existing) registry.removeSingleMetric(name);
  return new Gauge<L>({
    name,
    help,
    labelNames,
    registers: [registry],
    async collect() {
      this.reset();
      await collect(this);
    },
  });
}

/** True when the request carries `Authorization: Bearer <token>` (compared in constant time). */
function authorized(req: IncomingMessage, token: string): boolean {
  const header = req.headers.authorization ?? "";
  const given = Buffer.from(header.startsWith("Bearer ") ? header.slice(7) : "");
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/**
 * GET /metrics for both processes: 404 when no METRICS_TOKEN is configured (off), 401 without
 * the token, else the registry in Prometheus's text format.
 */
export async function serveMetrics(
  req: IncomingMessage,
  res: ServerResponse,
  token: string | undefined,
): Promise<void> {
  if (!token) {
    res.writeHead(404, { "Content-Type": "text/plain" }).end("not found\n");
    return;
  }
  if (!authorized(req, token)) {
    res
      .writeHead(401, {
        "Content-Type": "text/plain",
        "WWW-Authenticate": 'Bearer realm="metrics"',
      })
      .end("unauthorized\n");
    return;
  }
  const body = await registry.metrics();
  res.writeHead(200, { "Content-Type": registry.contentType }).end(body);
}
