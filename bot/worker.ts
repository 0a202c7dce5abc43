import http from "node:http";
import { hostname } from "node:os";
import type { Db } from "#db";
import { ping } from "#db";
import type { Config } from "#server/config";
import {
  processEvents,
  pruneEvents,
  WEBHOOK_EVENT_RETENTION_DAYS,
} from "#server/features/line/webhook";
import { type LineMessaging, lineMessaging } from "#server/line/messaging";
import {
  installRichMenu,
  type RichMenuApi,
  richMenuApi,
  richMenuDefinition,
  richMenuImage,
} from "#server/line/rich-menu";
import { outboxBacklog } from "#server/notify/outbox";
import { observeRequest, scrapedGauge, serveMetrics } from "#server/metrics";
import { watchDatabase } from "#server/metrics-db";
import type { Logger } from "#server/logger";
import { type Mailer, mailerFor } from "#server/mail";
import { NotificationDispatcher } from "#server/notify/dispatcher";
import { MailDispatcher } from "#server/notify/mail-dispatcher";
import { VERSION } from "#server/version";
import { storageFor } from "#server/storage";
import { eraseClosedAccounts } from "#server/features/profile/closing";
import { runDataExports } from "#server/features/profile/data-export";
import { webhookHandler } from "./webhook";

/**
 * The LINE worker's parts, for bot/main.ts and for tests that run it in-process: the HTTP
 * server (health checks and the webhook), the handler of recorded webhook events, and the
 * notification dispatchers (LINE and mail).
 */

export interface Bot {
  server: http.Server;
  dispatcher: NotificationDispatcher;
  mail: MailDispatcher;
  /** True without a channel access token: nothing is sent to LINE, notifications stay pending. */
  logOnly: boolean;
  /** Resolves once the rich menu is in place (at once when there is none to install). */
  richMenuInstalled(): Promise<void>;
  /** Starts the dispatcher and the event sweep (the server is started by the caller). */
  start(): void;
  /** Stops the dispatcher (its batch in hand finishes) and the event handling. */
  stop(): Promise<void>;
}

/** Runs `task` now (or right after the run in progress), never twice at once. */
function serialized(task: () => Promise<unknown>, onError: (err: unknown) => void) {
  let running: Promise<void> | null = null;
  let again = false;
  const run = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await task().catch(onError);
      } while (again);
    })().finally(() => {
      running = null;
    });
    return running;
  };
  return { run, idle: () => running ?? Promise.resolve() };
}

