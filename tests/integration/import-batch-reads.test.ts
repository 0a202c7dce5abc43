import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { batchReads, onConnection } from "#server/features/cashback/batch-reads";
import { testEngine } from "../helpers/db";
import { fileDatabase } from "../helpers/file-db";
import { turnsDuring } from "../helpers/event-loop";

const t = fileDatabase();

/** A read as heavy as the repeats search over a large batch: a windowed count over 100,000 rows. */
const heavy = () =>
  sql<{ n: number }>`
    with recursive r(i) as (select 1 union all select i + 1 from r where i < 100000)
    select count(*) as n from (
      select row_number() over (partition by i % 1000 order by i desc) as k from r
    ) w where k > 1`.compile(t.db.kysely);

describe("reads over a whole staged batch", () => {
  it("answer as the connection does", async () => {
    const query = sql<{ one: number; text: string }>`select ${1} as one, ${"二"} as text`.compile(
      t.db.kysely,
    );
    expect(await batchReads(t.db)(query)).toEqual(await onConnection(t.db.kysely)(query));
  });

  it.runIf(testEngine === "sqlite")(
    "on SQLite run in a worker thread: the web process's thread goes on meanwhile",
    async () => {
      const { turns, value } = await turnsDuring(() => batchReads(t.db)(heavy()));
      expect(value).toEqual([{ n: 99000 }]);
      // On the connection itself the read holds the thread: the loop never comes round.
      const held = await turnsDuring(() => onConnection(t.db.kysely)(heavy()));
      expect(held.value).toEqual(value);
      expect(held.turns).toBeLessThanOrEqual(1);
      expect(turns).toBeGreaterThan(10);
    },
  );

  it.runIf(testEngine === "sqlite")("name a read that fails", async () => {
    await expect(
      batchReads(t.db)(sql`select * from no_such_table`.compile(t.db.kysely)),
    ).rejects.toThrow(/batch read failed: .*no_such_table/);
  });
});
