import { availableParallelism } from "node:os";
import { configDefaults, defineConfig } from "vitest/config";

/**
 * Files that must load modules into a fresh process: the browser-imports check takes Node's
 * Buffer away and then loads what the browser loads, third-party packages included, which a
 * fork that ran other files has loaded already (with Buffer there).
 */
const FRESH_PROCESS = ["tests/unit/browser-imports.test.ts"];

export default defineConfig({
  test: {
    environment: "node",
    env: { NODE_ENV: "test", LOG_LEVEL: "silent" },
    // Each integration file gets its own database; forks keep native drivers apart.
    pool: "forks",
    // Vitest's default leaves a core to its own process (one fork on a 2-core runner), but a
    // file spends much of its time waiting on its database or importing modules: two forks on
    // two cores finish the suites sooner.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: "shared",
          include: [
            "tests/unit/**/*.test.ts",
            "tests/integration/**/*.test.ts",
            "tests/routes/**/*.test.ts",
          ],
          exclude: [...configDefaults.exclude, ...FRESH_PROCESS],
          // A fork evaluates the server's modules once for all its files, not once per file:
          // that evaluation was 60 % of the suites' time (decision 063). So a test file leaves
          // no state behind: it puts back what it sets in process.env, registers hooks only
          // from the helpers it calls, and never mocks a module.
          isolate: false,
        },
      },
      { extends: true, test: { name: "fresh", include: FRESH_PROCESS, isolate: true } },
    ],
  },
});
