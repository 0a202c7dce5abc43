/**
 * npm run docs:config — writes README.md's configuration table from the config schema
 * (server/config-docs.ts), between its two marker comments.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { configTable, TABLE_END, TABLE_START } from "#server/config-docs";

const readme = path.resolve(import.meta.dirname, "../README.md");
const text = readFileSync(readme, "utf8");
const start = text.indexOf(TABLE_START);
const end = text.indexOf(TABLE_END);
if (start < 0 || end < start) {
  process.stderr.write(`README.md has no table markers (${TABLE_START} … ${TABLE_END})\n`);
  process.exit(1);
}
writeFileSync(readme, text.slice(0, start) + configTable() + text.slice(end + TABLE_END.length));
console.log("README.md: configuration table written");
