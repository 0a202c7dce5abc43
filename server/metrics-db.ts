import type { Pool } from "mysql2";
import { type Db, type DbObserver, ping, within } from "#db";
import { fromDbTime } from "#db/time";
import { dbQueryDuration, scrapedGauge } from "./metrics";
import { outboxBacklog } from "./notify/outbox";

/** The pools of the process's latest database, by role, for portal_db_pool_connections. */
const pools = new Map<"writer" | "reader", Pool>();

scrapedGauge(
  "portal_db_pool_connections",
  "MySQL pool connections by pool (writer, reader) and state (open, idle, waiting: requests queued for one, limit)",
  ["pool", "state"],
  (gauge) => {
    for (const [role, pool] of pools) {
      // mysql2 keeps these on the pool object; no public accessor exists.
      const inner = pool as unknown as {
        _allConnections: { length: number };
        _freeConnections: { length: number };
        _connectionQueue: { length: number };
        config: { connectionLimit: number };
      };
      gauge.set({ pool: role, state: "open" }, inner._allConnections.length);
      gauge.set({ pool: role, state: "idle" }, inner._freeConnections.length);
      gauge.set({ pool: role, state: "waiting" }, inner._connectionQueue.length);
      gauge.set({ pool: role, state: "limit" }, inner.config.connectionLimit);
    }
  },
);

/**
 * The database's readings for this process's metrics, handed to createDb by the web and bot
 * processes: each statement's time (portal_db_query_duration_seconds) and the pools' state.
 */
export const databaseMetrics: DbObserver = {
  statement(seconds, outcome) {
    dbQueryDuration.observe({ outcome }, seconds);
  },
  pools(latest) {
    pools.clear();
    pools.set("writer", latest.writer);
    if (latest.reader) pools.set("reader", latest.reader);
  },
};

/** What the scrape's database readings are called in portal_metrics_reading_age_seconds. */
export type ReadingName = "outbox" | "import_jobs";

/**
 * A database reading for a scrape, with a deadline. When a read fails or is late the last good
 * reading is served with its age, so a slow scrape shows old numbers (and says how old) rather
 * than dropping the series, which would leave an alert on them with no data instead of firing.
 * The gauges of one scrape (collected together) share the read in flight.
 */
export class LastGoodReading<T> {
  private last: { value: T; at: number } | undefined;
  private reading: Promise<{ value: T; at: number } | undefined> | undefined;

  constructor(
    private readonly read: () => Promise<T>,
    private readonly timeoutMs: number,
    private readonly what: string,
  ) {}

  /** The newest good reading, fresh when the database answered in time; undefined before any. */
  async get(): Promise<{ value: T; at: number } | undefined> {
    this.reading ??= within(this.read(), this.timeoutMs, this.what)
      .then(
        (value) => (this.last = { value, at: Date.now() }),
        () => this.last,
      )
      .finally(() => {
        this.reading = undefined;
      });
    return this.reading;
  }

  /** Seconds since the reading served now was taken (0 when fresh); undefined before any. */
  ageSeconds(): number | undefined {
    return this.last ? Math.max(0, (Date.now() - this.last.at) / 1000) : undefined;
  }
}

/**
 * The gauges a scrape reads from the database: whether it answers, the notification outbox per
 * channel and the import jobs. Each read has a deadline, so a scrape never hangs on a database
 * that does not answer; a late or failed read serves the last good one, and
 * portal_metrics_reading_age_seconds says how old it is.
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

  const outbox = new LastGoodReading(() => outboxBacklog(db), timeoutMs, "reading the outbox");
  const backlog = async () => (await outbox.get())?.value ?? [];
  scrapedGauge(
    "portal_outbox_pending",
    "Notifications waiting, due or not (a digest waits for its day's end), by channel",
    ["channel"],
    async (gauge) => {
      for (const b of await backlog()) gauge.set({ channel: b.channel }, b.pending);
    },
  );
  scrapedGauge(
    "portal_outbox_due",
    "Notifications due now and not yet delivered, by channel",
    ["channel"],
    async (gauge) => {
      for (const b of await backlog()) gauge.set({ channel: b.channel }, b.due);
    },
  );
  scrapedGauge(
    "portal_outbox_oldest_due_age_seconds",
    "How long the most overdue notification has been due (since its due time or its last retry's), by channel; 0 when none is due. Rows not yet due do not count",
    ["channel"],
    async (gauge) => {
      const reading = await outbox.get();
      for (const b of reading?.value ?? []) {
        // Measured at the reading's own time: an old reading does not age by itself.
        const at = reading!.at;
        gauge.set(
          { channel: b.channel },
          b.oldestDue ? Math.max(0, (at - b.oldestDue.getTime()) / 1000) : 0,
        );
      }
    },
  );

  const importJobs = new LastGoodReading(
    () =>
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
  const jobs = async () => (await importJobs.get())?.value ?? null;
  const readings: [ReadingName, LastGoodReading<unknown>][] = [
    ["outbox", outbox],
    ["import_jobs", importJobs],
  ];
  scrapedGauge(
    "portal_metrics_reading_age_seconds",
    "Age of the database reading this scrape's outbox and import gauges show: 0 when read now, growing while the database does not answer in READY_TIMEOUT_MS (the last good reading is kept)",
    ["reading"],
    async (gauge) => {
      for (const [name, reading] of readings) {
        await reading.get();
        const age = reading.ageSeconds();
        if (age !== undefined) gauge.set({ reading: name }, age);
      }
    },
  );
  scrapedGauge("portal_import_jobs", "Import jobs queued or running", ["state"], async (gauge) => {
    const rows = await jobs();
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
      const running = (await jobs())?.find((r) => r.state === "running");
      gauge.set({ rows: "done" }, Number(running?.done ?? 0));
      gauge.set({ rows: "total" }, Number(running?.total ?? 0));
    },
  );
  scrapedGauge(
    "portal_import_stalled_seconds",
    "How long the longest-silent running import job has gone without a heartbeat, or the oldest queued job has waited (0 when none)",
    ["state"],
    async (gauge) => {
      const reading = await importJobs.get();
      if (!reading) return;
      const rows = reading.value;
      // Measured at the reading's own time, as the outbox's age is.
      const age = (at: unknown) =>
        typeof at === "string" || at instanceof Date
          ? Math.max(0, (reading.at - fromDbTime(at).getTime()) / 1000)
          : 0;
      gauge.set({ state: "running" }, age(rows.find((r) => r.state === "running")?.heartbeat));
      gauge.set({ state: "queued" }, age(rows.find((r) => r.state === "queued")?.created));
    },
  );
}
