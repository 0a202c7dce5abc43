import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts"],
    environment: "node",
    env: { NODE_ENV: "test", LOG_LEVEL: "silent" },
    // Each integration file gets its own database; forks keep native drivers apart.
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
