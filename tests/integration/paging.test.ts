import { beforeAll, describe, expect, it } from "vitest";
import { EXPORT_MAX_ROWS } from "#domain/export";
import { paginate, pagingSchema } from "#server/lib/paging";
import { testEngine } from "../helpers/db";
import { fileDatabase } from "../helpers/file-db";
import { createUser } from "../helpers/fixtures";

const t = fileDatabase();
const schema = pagingSchema(["nickname", "createdAt"], { sort: "nickname", dir: "asc" });
const SORT = { nickname: "users.nickname", createdAt: "users.created_at" } as const;

function list(input: Record<string, unknown>, filter?: string) {
  const paging = schema.parse(input);
  let query = t.db.kysely.selectFrom("users").select(["users.id", "users.nickname"]);
  if (filter) query = query.where("users.nickname", "like", `${filter}%`);
  return paginate(query, paging, (q) =>
    q.orderBy(SORT[paging.sort], paging.dir).orderBy("users.id", paging.dir),
  );
}

beforeAll(async () => {
  // 30 members "p00".."p29" and 3 others, created out of order.
  const order = Array.from({ length: 30 }, (_, i) => (i * 7) % 30);
  for (const n of order) await createUser(t.db, { nickname: `p${String(n).padStart(2, "0")}` });
  for (const n of ["zed", "amy", "bob"]) await createUser(t.db, { nickname: n });
});

describe(`paginate on ${testEngine}`, () => {
  it("counts every match and returns one page in order", async () => {
    const page = await list({ size: "10" }, "p");
    expect(page.total).toBe(30);
    expect(page.rows.map((r) => r.nickname)).toEqual(
      Array.from({ length: 10 }, (_, i) => `p${String(i).padStart(2, "0")}`),
    );
    expect(page).toMatchObject({ page: 1, size: 10, sort: "nickname", dir: "asc" });
  });

  it("walks the pages without repeating or losing a row", async () => {
    const seen: string[] = [];
    for (let p = 1; p <= 4; p++) {
      const page = await list({ size: "10", page: String(p), sort: "createdAt", dir: "desc" });
      expect(page.total).toBe(33);
      seen.push(...page.rows.map((r) => r.id));
    }
    expect(seen).toHaveLength(33);
    expect(new Set(seen).size).toBe(33);
  });

  it("sorts descending", async () => {
    const page = await list({ size: "10", dir: "desc" });
    expect(page.rows[0]?.nickname).toBe("zed");
  });

  it("shows the last page for a page past the end", async () => {
    const page = await list({ size: "25", page: "7" });
    expect(page.page).toBe(2);
    expect(page.rows).toHaveLength(8);
  });

  it("returns an empty first page when nothing matches", async () => {
    const page = await list({ page: "3" }, "nobody");
    expect(page).toMatchObject({ total: 0, page: 1, rows: [] });
  });

  it("exports every match, in the page's order, ignoring the paging", async () => {
    const page = await list({ size: "10", page: "2", export: true }, "p");
    expect(page.rows).toHaveLength(30);
    expect(page.rows[0]?.nickname).toBe("p00");
    expect(page.truncated).toBe(false);
    expect(EXPORT_MAX_ROWS).toBeGreaterThanOrEqual(10_000);
  });
});
