#!/usr/bin/env node
/**
 * The health check HAProxy asks about one Galera node (`option httpchk`, `check port …`):
 * 200 "synced" when the node is Synced (wsrep_local_state 4) and ready for queries, else 503
 * naming its state. A node that is joining, a donor, desynced, or cut off from the primary
 * component must not take writes; MySQL's own `mysql-check` only proves the port answers.
 *
 *   GALERA_CHECK_URL   mysql://user:pass@127.0.0.1:3401/ (a user with the PROCESS or USAGE
 *                      privilege is enough: SHOW GLOBAL STATUS)
 *   GALERA_CHECK_PORT  where to answer HTTP (default 9200, as clustercheck does)
 *   GALERA_CHECK_HOST  default 127.0.0.1
 *
 * Plain Node with mysql2, so it runs next to the node without the portal's build.
 */
import { createServer } from "node:http";
import { createConnection } from "mysql2/promise";

const url = process.env.GALERA_CHECK_URL;
if (!url) {
  process.stderr.write("GALERA_CHECK_URL is required\n");
  process.exit(2);
}
const port = Number(process.env.GALERA_CHECK_PORT ?? 9200);
const host = process.env.GALERA_CHECK_HOST ?? "127.0.0.1";
/** wsrep_local_state numbers (Galera's documented node states). */
const STATES = { 1: "joining", 2: "donor", 3: "joined", 4: "synced" };

/** One short-lived connection per check: a check must never reuse a connection that hung. */
async function nodeState() {
  const connection = await createConnection({ uri: url, connectTimeout: 1_000 });
  try {
    const [rows] = await connection.query({
      sql: "SHOW GLOBAL STATUS WHERE Variable_name IN ('wsrep_local_state', 'wsrep_ready', 'wsrep_cluster_status')",
      timeout: 1_000,
    });
    const status = Object.fromEntries(rows.map((r) => [r.Variable_name, r.Value]));
    const state = STATES[Number(status.wsrep_local_state)] ?? "unknown";
    const synced =
      state === "synced" &&
      status.wsrep_ready === "ON" &&
      status.wsrep_cluster_status === "Primary";
    return { synced, state, ready: status.wsrep_ready, cluster: status.wsrep_cluster_status };
  } finally {
    connection.destroy();
  }
}

createServer((_req, res) => {
  nodeState().then(
    (s) => {
      res.writeHead(s.synced ? 200 : 503, { "content-type": "text/plain" });
      res.end(s.synced ? "synced\n" : `not synced: ${s.state} ready=${s.ready} ${s.cluster}\n`);
    },
    (error) => {
      res.writeHead(503, { "content-type": "text/plain" });
      res.end(`unreachable: ${error.code ?? error.message}\n`);
    },
  );
}).listen(port, host);
