/**
 * The page benchmark's baseline server (npm run bench:pages): the minimal Remix app in this
 * folder behind express and the portal's own response compression, nothing else. Started by
 * bench/pages.ts after it builds the app; PORT and HOST as for the portal.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import express from "express";
import { responseCompression } from "../../server/compression";

const root = import.meta.dirname;
const build = (await import(pathToFileURL(path.join(root, "build/index.js")).href)) as ServerBuild;

const app = express();
app.disable("x-powered-by");
app.use(responseCompression());
app.use(
  "/build",
  express.static(path.join(root, "public/build"), { immutable: true, maxAge: "1y" }),
);
app.all("*", createRequestHandler({ build, mode: "production" }));
app.listen(Number(process.env.PORT ?? 3000), process.env.HOST ?? "127.0.0.1");
