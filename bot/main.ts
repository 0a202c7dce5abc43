import { createDb } from "#db";
import { logSchema, prepareSchema } from "#db/migrate";
import { configOrExit, configWarnings } from "#server/config";
import { databaseBeforeStart } from "#server/database-wait";
import { databaseMetrics } from "#server/metrics-db";
import { processLogger } from "#server/logger";
import { installGracefulShutdown } from "#server/shutdown";
import { VERSION } from "#server/version";
import { createBot } from "./worker";

/**
 * The LINE worker: its own process, sharing the portal's database. It serves its health checks
 * and LINE's webhook (BOT_WEBHOOK_PATH), handles the recorded events, and delivers the
 * notification outbox. Without a channel access token it sends nothing, keeps the notifications
 * pending and says so (start-up line, a reminder a minute, /readyz).
 */
async function main() {
  const config = configOrExit();
  const log = processLogger(config).child({ process: "bot" });
  const db = createDb({
    databaseUrl: config.DATABASE_URL,
    sqlitePath: config.SQLITE_PATH,
    // The dispatcher records each delivery as it happens: one connection per concurrent push.
    poolSize: Math.min(config.DB_POOL_SIZE, config.BOT_CONCURRENCY + 2),
    observe: databaseMetrics,
  });
  for (const warning of configWarnings(config)) log.warn(warning);
  const listen = { port: config.BOT_PORT, host: config.HOST, version: VERSION };
  if (!(await databaseBeforeStart(db, { timeoutMs: config.READY_TIMEOUT_MS, log, listen }))) {
    await db.destroy();
    process.exit(0);
  }
  logSchema(log, await prepareSchema(db, { migrate: config.RUN_MIGRATIONS }));

  const bot = createBot(config, log, db);
  const { server } = bot;
  server.listen(config.BOT_PORT, config.HOST, () => {
    log.info(
      {
        version: VERSION,
        port: config.BOT_PORT,
        database: db.engine,
        webhook: config.BOT_WEBHOOK_PATH,
        channel: config.LINE_CHANNEL_ID ?? null,
        lineApi: config.LINE_API_BASE_URL,
      },
      `bot worker ${VERSION} listening`,
    );
    if (bot.logOnly) {
      log.warn(
        "LINE_CHANNEL_ACCESS_TOKEN is not set: nothing is sent to LINE, notifications stay pending until a worker with the token sends them, /readyz answers 503; the webhook refuses deliveries without LINE_CHANNEL_SECRET",
      );
    }
    bot.start();
  });

  const shutdown = installGracefulShutdown(server, {
    log,
    timeoutMs: config.SHUTDOWN_TIMEOUT_MS,
    // The dispatcher finishes the pushes in hand and records them before the database closes.
    onDrained: () => bot.stop().then(() => db.destroy()),
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
