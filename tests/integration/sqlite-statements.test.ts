import SQLite from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { preparedOnce } from "#db";

describe("preparedOnce", () => {
  const database = new SQLite(":memory:");
  afterEach(() => database.exec("drop table if exists t"));

  it("prepares a SQL text once and answers with the values of each run", () => {
    const db = preparedOnce(database);
    database.exec("create table t (n integer)");
    const insert = db.prepare("insert into t (n) values (?)");
    insert.run(1);
    expect(db.prepare("insert into t (n) values (?)")).toBe(insert);
    db.prepare("insert into t (n) values (?)").run(2);
    expect(db.prepare("select n from t where n > ? order by n").all(0)).toEqual([
      { n: 1 },
      { n: 2 },
    ]);
    expect(db.prepare("select n from t where n > ? order by n").all(1)).toEqual([{ n: 2 }]);
  });

  it("gives a statement of its own while the kept one is iterating", () => {
    const db = preparedOnce(database);
    database.exec("create table t (n integer); insert into t values (1), (2)");
    const sql = "select n from t order by n";
    const outer = db.prepare(sql);
    const seen: unknown[] = [];
    for (const row of outer.iterate()) {
      const inner = db.prepare(sql);
      expect(inner).not.toBe(outer);
      seen.push(row, inner.all());
    }
    expect(seen).toHaveLength(4);
    expect(db.prepare(sql)).toBe(outer);
  });

  it("keeps at most the given number of texts, the oldest going first", () => {
    const db = preparedOnce(database, 2);
    const a = db.prepare("select 1");
    const b = db.prepare("select 2");
    db.prepare("select 3");
    expect(db.prepare("select 2")).toBe(b);
    expect(db.prepare("select 1")).not.toBe(a);
  });
});
