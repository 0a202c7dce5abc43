import { type Db, ping, within } from "../db";
import { fromDbTime } from "../db/time";
import { scrapedGauge } from "./metrics";
import { outboxBacklog } from "./notify/outbox";

/**
 * The gauges a scrape reads from the database: whether it answers, the notification outbox per
 * channel and the import jobs. Each read has a deadline, so a scrape never hangs on a database
 * that does not answer; a gauge that could not be read is left out of that scrape.
 */
export function watchDatabase(db: Db, timeoutMs: number): void {
  scrapedGauge(
    "portal_database_up",
    "1 when the database answered a select 1 within READY_TIMEOUT_MS at this scrape, else 0",
    [],
    async (gauge) => {
      gauge.set(
        await ping(db, timeoutMs).then(
          () => 1,
          () => 0,
        ),
      );
    },
  );

  const backlog = () => within(outboxBacklog(db), timeoutMs, "reading the outbox");
  scrapedGauge(
    "portal_outbox_pending",
    "Notifications waiting to be delivered, by channel",
    ["channel"],
    async (gauge) => {
      for (const b of await backlog().catch(() => [])) gauge.set({ channel: b.channel }, b.pending);
    },
  );
  scrapedGauge(
    "portal_outbox_oldest_pending_age_seconds",
    "Age of the oldest notification waiting, by channel (0 when none waits)",
    ["channel"],
    async (gauge) => {
      for (const b of await backlog().catch(() => [])) {
        gauge.set(
          { channel: b.channel },
          b.oldest ? Math.max(0, (Date.now() - b.oldest.getTime()) / 1000) : 0,
        );
      }
    },
  );

  const jobs = () =>
    within(
      db.kysely
        .selectFrom("import_jobs")
        .select((eb) => [
          "state",
          eb.fn.countAll<number>().as("n"),
          eb.fn.sum<number>("rows_done").as("done"),
          eb.fn.sum<number>("rows_total").as("total"),
          eb.fn.min("heartbeat_at").as("heartbeat"),
          eb.fn.min("created_at").as("created"),
        ])
        .where("state", "in", ["queued", "running"])
        .groupBy("state")
        .execute(),
      timeoutMs,
      "reading the import jobs",
    );
  scrapedGauge("portal_import_jobs", "Import jobs queued or running", ["state"], async (gauge) => {
    const rows = await jobs().catch(() => null);
    if (!rows) return;
    for (const state of ["queued", "running"] as const) {
      gauge.set({ state }, Number(rows.find((r) => r.state === state)?.n ?? 0));
    }
  });
  scrapedGauge(
    "portal_import_running_rows",
    "Rows of the running import jobs: done so far and in total (deriv(done) is the rate)",
    ["rows"],
    async (gauge) => {
      const running = (await jobs().catch(() => null))?.find((r) => r.state === "running");
      gauge.set({ rows: "done" }, Number(running?.done ?? 0));
      gauge.set({ rows: "total" }, Number(running?.total ?? 0));
    },
  );
  scrapedGauge(
    "portal_import_stalled_seconds",
    "How long the longest-silent running import job has gone without a heartbeat, or the oldest queued job has waited (0 when none)",
    ["state"],
    async (gauge) => {
      const rows = await jobs().catch(() => null);
      if (!rows) return;
      const age = (at: unknown) =>
        typeof at === "string" || at instanceof Date
          ? Math.max(0, (Date.now() - fromDbTime(at).getTime()) / 1000)
          : 0;
      gauge.set({ state: "running" }, age(rows.find((r) => r.state === "running")?.heartbeat));
      gauge.set({ state: "queued" }, age(rows.find((r) => r.state === "queued")?.created));
    },
  );
}
