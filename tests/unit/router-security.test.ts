import { createRequire } from "node:module";
import path from "node:path";
import { buildSync } from "esbuild";
import { afterEach, describe, expect, it } from "vitest";

/*
 * React Router's 6.x advisories as they reach this Remix 2 app (decision 065): the router at
 * 1.23.4 (GHSA-jjmj-jmhj-qwj2), and two fixes of React Router 7.18.0 carried by patches/: a
 * backslash in a link's path reads as a slash (GHSA-wrjc-x8rr-h8h6), and the hydration data's
 * errors are rebuilt only as built-in Error types (GHSA-337j-9hxr-rhxg). Checked in the copy the
 * server loads (CommonJS) and in the one the browser bundle takes (the packages' ES modules).
 */
const ROOT = path.resolve(import.meta.dirname, "../..");
const require = createRequire(import.meta.url);

/** A module as the browser build resolves it: bundled by esbuild for the browser, then run. */
function browserModule<T>(source: string): T {
  const result = buildSync({
    stdin: { contents: source, resolveDir: ROOT, loader: "js" },
    bundle: true,
    write: false,
    format: "cjs",
    platform: "browser",
    mainFields: ["browser", "module", "main"],
    logLevel: "silent",
  });
  const module = { exports: {} as T };
  new Function("module", "exports", result.outputFiles[0]!.text)(module, module.exports);
  return module.exports;
}

type ResolvePath = (to: string, from?: string) => { pathname: string };
type DeserializeErrors = (errors: Record<string, unknown>) => Record<string, unknown>;

const builds: [string, () => { resolvePath: ResolvePath; deserializeErrors: DeserializeErrors }][] =
  [
    [
      "server (CommonJS)",
      () => ({
        resolvePath: (require("@remix-run/router") as { resolvePath: ResolvePath }).resolvePath,
        deserializeErrors: (
          require("@remix-run/react/dist/errors.js") as { deserializeErrors: DeserializeErrors }
        ).deserializeErrors,
      }),
    ],
    [
      "browser (ES modules)",
      () =>
        browserModule(
          'export { resolvePath } from "@remix-run/router";\n' +
            'export { deserializeErrors } from "@remix-run/react/dist/esm/errors.js";',
        ),
    ],
  ];

const globals = globalThis as { window?: unknown };
afterEach(() => {
  delete globals.window;
});

describe.each(builds)("React Router's advisories, in the %s build", (_, load) => {
  const { resolvePath, deserializeErrors } = load();

  it("reads a backslash in a link's path as a slash, as the browser will", () => {
    // A browser reads a backslash as "/" in an http(s) URL: "/\evil.example" is another host.
    expect(resolvePath("/\\evil.example", "/users").pathname).toBe("/evil.example");
    expect(resolvePath("\\evil.example", "/users").pathname).toBe("/evil.example");
    expect(resolvePath("/\\/evil.example", "/users").pathname).toBe("/evil.example");
  });

  it("reads a scheme or a leading // as a path on this site", () => {
    expect(resolvePath("//evil.example/x", "/users").pathname).toBe("/evil.example/x");
    expect(resolvePath("javascript:alert(1)", "/users").pathname).toBe(
      "/users/javascript:alert(1)",
    );
    expect(resolvePath("https://evil.example/", "/users").pathname).toMatch(/^\/users\//);
  });

  it("resolves the site's own paths as before", () => {
    expect(resolvePath("/users/bank", "/admin").pathname).toBe("/users/bank");
    expect(resolvePath("../bank", "/users/withdraw").pathname).toBe("/users/bank");
    expect(resolvePath("new", "/users/withdraw").pathname).toBe("/users/withdraw/new");
    expect(resolvePath("/users//bank", "/").pathname).toBe("/users/bank");
  });

  it("rebuilds a hydrated error only as a built-in Error type, never as another global", () => {
    let called = false;
    globals.window = {
      TypeError,
      Evil: function Evil() {
        called = true;
      },
    };
    const errors = deserializeErrors({
      a: { __type: "Error", __subType: "Evil", message: "injected", stack: "" },
      b: { __type: "Error", __subType: "TypeError", message: "typed", stack: "" },
    });
    expect(called).toBe(false);
    expect(errors.a).toBeInstanceOf(Error);
    expect((errors.a as Error).message).toBe("injected");
    expect(errors.b).toBeInstanceOf(TypeError);
  });
});

describe("the router packages", () => {
  it("are the releases with the open-redirect fix, and Remix's copies are the same ones", () => {
    const version = (name: string) =>
      (require(`${name}/package.json`) as { version: string }).version;
    expect(version("@remix-run/router")).toBe("1.23.4");
    expect(version("react-router")).toBe("6.30.6");
    expect(version("react-router-dom")).toBe("6.30.6");
    const remix = createRequire(require.resolve("@remix-run/react"));
    expect(remix.resolve("react-router-dom")).toBe(require.resolve("react-router-dom"));
    expect(remix.resolve("@remix-run/router")).toBe(require.resolve("@remix-run/router"));
  });
});
