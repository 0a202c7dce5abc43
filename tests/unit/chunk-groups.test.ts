import path from "node:path";
// The classic compiler's chunk groups come from patches/@remix-run+dev+2.17.5.patch (decision
// 034); without the patch applied this import fails.
// @ts-expect-error: a plain CommonJS file of the patched package, without types
import { planChunkGroups } from "@remix-run/dev/dist/compiler/js/plugins/chunkGroups.js";
import { describe, expect, it } from "vitest";

interface Plan {
  members: Map<string, string[]>;
  byRouteFile: Map<string, string[]>;
  byFile: Map<string, string[]>;
}

const routes = {
  root: { id: "root", file: "root.tsx" },
  "routes/users": { id: "routes/users", parentId: "root", file: "routes/users.tsx" },
  "routes/users._index": {
    id: "routes/users._index",
    parentId: "routes/users",
    file: "routes/users._index.tsx",
  },
  "routes/users.cash": {
    id: "routes/users.cash",
    parentId: "routes/users",
    file: "routes/users.cash.tsx",
  },
  ...Object.fromEntries(
    ["a", "b", "c"].map((name) => [
      `routes/users.${name}`,
      { id: `routes/users.${name}`, parentId: "routes/users", file: `routes/users.${name}.tsx` },
    ]),
  ),
  "routes/admin": { id: "routes/admin", parentId: "root", file: "routes/admin.tsx" },
  "routes/admin._index": {
    id: "routes/admin._index",
    parentId: "routes/admin",
    file: "routes/admin._index.tsx",
  },
};
const ctx = {
  config: {
    routes,
    entryClientFilePath: path.resolve("app/entry.client.tsx"),
    rootDirectory: process.cwd(),
  },
};

/** A shared chunk of the first build: its source files, size and the chunks it imports. */
function chunk(inputs: string[], bytes: number, imports: string[] = []) {
  return {
    bytes,
    inputs: Object.fromEntries(inputs.map((i) => [i, { bytesInOutput: bytes }])),
    imports: imports.map((p) => ({ path: `out/${p}.js`, kind: "import-statement" })),
  };
}
function entry(entryPoint: string, imports: string[]) {
  return { ...chunk([], 100, imports), entryPoint };
}
const route = (file: string, imports: string[]) =>
  entry(`browser-route-module:${file}?browser`, imports);

const metafile = {
  outputs: {
    "out/entry.client.js": entry("app/entry.client.tsx", ["react"]),
    "out/root.js": route("root.tsx", ["react", "nav"]),
    "out/users.js": route("routes/users.tsx", ["react"]),
    "out/users._index.js": route("routes/users._index.tsx", [
      "react",
      "nav",
      "money",
      "card",
      "button",
      "table",
      "pager",
    ]),
    "out/users.cash.js": route("routes/users.cash.tsx", ["react", "card", "alert", "cardList"]),
    "out/users.a.js": route("routes/users.a.tsx", ["react"]),
    "out/users.b.js": route("routes/users.b.tsx", ["react"]),
    "out/users.c.js": route("routes/users.c.tsx", ["react"]),
    "out/admin._index.js": route("routes/admin._index.tsx", [
      "react",
      "button",
      "alert",
      "audit",
      "filter",
      "table",
    ]),
    "out/modals.js": entry("app/components/Modals.tsx", ["react", "button"]),
    "out/react.js": chunk(["node_modules/react/index.js"], 100_000),
    "out/nav.js": chunk(["app/components/shell/nav.tsx"], 3_000, ["react"]),
    "out/money.js": chunk(["app/components/ui/Money.tsx", "app/lib/money.ts"], 500, ["react"]),
    "out/card.js": chunk(["app/components/ui/card.tsx"], 500, ["react"]),
    "out/button.js": chunk(["app/components/ui/button.tsx"], 900, ["react"]),
    "out/alert.js": chunk(["app/components/ui/Alert.tsx"], 900, ["react"]),
    "out/audit.js": chunk(["app/components/admin/audit.tsx"], 700, ["react"]),
    "out/filter.js": chunk(["app/components/admin/filter.tsx"], 700, ["react"]),
    "out/table.js": chunk(["app/components/table/DataTable.tsx"], 9_000, ["react"]),
    "out/cardList.js": chunk(["app/components/CardList.tsx"], 2_000, ["react"]),
    "out/pager.js": chunk(["app/components/table/PagingBar.tsx"], 800, ["table"]),
  },
};

const abs = (...files: string[]) => files.map((f) => path.resolve(f)).sort();

describe("browser chunk groups (patched classic compiler)", () => {
  const plan = planChunkGroups(ctx, metafile) as Plan;

  it("puts everything the root or the client entry reaches in one shell chunk, whatever its size", () => {
    expect(plan.members.get("shell")).toEqual(
      abs("node_modules/react/index.js", "app/components/shell/nav.tsx"),
    );
  });

  it("groups small chunks by the route area that reaches them, and across areas as common", () => {
    expect(plan.members.get("routes/users")).toEqual(
      abs("app/components/ui/Money.tsx", "app/lib/money.ts", "app/components/ui/card.tsx"),
    );
    expect(plan.members.get("routes/admin")).toEqual(
      abs("app/components/admin/audit.tsx", "app/components/admin/filter.tsx"),
    );
    expect(plan.members.get("common")).toEqual(
      abs("app/components/ui/Alert.tsx", "app/components/ui/button.tsx"),
    );
  });

  it("leaves large chunks, and small ones that import them, where esbuild put them", () => {
    const grouped = [...plan.members.values()].flat();
    expect(grouped).not.toContain(path.resolve("app/components/table/DataTable.tsx"));
    expect(grouped).not.toContain(path.resolve("app/components/table/PagingBar.tsx"));
  });

  it("leaves a chunk over 1 KB that under a quarter of its area's pages use on its own", () => {
    // One of the six users entries (layout, index, cash, a, b, c) reaches CardList.
    const grouped = [...plan.members.values()].flat();
    expect(grouped).not.toContain(path.resolve("app/components/CardList.tsx"));
  });

  it("has every entry that reached a member import its group, lazy modules included", () => {
    expect(plan.byRouteFile.get("root.tsx")).toEqual(["shell"]);
    expect(plan.byRouteFile.get("routes/users._index.tsx")?.sort()).toEqual(
      ["common", "routes/users", "shell"].sort(),
    );
    expect(plan.byRouteFile.get("routes/admin._index.tsx")?.sort()).toEqual(
      ["common", "routes/admin", "shell"].sort(),
    );
    expect(plan.byFile.get(path.resolve("app/entry.client.tsx"))).toEqual(["shell"]);
    expect(plan.byFile.get(path.resolve("app/components/Modals.tsx"))?.sort()).toEqual([
      "common",
      "shell",
    ]);
  });
});
