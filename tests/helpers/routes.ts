import { readFileSync } from "node:fs";
import path from "node:path";
import type { AppLoadContext } from "@remix-run/node";
import {
  type AgnosticDataRouteObject,
  type AgnosticRouteObject,
  createStaticHandler,
  isRouteErrorResponse,
  matchRoutes,
  type StaticHandler,
} from "@remix-run/router";
import { beforeAll } from "vitest";
import type { Db } from "#db";
import { createSession, SESSION_COOKIE } from "#server/auth/session";
import type { Mailer } from "#server/mail";
import { createContext } from "#server/trpc/context";
import { loadContext } from "#server/load-context";
import type { FormError } from "#domain/refusal";
import type { SubmissionResult } from "@conform-to/react";
import { conformName } from "#app/lib/form-echo";
import { MailBox, silentLog, testConfig, testStorage } from "./fixtures";
import { translator } from "./messages";
import { type ManifestNode, routeTree } from "./route-tree";

/**
 * Routes without a browser: a real `Request` (its cookies, its form) goes through the routes
 * Remix matches for its URL, the way the server answers a page request: every matched loader
 * (the root, the area's layout with its guard, the page) or, for a POST, the deepest route's
 * action first; a redirect from any of them is the answer. The load context is the one
 * server/app.ts builds (the session read from the cookie, the real tRPC caller) on the test
 * file's own database. What is not here: Express's middleware (same-origin check, body limit:
 * tests/integration/csrf.test.ts, body-limit.test.ts) and rendering (the Playwright journeys).
 */

const APP = path.resolve(import.meta.dirname, "../../app");
const ORIGIN = "http://portal.test";

/** A route module as the handler needs it: its loader, action and whether it has a boundary. */
async function loadModule(file: string) {
  const mod = (await import(path.join(APP, file))) as Record<string, unknown>;
  return {
    loader: mod.loader as AgnosticRouteObject["loader"],
    action: mod.action as AgnosticRouteObject["action"],
    hasErrorBoundary: mod.ErrorBoundary !== undefined,
  };
}

/**
 * Routes with neither a page nor an error boundary (exports, images, downloads): Remix runs
 * such a route's loader or action alone, without its parents' (no layout guard).
 */
const resourceRoutes = new Set<string>();

/** Remix's route tree as the router's: each module imported when a request first matches it. */
function dataRoutes(nodes: ManifestNode[]): AgnosticDataRouteObject[] {
  return nodes.map((node) => {
    // Whether the module has a boundary decides which route an error lands on; it is known
    // before the module loads (the router fixes it when it makes the tree).
    const source = readFileSync(path.join(APP, node.file), "utf8");
    const hasErrorBoundary = /export (const|function) ErrorBoundary\b/.test(source);
    const hasPage = /export default\b|export \{[^}]*\bdefault\b/.test(source);
    if (!hasPage && !hasErrorBoundary) resourceRoutes.add(node.id);
    const base = {
      id: node.id,
      path: node.path,
      hasErrorBoundary,
      lazy: () => loadModule(node.file),
    };
    if (node.index) return { ...base, index: true as const };
    return { ...base, children: dataRoutes(node.children ?? []) };
  });
}

let handler: StaticHandler | undefined;

function staticHandler(): StaticHandler {
  // The future flags remix.config.js turns on that change what the router does.
  handler ??= createStaticHandler(dataRoutes(routeTree()), {
    future: { v7_relativeSplatPath: true, v7_throwAbortReason: true },
  });
  return handler;
}

/** Who sends the request: a user's id (a fresh session of theirs) or nobody. */
export type Sender = { id: string } | null;

export interface SendOptions {
  as?: Sender;
  /** Extra cookies (language, the MFA challenge, a device cookie). */
  cookies?: Record<string, string>;
  /** Where mail the route sends goes (a new MailBox when not given). */
  mailer?: Mailer;
  headers?: Record<string, string>;
  /**
   * Only this route's loader or action, as a client-side navigation asks it (the area's layout
   * is not asked again); resource routes are always asked alone, as Remix does.
   */
  only?: string;
}

/** What a route answered: the status, a redirect's target, and each route's data or error. */
export interface RouteAnswer {
  status: number;
  /** A redirect's Location, else null. */
  location: string | null;
  headers: Headers;
  /** Each matched route's loader data, by route id. */
  loaderData: Record<string, unknown>;
  /** The action's data (what a refused form gets back), else null. */
  actionData: unknown;
  /** The route id of the deepest route that answered (the page). */
  page: string | null;
  /** The route whose error boundary draws the error (an area's layout keeps its shell). */
  boundary: string | null;
  /**
   * The error a route ended on (its boundary's), as `{ status, data }` for a thrown response
   * and the Error itself for a failure; null when none.
   */
  error: { status: number; data: unknown } | Error | null;
}

