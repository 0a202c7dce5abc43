import type { ServerBuild } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { remixRouteLabeller, trpcRouteLabeller } from "#server/route-label";

const route = (id: string, parentId: string | undefined, path?: string, index?: boolean) => ({
  id,
  parentId,
  path,
  index,
  caseSensitive: undefined,
  module: {} as never,
});

const routes = Object.fromEntries(
  [
    route("root", undefined, ""),
    route("routes/_index", "root", undefined, true),
    route("routes/users+/_layout", "root", "users"),
    route("routes/users+/_index", "routes/users+/_layout", undefined, true),
    route("routes/users+/withdraw+/_index", "routes/users+/_layout", "withdraw", true),
    route("routes/brokers.$id", "root", "brokers/:id"),
    route("routes/$", "root", "*"),
  ].map((r) => [r.id, r]),
) as unknown as ServerBuild["routes"];

describe("route labels", () => {
  const label = remixRouteLabeller(routes);

  it("names a page by its deepest matching route id, never by the URL", () => {
    expect(label("/", undefined)).toBe("routes/_index");
    expect(label("/users", undefined)).toBe("routes/users+/_index");
    expect(label("/users/withdraw", undefined)).toBe("routes/users+/withdraw+/_index");
    expect(label("/brokers/01JXYZ", undefined)).toBe("routes/brokers.$id");
    expect(label("/no/such/page/01JXYZ", undefined)).toBe("routes/$");
  });

  it("takes a data request's route id only when the build has it", () => {
    expect(label("/users", "routes/users+/_index")).toBe("routes/users+/_index");
    expect(label("/users", "routes/../../etc/passwd")).toBe("remix:unknown");
  });

  it("names a single fetch request by its page, or by the one route a fetcher loads", () => {
    expect(label("/_root.data", undefined)).toBe("routes/_index");
    expect(label("/users.data", undefined)).toBe("routes/users+/_index");
    expect(label("/users/withdraw.data", undefined)).toBe("routes/users+/withdraw+/_index");
    expect(label("/users.data", undefined, "routes/users+/_layout")).toBe("routes/users+/_layout");
    expect(label("/users.data", undefined, "routes/users+/_layout,root")).toBe(
      "routes/users+/_index",
    );
    expect(label("/users.data", undefined, "routes/../../etc/passwd")).toBe("routes/users+/_index");
  });

  it("names one tRPC procedure, batches as one label, unknown names as unknown", () => {
    const trpc = trpcRouteLabeller(["auth.me", "shell.viewer"]);
    expect(trpc("/auth.me")).toBe("trpc:auth.me");
    expect(trpc("/auth.me,shell.viewer")).toBe("trpc:batch");
    expect(trpc("/auth.me,evil.01JXYZ")).toBe("trpc:unknown");
    expect(trpc("/01JXYZ")).toBe("trpc:unknown");
  });
});
