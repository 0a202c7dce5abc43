import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** server/, bot/ and db/ never reach into the web app. */
const NO_APP = {
  regex: "^(\\.\\./)+app(/|$)|^#app(/|$)",
  message: "server/, bot/ and db/ must not import app/: move shared pure code to server/domain.",
};

/**
 * An import that leaves its top-level folder names the folder's alias (package.json `imports`):
 * #app, #server, #domain (server/domain), #db, #tools, #bot. Inside a folder, relative paths.
 */
const ALIASES = [
  {
    regex: "^(\\.\\./)+(app|server|db|tools|bot)(/|$)",
    message:
      "Import another top-level folder through its alias: #app/…, #server/…, #domain/…, #db, #tools/…, #bot/….",
  },
  {
    regex: "^#server/domain(/|$)",
    message: "server/domain has its own alias: #domain/….",
  },
];

/**
 * The import rule of a layer below the web app: aliases, never app/, and what else the layer
 * may not reach. One flat config block's rule replaces another's, so each layer repeats these.
 */
function layerImports(...more) {
  return { "no-restricted-imports": ["error", { patterns: [...ALIASES, NO_APP, ...more] }] };
}

export default tseslint.config(
  {
    ignores: [
      "node_modules",
      "build",
      "public/build",
      "bench/minimal/build",
      "bench/minimal/public/build",
      "data",
      "test-results",
      "playwright-report",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "no-console": ["error", { allow: ["warn", "error"] }],
      eqeqeq: ["error", "smart"],
    },
  },
  {
    files: ["**/*.{ts,tsx}"],
    ignores: ["bench/minimal/**"],
    rules: { "no-restricted-imports": ["error", { patterns: ALIASES }] },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    ...react.configs.flat.recommended,
    ...react.configs.flat["jsx-runtime"],
    plugins: { react, "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    settings: { react: { version: "18.3" } },
    rules: {
      ...react.configs.flat.recommended.rules,
      ...react.configs.flat["jsx-runtime"].rules,
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      "react/prop-types": "off",
      // The typed form of the rule below, which can let `import type` through.
      "no-restricted-imports": "off",
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            ...ALIASES,
            // The data path is one way: a route reaches data only through the tRPC caller.
            {
              regex: "^(#db|kysely|mysql2|better-sqlite3)(/|$)",
              message: "Routes and components reach data through tRPC, never the database.",
            },
            // The app/server boundary: app/ runs code of the server only from
            // server/domain (pure rules both sides share); server work is reached through the
            // load context (context.trpc, context.csv). Types may come from anywhere.
            {
              regex: "^#(bot|server)(/|$)",
              allowTypeImports: true,
              message:
                "app/ imports code only from server/domain (types from anywhere): move the pure part there, or reach the server through the load context.",
            },
          ],
        },
      ],
    },
  },
  {
    // Layers: the server, the bot and the database code never reach into the web app (tools/,
    // the demo seed and the command line, may). Shared pure code lives in server/domain.
    files: ["server/**/*.ts", "bot/**/*.ts", "db/**/*.ts"],
    rules: layerImports(),
  },
  {
    // Core never reaches up. The session, the request plumbing and the shared helpers know no
    // feature: a feature registers what the core asks of it (server/auth/due.ts). The router is
    // the one place features are mounted.
    files: ["server/auth/**/*.ts", "server/lib/**/*.ts", "server/trpc/**/*.ts"],
    ignores: ["server/trpc/router.ts"],
    rules: layerImports({
      regex: "^(\\.\\./)+features(/|$)|^#server/features(/|$)",
      message:
        "core (server/auth, server/lib, server/trpc) must not import a feature: let the feature register with the core instead.",
    }),
  },
  {
    // The database layer knows the server only through its pure shared rules and its version;
    // what the server wants of it (metrics) is passed in to createDb.
    files: ["db/**/*.ts"],
    rules: layerImports({
      regex: "^#(bot|server(?!/version$))(/|$)",
      message:
        "db/ must not import the server (only server/domain and server/version): pass what it needs into createDb.",
    }),
  },
  {
    // CLIs and scripts print to the terminal on purpose.
    files: ["tools/cli.ts", "scripts/**", "tests/**", "bench/**"],
    rules: { "no-console": "off" },
  },
  {
    // A fork runs many test files on one module graph (vitest.config.ts): a mocked module or a
    // global stub would reach the files that run after it.
    files: ["tests/unit/**", "tests/integration/**", "tests/helpers/**"],
    rules: {
      "no-restricted-properties": [
        "error",
        ...["mock", "doMock", "stubGlobal"].map((property) => ({
          object: "vi",
          property,
          message: "test files share their modules: pass the dependency in instead",
        })),
      ],
    },
  },
);
