import { byUser, createIdTable, index, type MigrationDb, ownedBy, types } from "./support";

/**
 * Crediting an import runs as a job, off the request that asked for it: a row per commit or
 * re-run, leased by the worker that runs it. The lease is renewed in each chunk's own
 * transaction (and a chunk is refused to a worker whose lease is gone), so a job whose worker
 * died is taken over by another once the lease ends, from the batch's next chunk.
 */
export async function up(db: MigrationDb): Promise<void> {
  await createIdTable(db, "import_jobs")
    .addColumn("batch_id", types.id, ownedBy("import_batches.id"))
    // commit | rerun
    .addColumn("kind", "varchar(16)", (c) => c.notNull())
    // queued | running | done | failed
    .addColumn("state", "varchar(16)", (c) => c.notNull())
    .addColumn("rows_total", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("rows_done", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("rows_credited", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("amount_credited", types.money, (c) => c.notNull().defaultTo(0))
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("lease_owner", "varchar(64)")
    .addColumn("lease_until", types.timestamp)
    .addColumn("error", "varchar(255)")
    .addColumn("created_by", types.id, byUser)
    .addColumn("created_at", types.timestamp, (c) => c.notNull())
    .addColumn("started_at", types.timestamp)
    .addColumn("heartbeat_at", types.timestamp)
    .addColumn("finished_at", types.timestamp)
    .execute();
  // The worker's claim (waiting or lease ended) and the batch page's latest job.
  await index(db, "import_jobs_state", "import_jobs", ["state", "lease_until"]);
  await index(db, "import_jobs_batch", "import_jobs", ["batch_id", "created_at"]);
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable("import_jobs").execute();
}
