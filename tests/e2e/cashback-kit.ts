import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import type { Db } from "#db";
import { newId } from "#db/id";
import { createAccount, createBroker } from "../helpers/cashback";
import { expect, insertUser } from "./fixtures";

/** What the cashback import specs share: their own broker and member, the upload form, counts. */

const TOKYO_OFFSET_MS = 9 * 60 * 60 * 1000;

/** Today and the 15th of last month, as Tokyo calendar days. */
export function days() {
  const today = new Date(Date.now() + TOKYO_OFFSET_MS).toISOString().slice(0, 10);
  const last = new Date(`${today.slice(0, 7)}-15T00:00:00Z`);
  last.setUTCMonth(last.getUTCMonth() - 1);
  const lastMonthDay = last.toISOString().slice(0, 10);
  return {
    today,
    thisMonth: today.slice(0, 7),
    lastMonthDay,
    lastMonth: lastMonthDay.slice(0, 7),
  };
}

export interface Setup {
  tag: string;
  brokerId: string;
  brokerCode: string;
  brokerName: string;
  member: { id: string; email: string; nickname: string };
  approved: string;
  pending: string;
  pendingId: string;
}

/** A broker of its own, a member with one approved and one pending account there. */
export async function setup(db: Db): Promise<Setup> {
  const tag = newId().slice(-6).toLowerCase();
  const brokerCode = `cb${tag}`;
  const brokerName = `CB Broker ${tag.toUpperCase()}`;
  const brokerId = await createBroker(db, brokerCode, brokerName);
  const id = newId();
  const member = await insertUser(db, {
    id,
    emailPrefix: "cb",
    nickname: `cb${id.slice(-8)}`,
    name: "Cashback Member",
  });
  const approved = `${Math.floor(100000 + Math.random() * 800000)}`;
  const pending = `${Number(approved) + 1}`;
  await createAccount(db, id, brokerId, approved, "approved");
  const pendingId = await createAccount(db, id, brokerId, pending, "pending");
  return { tag, brokerId, brokerCode, brokerName, member, approved, pending, pendingId };
}

export async function upload(page: Page, name: string, content: string | Buffer, usdRate = "") {
  const input = page.getByLabel("レポートファイル（CSV）");
  if (content.length > 50 * 1024 * 1024) {
    // Playwright takes a buffer of at most 50 MB; a bigger file goes by its path.
    const file = path.join(mkdtempSync(path.join(tmpdir(), "report-")), name);
    writeFileSync(file, content);
    await input.setInputFiles(file);
  } else {
    await input.setInputFiles({
      name,
      mimeType: "text/csv",
      buffer: typeof content === "string" ? Buffer.from(content) : content,
    });
  }
  await page.getByLabel("USDレート（1 USD = 円）").fill(usdRate);
  await page.getByRole("button", { name: "プレビューする" }).click();
}

export async function memberCredits(db: Db, userId: string) {
  const row = await db.kysely
    .selectFrom("cashbacks")
    .select((eb) => [eb.fn.countAll<number>().as("rows"), eb.fn.sum<number>("amount").as("sum")])
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return { rows: Number(row?.rows ?? 0), sum: Number(row?.sum ?? 0) };
}

export async function batchesNamed(db: Db, fileName: string) {
  const rows = await db.kysely
    .selectFrom("import_batches")
    .select("id")
    .where("file_name", "=", fileName)
    .execute();
  return rows.length;
}

/** Waits for the batch page's job, run by the import worker, to end with `message`. */
export async function expectJobDone(page: Page, message: string) {
  await expect(page.getByTestId("job-done")).toHaveText(message, { timeout: 20_000 });
}
