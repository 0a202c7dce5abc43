import { createRequire } from "node:module";
import path from "node:path";
import { PassThrough } from "node:stream";
import { text } from "node:stream/consumers";
import { createElement } from "react";
import type * as ReactDomServer from "react-dom/server";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";

/**
 * React 18.3's streaming renderer packs its output into 2,048-byte views. When a Japanese
 * character (3 bytes in UTF-8) did not fit in a view's last one or two bytes, it sent the whole
 * view, unused zero bytes included: the member pages carried NUL bytes in the middle of their
 * text (facebook/react#26228, fixed after 18; patches/react-dom+18.3.1.patch). Both the build
 * the server runs (production) and the one tests load (development) are checked.
 */
const require = createRequire(import.meta.url);
// The package's exports name neither file: they are read from its folder.
const reactDom = path.dirname(require.resolve("react-dom/package.json"));
const builds = {
  production: path.join(reactDom, "cjs/react-dom-server.node.production.min.js"),
  development: path.join(reactDom, "cjs/react-dom-server.node.development.js"),
} as const;

type Server = typeof ReactDomServer;

function streamed(server: Server, element: React.ReactElement): Promise<string> {
  return new Promise((resolve, reject) => {
    const body = new PassThrough();
    const { pipe } = server.renderToPipeableStream(element, {
      onAllReady() {
        pipe(body);
        text(body).then(resolve, reject);
      },
      onShellError: reject,
    });
  });
}

// Paragraphs of Japanese text whose lengths put a 3-byte character across each view's end
// at one offset or another: one of every offset is met.
function page() {
  const items = [];
  for (let i = 0; i < 60; i++) {
    items.push(createElement("p", { key: i }, `${"a".repeat(i % 3)}キャッシュバック${i}円`));
  }
  return createElement("main", null, items);
}

describe("streamed HTML", () => {
  for (const [name, path] of Object.entries(builds)) {
    it(`has no NUL bytes and equals the whole-string render (${name} build)`, async () => {
      const html = await streamed(require(path) as Server, page());
      expect(html.includes("\u0000")).toBe(false);
      expect(html).toBe(renderToString(page()));
    });
  }
});