/**
 * Sends requests to the routes on `db`. Every request by a signed-in sender carries a session
 * of its own, as a browser's would after a sign-in.
 */
export function routeClient(db: () => Db) {
  // The modules every page request loads (the root, the areas' layouts) are imported before the
  // file's first test, so that test's time is its own.
  beforeAll(async () => {
    const handler = staticHandler();
    const shared = [
      "root",
      "routes/users+/_layout",
      "routes/admin+/_layout",
      "routes/_auth+/_layout",
    ];
    const byId = new Map<string, AgnosticDataRouteObject>();
    const walk = (list: AgnosticDataRouteObject[]) => {
      for (const route of list) {
        byId.set(route.id, route);
        walk(route.children ?? []);
      }
    };
    walk(handler.dataRoutes);
    await Promise.all(
      shared.map((id) => (byId.get(id)?.lazy as (() => Promise<unknown>) | undefined)?.()),
    );
  });
  async function cookieFor(sender: Sender | undefined, extra: Record<string, string> = {}) {
    const cookies = { ...extra };
    if (sender) {
      const { token } = await createSession(db(), sender.id, { userAgent: "route-test" });
      cookies[SESSION_COOKIE] = token;
    }
    return Object.entries(cookies)
      .map(([name, value]) => `${name}=${value}`)
      .join("; ");
  }

  async function send(request: Request, options: SendOptions): Promise<RouteAnswer> {
    const ctx = await createContext(
      {
        db: db(),
        config: testConfig,
        log: silentLog,
        mailer: options.mailer ?? new MailBox(),
        storage: testStorage,
      },
      {
        url: request.url,
        headers: request.headers,
        ip: "127.0.0.1",
        requestId: "route-test",
        method: request.method,
      },
    );
    const context = loadContext(ctx, "");
    const handler = staticHandler();
    const deepest = matchRoutes(handler.dataRoutes, new URL(request.url).pathname)?.at(-1);
    const alone =
      options.only ?? (deepest && resourceRoutes.has(deepest.route.id) ? deepest.route.id : null);
    if (alone) return sendTo(handler, alone, request, context);
    const result = await handler.query(request, { requestContext: context });
    if (result instanceof Response) {
      return {
        status: result.status,
        location: result.headers.get("Location"),
        headers: result.headers,
        loaderData: {},
        actionData: null,
        page: null,
        boundary: null,
        error: null,
      };
    }
    const [boundary, thrown] = Object.entries(result.errors ?? {})[0] ?? [null, null];
    const page = result.matches.at(-1)?.route.id ?? null;
    return {
      status: result.statusCode,
      location: null,
      headers:
        (page && (result.actionHeaders[page] ?? result.loaderHeaders[page])) || new Headers(),
      loaderData: result.loaderData,
      actionData: result.actionData ? Object.values(result.actionData)[0] : null,
      page,
      boundary,
      error: !thrown
        ? null
        : isRouteErrorResponse(thrown)
          ? { status: thrown.status, data: thrown.data }
          : thrown instanceof Error
            ? thrown
            : new Error(String(thrown)),
    };
  }

  return {
    /** A page request (GET) for `url` (a path and query). */
    async get(url: string, options: SendOptions = {}): Promise<RouteAnswer> {
      const headers = new Headers(options.headers);
      const cookie = await cookieFor(options.as, options.cookies);
      if (cookie) headers.set("Cookie", cookie);
      return send(new Request(new URL(url, ORIGIN), { headers }), options);
    },
    /**
     * A form posted to `url`, as a browser's form sends it (URL-encoded, or multipart when the
     * body is a FormData). An index route's form posts to `url?index`.
     */
    async post(
      url: string,
      form: Record<string, string> | FormData | URLSearchParams,
      options: SendOptions = {},
    ): Promise<RouteAnswer> {
      const headers = new Headers(options.headers);
      const cookie = await cookieFor(options.as, options.cookies);
      if (cookie) headers.set("Cookie", cookie);
      const body = form instanceof FormData ? form : new URLSearchParams(form);
      return send(new Request(new URL(url, ORIGIN), { method: "POST", headers, body }), options);
    },
    /** A request made by the test (a body no browser sends, another method). */
    async request(init: Request, options: SendOptions = {}): Promise<RouteAnswer> {
      const cookie = await cookieFor(options.as, options.cookies);
      const headers = new Headers(init.headers);
      if (cookie) headers.set("Cookie", cookie);
      return send(new Request(init, { headers }), options);
    },
  };
}

export type RouteClient = ReturnType<typeof routeClient>;

