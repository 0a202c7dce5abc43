/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/.*", "**/*.test.*"],
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
  },
};