export function createBot(
  config: Config,
  log: Logger,
  db: Db,
  overrides: { messaging?: LineMessaging | null; mailer?: Mailer; richMenu?: RichMenuApi } = {},
): Bot {
  const messaging =
    overrides.messaging !== undefined
      ? overrides.messaging
      : config.LINE_CHANNEL_ACCESS_TOKEN
        ? lineMessaging({
            channelAccessToken: config.LINE_CHANNEL_ACCESS_TOKEN,
            apiBaseUrl: config.LINE_API_BASE_URL,
            timeoutMs: config.LINE_HTTP_TIMEOUT_MS,
          })
        : null;
  const dispatcher = new NotificationDispatcher({
    db,
    log: log.child({ part: "dispatcher", worker: `${hostname()}:${process.pid}` }),
    messaging,
    appOrigin: config.APP_ORIGIN,
    batchSize: config.BOT_BATCH_SIZE,
    concurrency: config.BOT_CONCURRENCY,
    leaseMs: config.BOT_LEASE_MS,
    maxAttempts: config.BOT_MAX_ATTEMPTS,
    backoffBaseMs: config.BOT_BACKOFF_BASE_MS,
    backoffMaxMs: config.BOT_BACKOFF_MAX_MS,
    pollIntervalMs: config.BOT_POLL_INTERVAL_MS,
  });
  const mail = new MailDispatcher({
    db,
    log: log.child({ part: "mail", worker: `${hostname()}:${process.pid}` }),
    mailer: overrides.mailer ?? mailerFor(config, log),
    appOrigin: config.APP_ORIGIN,
    batchSize: config.BOT_BATCH_SIZE,
    leaseMs: config.BOT_LEASE_MS,
    maxAttempts: config.BOT_MAX_ATTEMPTS,
    backoffBaseMs: config.BOT_BACKOFF_BASE_MS,
    backoffMaxMs: config.BOT_BACKOFF_MAX_MS,
    pollIntervalMs: config.BOT_POLL_INTERVAL_MS,
  });
  const eventLog = log.child({ part: "webhook" });
  const events = serialized(
    async () => {
      // Drain: a big delivery may hold more events than one pass takes.
      while (
        (await processEvents({ db, log: eventLog, messaging, appOrigin: config.APP_ORIGIN })) > 0
      ) {
        // keep going
      }
    },
    (err) => eventLog.error({ err }, "handling webhook events failed"),
  );
  let stopping = false;
  const handleWebhook = webhookHandler({
    db,
    log: eventLog,
    channelSecret: config.LINE_CHANNEL_SECRET ?? null,
    timeoutMs: config.READY_TIMEOUT_MS,
    onStored: () => {
      if (!stopping) void events.run();
    },
  });

  /**
   * Ready: the database answers within READY_TIMEOUT_MS and LINE can be reached. Without a
   * channel access token the worker is up but cannot do its job, and says so (503), with how
   * many notifications wait for it.
   */
  async function readiness(): Promise<{ status: number; body: Record<string, unknown> }> {
    try {
      await ping(db, config.READY_TIMEOUT_MS);
    } catch (err) {
      log.error({ err }, "readiness check: database unreachable");
      return { status: 503, body: { status: "unavailable", database: "unreachable" } };
    }
    if (messaging) return { status: 200, body: { status: "ready" } };
    const line = (await outboxBacklog(db).catch(() => [])).find((b) => b.channel === "line");
    return {
      status: 503,
      body: {
        status: "not-configured",
        line: "LINE_CHANNEL_ACCESS_TOKEN is not set: notifications stay pending",
        pending: line?.pending ?? null,
      },
    };
  }

  /** Without LINE credentials the log says, once a minute, how much is waiting. */
  async function remindNotConfigured() {
    const line = (await outboxBacklog(db)).find((b) => b.channel === "line");
    if (line && line.pending > 0) {
      log.warn(
        { pending: line.pending, oldest: line.oldest?.toISOString() ?? null },
        "LINE notifications waiting: LINE_CHANNEL_ACCESS_TOKEN is not set",
      );
    }
  }

  watchDatabase(db, config.READY_TIMEOUT_MS);
  scrapedGauge(
    "portal_line_configured",
    "1 when this worker has a LINE channel access token and sends notifications, else 0",
    [],
    (gauge) => gauge.set(messaging ? 1 : 0),
  );
  const routes = new Map([
    ["/healthz", "healthz"],
    ["/readyz", "readyz"],
    ["/metrics", "metrics"],
    [config.BOT_WEBHOOK_PATH, "webhook"],
  ]);

  const server = http.createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0]!;
    const started = performance.now();
    res.once("close", () =>
      observeRequest(
        routes.get(path) ?? "unmatched",
        req.method ?? "GET",
        res.statusCode,
        (performance.now() - started) / 1000,
      ),
    );
    if (path === "/metrics" && req.method === "GET") {
      serveMetrics(req, res, config.METRICS_TOKEN).catch((err: unknown) => {
        log.error({ err }, "serving metrics failed");
        if (!res.headersSent) res.writeHead(500).end();
      });
      return;
    }
    if (path === "/healthz") {
      res
        .writeHead(200, { "Content-Type": "application/json" })
        .end(JSON.stringify({ status: "ok", version: VERSION }));
      return;
    }
    if (path === "/readyz") {
      void readiness().then(({ status, body }) =>
        res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body)),
      );
      return;
    }
    if (path === config.BOT_WEBHOOK_PATH) {
      handleWebhook(req, res).catch((err: unknown) => {
        eventLog.error({ err }, "webhook request failed");
        if (!res.headersSent) res.writeHead(500).end();
      });
      return;
    }
    res.writeHead(404).end();
  });

  // Handled events older than the retention are deleted once an hour (and at start).
  const prune = serialized(
    async () => {
      const before = new Date(Date.now() - WEBHOOK_EVENT_RETENTION_DAYS * 24 * 60 * 60 * 1000);
      const deleted = await pruneEvents(db, before);
      if (deleted > 0) eventLog.info({ deleted }, "old webhook events deleted");
    },
    (err) => eventLog.error({ err }, "deleting old webhook events failed"),
  );

  // Closed accounts past the operator's retention lose their personal data, once an hour (and
  // at start). Each account is erased under its row's lock, so several workers may run it.
  const erasureLog = log.child({ part: "erasure" });
  const erasure = serialized(
    async () => {
      const erased = await eraseClosedAccounts(
        { db, storage: storageFor(config), log: erasureLog },
        {
          personalDays: config.ACCOUNT_PERSONAL_RETENTION_DAYS,
          moneyYears: config.ACCOUNT_MONEY_RETENTION_YEARS,
        },
      );
      if (erased.personal + erased.money > 0) erasureLog.info(erased, "closed accounts erased");
    },
    (err) => erasureLog.error({ err }, "erasing closed accounts failed"),
  );

  // Members' copies of their data (開示): waiting requests are prepared and mailed, lapsed
  // copies removed. Every minute, so a member waits minutes, not hours; each request is
  // prepared under its row's lock, so several workers may run it.
  const exportLog = log.child({ part: "data-export" });
  const exports = serialized(
    async () => {
      const done = await runDataExports({
        db,
        storage: storageFor(config),
        mailer: overrides.mailer ?? mailerFor(config, log),
        log: exportLog,
        appOrigin: config.APP_ORIGIN,
      });
      if (done.prepared + done.remailed + done.expired > 0) {
        exportLog.info(done, "data copies prepared, mailed again or expired");
      }
    },
    (err) => exportLog.error({ err }, "preparing data copies failed"),
  );

  // The rich menu, with a LIFF app to open and a token to install it with. LINE's errors are
  // logged and the install tried again later (the backoff of the pushes), never fatal: the
  // notifications matter more than the menu.
  const menuLog = log.child({ part: "rich-menu" });
  const menuApi =
    config.LINE_CHANNEL_ACCESS_TOKEN && config.LIFF_ID
      ? (overrides.richMenu ??
        richMenuApi({
          channelAccessToken: config.LINE_CHANNEL_ACCESS_TOKEN,
          apiBaseUrl: config.LINE_API_BASE_URL,
          dataBaseUrl: config.LINE_API_DATA_BASE_URL,
          timeoutMs: config.LINE_HTTP_TIMEOUT_MS,
        }))
      : null;
  let menuTimer: NodeJS.Timeout | null = null;
  let menuRun: Promise<void> = Promise.resolve();
  let menuDone: () => void = () => undefined;
  const menuInstalled = new Promise<void>((resolve) => {
    menuDone = resolve;
  });
  if (!menuApi) menuDone();
  const installMenu = (attempt: number) => {
    if (!menuApi || stopping) return;
    menuRun = (async () => {
      try {
        const menu = richMenuDefinition(config.LIFF_ID!, richMenuImage());
        const result = await installRichMenu(menuApi, menu, menuLog);
        menuLog.info({ ...result, name: menu.name }, "rich menu in place");
        menuDone();
      } catch (err) {
        const waitMs = Math.min(
          config.BOT_BACKOFF_MAX_MS,
          config.BOT_BACKOFF_BASE_MS * 2 ** Math.min(attempt, 20),
        );
        menuLog.error(
          { err, attempt: attempt + 1, retryInMs: waitMs },
          "installing the rich menu failed",
        );
        if (stopping) return;
        menuTimer = setTimeout(() => installMenu(attempt + 1), waitMs);
        menuTimer.unref();
      }
    })();
  };

  // Events recorded while the worker was down (or whose handling failed) are picked up here.
  let sweep: NodeJS.Timeout | null = null;
  let pruning: NodeJS.Timeout | null = null;
  let reminder: NodeJS.Timeout | null = null;
  let exporting: NodeJS.Timeout | null = null;
  return {
    server,
    dispatcher,
    mail,
    logOnly: messaging === null,
    richMenuInstalled: () => menuInstalled,
    start() {
      installMenu(0);
      dispatcher.start();
      mail.start();
      void events.run();
      sweep = setInterval(() => void events.run(), 5_000);
      sweep.unref();
      void prune.run();
      void erasure.run();
      void exports.run();
      exporting = setInterval(() => void exports.run(), 60_000);
      exporting.unref();
      pruning = setInterval(
        () => {
          void prune.run();
          void erasure.run();
        },
        60 * 60 * 1000,
      );
      pruning.unref();
      if (!messaging) {
        const remind = () =>
          void remindNotConfigured().catch((err: unknown) =>
            log.error({ err }, "counting waiting LINE notifications failed"),
          );
        remind();
        reminder = setInterval(remind, 60_000);
        reminder.unref();
      }
    },
    async stop() {
      stopping = true;
      if (sweep) clearInterval(sweep);
      if (pruning) clearInterval(pruning);
      if (reminder) clearInterval(reminder);
      if (exporting) clearInterval(exporting);
      if (menuTimer) clearTimeout(menuTimer);
      await Promise.all([dispatcher.stop(), mail.stop(), menuRun]);
      await events.idle();
      await prune.idle();
      await erasure.idle();
      await exports.idle();
    },
  };
}
