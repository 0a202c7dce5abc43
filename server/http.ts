import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { createDb } from "#db";
import { logSchema, prepareSchema } from "#db/migrate";
import { createApp, httpServer } from "./app";
import { databaseMetrics } from "./metrics-db";
import { configOrExit, configWarnings } from "./config";
import { databaseBeforeStart } from "./database-wait";
import { processLogger } from "./logger";
import { HandlerWork, installGracefulShutdown } from "./shutdown";
import { preparePasswordCheck } from "./auth/password-strength";
import { startImportThread } from "./import-threads";
import { VERSION } from "./version";
import { storageFor } from "./storage";
import { removeStaleIncoming } from "./storage/received";

async function main() {
  const config = configOrExit();

  const log = processLogger(config);
  const db = createDb({
    databaseUrl: config.DATABASE_URL,
    sqlitePath: config.SQLITE_PATH,
    poolSize: config.DB_POOL_SIZE,
    readUrl: config.DATABASE_READ_URL,
    observe: databaseMetrics,
  });
  for (const warning of configWarnings(config)) log.warn(warning);
  const listen = { port: config.PORT, host: config.HOST, version: VERSION };
  if (!(await databaseBeforeStart(db, { timeoutMs: config.READY_TIMEOUT_MS, log, listen }))) {
    await db.destroy();
    process.exit(0);
  }
  logSchema(log, await prepareSchema(db, { migrate: config.RUN_MIGRATIONS }));
  if (!config.META_PIXEL_ID)
    log.warn("META_PIXEL_ID is not set: the advertising pixel is not loaded");

  preparePasswordCheck();

  // Uploads left half-written by a process that ended mid-upload.
  const incoming = path.dirname(storageFor(config).incomingPath());
  void removeStaleIncoming(incoming).then(
    (removed) => {
      if (removed > 0) log.warn({ removed, dir: incoming }, "removed stale uploads");
    },
    (err: unknown) => log.warn({ err, dir: incoming }, "removing stale uploads failed"),
  );

  const buildPath = path.resolve("build/index.js");
  const build = (await import(pathToFileURL(buildPath).href)) as ServerBuild;

  let ready = true;
  const work = new HandlerWork();
  const app = createApp({ config, db, log, build, isReady: () => ready, work });
  const server = httpServer(app).listen(config.PORT, config.HOST, () => {
    log.info(
      { version: VERSION, port: config.PORT, database: db.engine, origin: config.APP_ORIGIN },
      `portal ${VERSION} listening on http://${config.HOST === "0.0.0.0" ? "localhost" : config.HOST}:${config.PORT}`,
    );
  });

  // Import jobs (previews, commits and re-runs of broker reports) run off the request that
  // queued them, in a thread of their own, so a 50 MB report never holds up a page; a lease lets
  // any number of web processes share them. A preview reads the report its upload
  // stored. The thread is the bundle's import-thread.js, beside this file.
  const imports = startImportThread(
    new URL("./import-thread.js", import.meta.url),
    log.child({ process: "imports" }),
  );

  const shutdown = installGracefulShutdown(server, {
    log,
    timeoutMs: config.SHUTDOWN_TIMEOUT_MS,
    setNotReady: () => {
      ready = false;
    },
    work,
    // The chunk in hand is finished and the job's lease given back before the database closes.
    onDrained: () => imports.stop().then(() => db.destroy()),
  });
  const stop = (signal: string) => void shutdown(signal).then(() => process.exit(0));
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

main().catch((error: unknown) => {
  process.stderr.write(
    `start-up failed: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
