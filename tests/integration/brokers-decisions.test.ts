import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { localStorage } from "../../server/storage";
import { testEngine } from "../helpers/db";
import { fileDatabase } from "../helpers/file-db";
import { callerFor, createUser } from "../helpers/fixtures";

const t = fileDatabase();
const storage = localStorage(mkdtempSync(path.join(tmpdir(), "portal-brokers-")));
let admin: Awaited<ReturnType<typeof callerFor>>;
let adminId: string;
const brokers: Record<string, string> = {};

function brokerInput(overrides: Record<string, unknown> = {}) {
  return {
    name: "Broker",
    code: "broker",
    accountKind: "mt_number",
    idCharset: "",
    idMinLength: "",
    idMaxLength: "",
    signupUrl: "https://broker.example/signup",
    displayOrder: "10",
    autoRebate: false,
    active: true,
    ...overrides,
  };
}

async function createBroker(overrides: Record<string, unknown>, images = {}) {
  const { id } = await admin.brokers.create({ ...brokerInput(overrides), ...images });
  return id;
}

async function member() {
  const user = await createUser(t.db);
  return { ...user, caller: await callerFor(t.db, user.id, { storage }) };
}

/** The error's i18n key and params, or "ok". */
async function outcome(call: Promise<unknown>) {
  try {
    await call;
    return "ok";
  } catch (error) {
    const e = error as {
      key?: string;
      params?: Record<string, unknown>;
      cause?: { issues?: { path: PropertyKey[]; message: string }[] };
    };
    if (e.cause?.issues) {
      return Object.fromEntries(e.cause.issues.map((i) => [String(i.path[0]), i.message]));
    }
    return e.params && Object.keys(e.params).length > 0 ? { key: e.key, params: e.params } : e.key;
  }
}

beforeAll(async () => {
  const a = await createUser(t.db, { permission: "admin", nickname: "admin1" });
  adminId = a.id;
  admin = await callerFor(t.db, a.id, { storage });
  brokers.xm = await createBroker({ name: "XM", code: "xm", displayOrder: "10" });
  brokers.titan = await createBroker({
    name: "TitanFX",
    code: "titanfx",
    accountKind: "customer_id",
    idCharset: "digits",
    idMinLength: "6",
    idMaxLength: "8",
    displayOrder: "20",
  });
  brokers.exness = await createBroker({
    name: "Exness",
    code: "exness",
    accountKind: "uid",
    idCharset: "alnum",
    idMinLength: "8",
    idMaxLength: "8",
    displayOrder: "30",
  });
  brokers.errante = await createBroker({
    name: "Errante",
    code: "errante",
    autoRebate: true,
    displayOrder: "40",
  });
  brokers.gone = await createBroker({ name: "Gone", code: "gone", active: false });
});

describe(`deciding accounts on ${testEngine}`, () => {
  it("approves one or many, records each with the admin, and the member sees it approved with the date", async () => {
    const m = await member();
    const ids = [];
    for (const number of ["40001", "40002", "40003"]) {
      ids.push(
        (await m.caller.brokers.accounts.add({ brokerId: brokers.xm!, accountNumber: number })).id,
      );
    }
    const pending = await m.caller.brokers.accounts.mine({});
    expect(pending.rows.every((r) => r.status === "pending" && r.approvedAt === null)).toBe(true);

    expect(await admin.brokers.accounts.decide({ ids: [ids[0]!], decision: "approve" })).toEqual({
      changed: 1,
      unchanged: 0,
      conflicts: [],
      missing: 0,
    });
    expect(
      await admin.brokers.accounts.decide({
        ids: [ids[0]!, ids[1]!, ids[2]!],
        decision: "approve",
      }),
    ).toMatchObject({ changed: 2, unchanged: 1 });

    const mine = await m.caller.brokers.accounts.mine({});
    expect(mine.rows).toHaveLength(3);
    for (const row of mine.rows) {
      expect(row.status).toBe("approved");
      expect(row.approvedAt).toMatch(/^\d{4}-\d{2}-\d{2} /);
    }
    const audit = await t.db.kysely
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "account.approve")
      .where("target_id", "in", ids)
      .execute();
    expect(audit).toHaveLength(3);
    for (const a of audit) {
      expect(a.actor_id).toBe(adminId);
      expect(JSON.parse(a.data!)).toMatchObject({
        userId: m.id,
        before: "pending",
        after: "approved",
      });
    }
  });

  it("denies only with a reason, shows the reason, and frees the number for its real owner", async () => {
    const squatter = await member();
    const owner = await member();
    const { id } = await squatter.caller.brokers.accounts.add({
      brokerId: brokers.xm!,
      accountNumber: "50505",
    });
    expect(await outcome(admin.brokers.accounts.decide({ ids: [id], decision: "deny" }))).toEqual({
      reason: "required",
    });
    expect(
      await outcome(admin.brokers.accounts.decide({ ids: [id], decision: "deny", reason: "   " })),
    ).toEqual({ reason: "required" });
    await admin.brokers.accounts.decide({
      ids: [id],
      decision: "deny",
      reason: "名義が一致しません",
    });
    const [row] = (await squatter.caller.brokers.accounts.mine({})).rows;
    expect(row).toMatchObject({
      status: "denied",
      denyReason: "名義が一致しません",
      approvedAt: null,
    });

    // The real owner can now register it; approving the denied one again is refused.
    const owned = await owner.caller.brokers.accounts.add({
      brokerId: brokers.xm!,
      accountNumber: "50505",
    });
    expect(await admin.brokers.accounts.decide({ ids: [id], decision: "approve" })).toMatchObject({
      changed: 0,
      conflicts: ["50505"],
    });
    expect(
      await admin.brokers.accounts.decide({ ids: [owned.id], decision: "approve" }),
    ).toMatchObject({
      changed: 1,
    });
    const denyAudit = await t.db.kysely
      .selectFrom("audit_log")
      .select("data")
      .where("action", "=", "account.deny")
      .where("target_id", "=", id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(denyAudit.data!)).toMatchObject({
      reason: "名義が一致しません",
      after: "denied",
    });
  });

  it("refuses an empty selection and a member", async () => {
    expect(await outcome(admin.brokers.accounts.decide({ ids: [], decision: "approve" }))).toEqual({
      ids: "selectAccounts",
    });
    const m = await member();
    const { id } = await m.caller.brokers.accounts.add({
      brokerId: brokers.xm!,
      accountNumber: "60606",
    });
    await expect(
      m.caller.brokers.accounts.decide({ ids: [id], decision: "approve" }),
    ).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    expect((await m.caller.brokers.accounts.mine({})).rows[0]?.status).toBe("pending");
  });
});
