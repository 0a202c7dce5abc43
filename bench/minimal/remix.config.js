/**
 * The page benchmark's baseline (npm run bench:pages): a minimal Remix 2 app, one route with a
 * loader, built with the same compiler and the same future flags as the portal. Built into
 * bench/minimal/build and bench/minimal/public/build (not committed).
 * @type {import('@remix-run/dev').AppConfig}
 */
export default {
  serverModuleFormat: "esm",
  serverBuildPath: "build/index.js",
  assetsBuildDirectory: "public/build",
  publicPath: "/build/",
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
  },
};