/** One route's loader or action alone, as Remix asks a resource route or a navigation's data. */
async function sendTo(
  handler: StaticHandler,
  routeId: string,
  request: Request,
  context: AppLoadContext,
): Promise<RouteAnswer> {
  const answer = (
    status: number,
    headers: Headers,
    data: unknown,
    error: RouteAnswer["error"],
  ): RouteAnswer => ({
    status,
    location: status >= 300 && status < 400 ? headers.get("Location") : null,
    headers,
    loaderData: request.method === "GET" && !error ? { [routeId]: data } : {},
    actionData: request.method !== "GET" && !error ? data : null,
    page: routeId,
    boundary: error ? routeId : null,
    error,
  });
  try {
    const result: unknown = await handler.queryRoute(request, { routeId, requestContext: context });
    if (result instanceof Response) {
      // A JSON answer is read as the router reads a page's; anything else (a file) stays whole.
      const json = (result.headers.get("Content-Type") ?? "").includes("json");
      const data: unknown = json ? await result.clone().json() : result;
      return answer(result.status, result.headers, data, null);
    }
    return answer(200, new Headers(), result, null);
  } catch (thrown) {
    if (thrown instanceof Response) {
      const error = thrown.status >= 400 ? { status: thrown.status, data: thrown } : null;
      return answer(thrown.status, thrown.headers, null, error);
    }
    if (isRouteErrorResponse(thrown)) {
      return answer(thrown.status, new Headers(), null, {
        status: thrown.status,
        data: thrown.data,
      });
    }
    const error = thrown instanceof Error ? thrown : new Error(String(thrown));
    return answer(500, new Headers(), null, error);
  }
}

/** The page's own loader data (the deepest matched route's). */
export function pageData<T = Record<string, unknown>>(answer: RouteAnswer): T {
  if (!answer.page) throw new Error(`no page answered (status ${answer.status})`);
  return answer.loaderData[answer.page] as T;
}

export interface FormRefusal {
  /** The whole form's reason (a key under `errors`), if any. */
  key: string | null;
  params: Record<string, string | number> | null;
  /** The field the form's reason is about (the page marks it), if any. */
  field: string | null;
  /** Each refused field's reason (a key under `errors:field`). */
  fields: Record<string, string>;
  /** What the form gets back to show again (never a password). */
  values: Record<string, string>;
}

/** A refused form's reasons, as the action answered them. */
export function formRefusal(answer: RouteAnswer): FormRefusal {
  const data = answer.actionData as {
    error?: FormError;
    values?: Record<string, string>;
  } | null;
  if (!data?.error) {
    throw new Error(`the action answered no refusal (status ${answer.status})`);
  }
  expectConformReply(data.error);
  return {
    key: data.error.key,
    params: data.error.params,
    field: data.error.field ?? null,
    fields: data.error.fieldErrors,
    values: data.values ?? {},
  };
}

/**
 * Every refusal is also conform's reply (its useForm's `lastResult`): each field's message under
 * conform's name for the field, the form's own message under "".
 */
function expectConformReply(error: FormError & { lastResult?: SubmissionResult<string[]> }) {
  const reply = error.lastResult;
  if (!reply) throw new Error("the refusal carries no conform reply (error.lastResult)");
  const expected: Record<string, string[]> = {};
  for (const [name, message] of Object.entries(error.fieldErrors)) {
    (expected[conformName(name)] ??= []).push(message);
  }
  if (error.key) (expected[""] ??= []).push(error.key);
  const got = Object.fromEntries(
    Object.entries(reply.error ?? {}).filter((entry): entry is [string, string[]] => !!entry[1]),
  );
  if (JSON.stringify(sorted(got)) !== JSON.stringify(sorted(expected))) {
    throw new Error(
      `conform's reply differs from the refusal: ${JSON.stringify(got)} against ${JSON.stringify(expected)}`,
    );
  }
}

function sorted(errors: Record<string, string[]>) {
  return Object.fromEntries(Object.entries(errors).sort(([a], [b]) => a.localeCompare(b)));
}

/**
 * What the page says for a refused form, as the form kit translates it: the form's reason, or
 * with `field` and its label key that field's message.
 */
export async function refusalText(
  answer: RouteAnswer,
  lng: "ja" | "en" = "ja",
  field?: { name: string; label: string; params?: Record<string, string | number> },
): Promise<string | null> {
  const refusal = formRefusal(answer);
  const t = await translator(lng);
  if (!field) return refusal.key ? t(`errors:${refusal.key}`, refusal.params ?? {}) : null;
  const key = refusal.fields[field.name];
  return key ? t(`errors:field.${key}`, { ...field.params, field: t(field.label) }) : null;
}

/** The URL with `:param` segments filled from `params` (a splat `*` with `params["*"]`). */
export function fill(pattern: string, params: Record<string, string>): string {
  return pattern.replace(/:([^/]+)|\*/g, (whole, name: string | undefined) => {
    const value = params[name ?? "*"];
    if (value === undefined) throw new Error(`no value for ${whole} in ${pattern}`);
    return value;
  });
}
