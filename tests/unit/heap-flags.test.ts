import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { WEB_NODE_FLAGS } from "#server/heap";

const read = (file: string) =>
  readFileSync(path.resolve(import.meta.dirname, "../..", file), "utf8");

describe("the web process's heap settings", () => {
  it("are the same wherever the web process is started: npm start, the image, compose.yaml", () => {
    const args = ["node", ...WEB_NODE_FLAGS, "build/server/http.js"];
    const pkg = JSON.parse(read("package.json")) as { scripts: Record<string, string> };
    expect(pkg.scripts.start).toBe(`NODE_ENV=production ${args.join(" ")}`);
    expect(read("Dockerfile")).toContain(`CMD ${JSON.stringify(args).replaceAll(",", ", ")}`);
    expect(read("compose.yaml")).toContain(
      `command: ${JSON.stringify(args).replaceAll(",", ", ")}`,
    );
  });
});
