import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { forUpdate, insertIgnore, isUniqueViolation, upsert } from "#db/dialect";
import { newId } from "#db/id";
import { prepared } from "#db/prepared";
import { migrateToLatest } from "#db/migrate";
import { nowDb } from "#db/time";
import { rowsWhere, testEngine, rowWhere } from "../helpers/db";
import { fileDatabase } from "../helpers/file-db";
import { createUser } from "../helpers/fixtures";

const t = fileDatabase();

/** An insert of the setting `key`, for the engine-specific insert helpers to finish. */
function settingInsert(key: string, value: string) {
  return t.db.kysely
    .insertInto("settings")
    .values({ key, value, updated_at: nowDb(), updated_by: null });
}

describe(`database on ${testEngine}`, () => {
  it("uses the engine the suite asked for", () => {
    expect(t.db.engine).toBe(testEngine);
  });

  it("migrating again applies nothing", async () => {
    expect(await migrateToLatest(t.db)).toEqual([]);
  });

  it("stores and returns timestamps as the same UTC text", async () => {
    const user = await createUser(t.db);
    const row = await rowWhere(t.db, "users", "id", user.id);
    expect(row.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}$/);
  });

  it("keeps Japanese text intact (utf8mb4)", async () => {
    const user = await createUser(t.db, { nickname: "山田太郎🙂" });
    const row = await rowWhere(t.db, "users", "id", user.id);
    expect(row.nickname).toBe("山田太郎🙂");
  });

  it("rejects a duplicate email with a unique violation on either engine", async () => {
    const user = await createUser(t.db);
    await expect(createUser(t.db, { email: user.email })).rejects.toSatisfy(isUniqueViolation);
  });

  it("upserts a setting by its key", async () => {
    const write = (value: string) =>
      upsert(t.db, settingInsert("probe", value), ["key"], {
        value,
        updated_at: nowDb(),
      }).execute();
    await write('"a"');
    await write('"b"');
    const rows = await rowsWhere(t.db, "settings", "key", "probe");
    expect(rows).toHaveLength(1);
    expect(rows[0]?.value).toBe('"b"');
  });

  it("insertIgnore keeps the first row", async () => {
    const insert = (value: string) => insertIgnore(t.db, settingInsert("first", value)).execute();
    await insert("1");
    await insert("2");
    const rows = await rowsWhere(t.db, "settings", "key", "first");
    expect(rows.map((r) => r.value)).toEqual(["1"]);
  });

  it("forUpdate runs inside a transaction on both engines", async () => {
    const user = await createUser(t.db);
    const found = await t.db.kysely
      .transaction()
      .execute(async (trx) =>
        forUpdate(
          { ...t.db, kysely: trx },
          trx.selectFrom("users").select("id").where("id", "=", user.id),
        ).executeTakeFirst(),
      );
    expect(found?.id).toBe(user.id);
  });

  it("rolls a failed transaction back completely", async () => {
    const id = newId();
    await expect(
      t.db.kysely.transaction().execute(async (trx) => {
        await trx
          .insertInto("settings")
          .values({ key: id, value: "x", updated_at: nowDb(), updated_by: null })
          .execute();
        throw new Error("half-way failure");
      }),
    ).rejects.toThrow("half-way failure");
    const row = await t.db.kysely
      .selectFrom("settings")
      .select("key")
      .where("key", "=", id)
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it("runs a prepared statement with each call's values, one value bound twice", async () => {
    const [a, b] = [await createUser(t.db), await createUser(t.db)];
    const byIdOrEmail = prepared(2, (kysely, id: string, email: string) =>
      kysely
        .selectFrom("users")
        .select(["id", "email"])
        .where((eb) => eb.or([eb("id", "=", id), eb("email", "=", email)]))
        .where(sql<boolean>`${id} = ${id}`),
    );
    expect(await byIdOrEmail(t.db.kysely, a.id, "nobody@example.test")).toEqual([
      { id: a.id, email: a.email },
    ]);
    expect(await byIdOrEmail(t.db.kysely, "none", b.email)).toEqual([{ id: b.id, email: b.email }]);
  });

  it("refuses a prepared statement whose value does not become a parameter", async () => {
    const inlined = prepared(1, (kysely, id: string) =>
      kysely
        .selectFrom("users")
        .select("id")
        .where("id", "=", sql.raw<string>(`'${String(id)}'`)),
    );
    await expect(inlined(t.db.kysely, "x")).rejects.toThrow(/bound parameter/);
  });

  it("answers a plain round trip", async () => {
    const result = await sql<{ one: number }>`select 1 as one`.execute(t.db.kysely);
    expect(Number(result.rows[0]?.one)).toBe(1);
  });
});
