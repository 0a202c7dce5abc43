/**
 * Writes the demo brokers' sample reports to tools/seed/reports/<broker>.<ext> from the shapes the
 * demo seed imports (tools/seed/reports.ts): run after changing a shape, so the files an admin
 * tries on /admin/update and the golden tests read stay what the seed writes.
 *
 *   npx tsx scripts/demo-reports.ts
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { DEMO_SHAPES, sampleFileName, sampleTrades } from "#tools/seed/reports";

const dir = path.join(import.meta.dirname, "../tools/seed/reports");
for (const shape of DEMO_SHAPES.values()) {
  const file = path.join(dir, sampleFileName(shape));
  writeFileSync(file, shape.write(sampleTrades(shape.brokerCode)));
  console.log(file);
}
