// Runs a command with TEST_MYSQL_URL set (default: the local MariaDB's `test` database),
// so the integration suite runs against MySQL instead of SQLite.
import { spawnSync } from "node:child_process";

const url = process.env.TEST_MYSQL_URL || "mysql://root@127.0.0.1:3306/test";
const [cmd, ...args] = process.argv.slice(2);
const result = spawnSync("npx", [cmd, ...args], {
  stdio: "inherit",
  env: { ...process.env, TEST_MYSQL_URL: url },
});
process.exit(result.status ?? 1);
