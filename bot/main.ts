import http from "node:http";
import { createDb, ping } from "../db";
import { migrateToLatest } from "../db/migrate";
import { ConfigError, getConfig } from "../server/config";
import { createLogger } from "../server/logger";
import { installGracefulShutdown } from "../server/shutdown";

/**
 * The LINE worker: its own process, sharing the portal's database. It serves its own health
 * checks; the webhook receiver and the notification dispatcher join it with the LINE
 * capability.
 */
async function main() {
  let config;
  try {
    config = getConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(error.message + "\n");
      process.exit(1);
    }
    throw error;
  }
  const log = createLogger({
    level: config.LOG_LEVEL,
    pretty: config.NODE_ENV === "development",
  }).child({
    process: "bot",
  });
  const db = createDb({
    databaseUrl: config.DATABASE_URL,
    sqlitePath: config.SQLITE_PATH,
    poolSize: 2,
  });
  if (config.RUN_MIGRATIONS) await migrateToLatest(db);

  const server = http.createServer(async (req, res) => {
    if (req.url === "/healthz") {
      res.writeHead(200, { "Content-Type": "application/json" }).end('{"status":"ok"}');
      return;
    }
    if (req.url === "/readyz") {
      const ok = await ping(db).then(
        () => true,
        () => false,
      );
      res.writeHead(ok ? 200 : 503, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ status: ok ? "ready" : "unavailable" }));
      return;
    }
    res.writeHead(404).end();
  });
  server.listen(config.BOT_PORT, config.HOST, () => {
    log.info({ port: config.BOT_PORT, database: db.engine }, "bot worker listening");
  });

  const shutdown = installGracefulShutdown(server, {
    log,
    timeoutMs: config.SHUTDOWN_TIMEOUT_MS,
    onDrained: () => db.destroy(),
  });
  const stop = (signal: string) => void shutdown(signal).then(() => process.exit(0));
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

main().catch((error: unknown) => {
  process.stderr.write(
    `bot start-up failed: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
