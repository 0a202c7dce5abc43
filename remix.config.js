import { flatRoutes } from "remix-flat-routes";

/**
 * Routes are folders (remix-flat-routes, as the Epic Stack): `users+/`, `admin+/`, `_auth+/`,
 * `_public+/` hold each area's pages under its `_layout.tsx`; a file named `__x.tsx` or
 * `x.server.ts` beside a page is that page's own part, not a route. The benchmark's empty page
 * (app/bench) is a route only in a build made for the benchmark (PORTAL_BENCH_BUILD=1).
 */
const IGNORED = ["**/.*", "**/*.test.*", "**/__*.*", "**/*.server.*", "**/*.css"];

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  // Every file is found by flatRoutes below, not by Remix's own convention.
  ignoredRouteFiles: ["**/*"],
  routes: async (defineRoutes) => ({
    ...flatRoutes("routes", defineRoutes, { ignoredRouteFiles: IGNORED }),
    ...(process.env.PORTAL_BENCH_BUILD === "1"
      ? flatRoutes("bench", defineRoutes, { ignoredRouteFiles: IGNORED })
      : {}),
  }),
  serverModuleFormat: "esm",
  serverBuildPath: "build/index.js",
  assetsBuildDirectory: "public/build",
  publicPath: "/build/",
  tailwind: true,
  postcss: true,
  // Route modules reach the server only through the tRPC caller in the load context;
  // keeping server/ and db/ out of the client bundle is enforced by *.server naming and this list.
  serverDependenciesToBundle: [],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
};
