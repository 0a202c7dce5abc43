import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { filesUnder } from "../helpers/source-files";

/**
 * The server renders each document whole before sending it (app/entry.server.tsx waits for
 * React's stream to end): nothing may wait while it renders. A deferred loader value would hold
 * the whole page back, and a lazy component met on the server would be left for the browser to
 * render. These are the two ways to wait.
 */
const app = path.resolve(import.meta.dirname, "../../app");

function sources(dir: string): { file: string; text: string }[] {
  return filesUnder(dir).map((full) => ({
    file: path.relative(app, full),
    text: readFileSync(full, "utf8"),
  }));
}

describe("a document renders without waiting", () => {
  const files = sources(app);

  it("no loader defers its data and no page awaits it", () => {
    const waiting = files.filter(({ text }) => /\bdefer\s*\(|<Await\b/.test(text));
    expect(waiting.map((f) => f.file)).toEqual([]);
  });

  it("a lazy component renders only once the page is hydrated", () => {
    const lazy = files.filter(({ text }) => /\blazy\s*\(/.test(text));
    expect(lazy.length).toBeGreaterThan(0);
    const onServer = lazy.filter(({ text }) => !/\bhydrated\b/.test(text));
    expect(onServer.map((f) => f.file)).toEqual([]);
  });
});
