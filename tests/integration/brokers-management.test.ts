import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { localStorage } from "../../server/storage";
import { testEngine } from "../helpers/db";
import { fileDatabase } from "../helpers/file-db";
import { callerFor, createUser } from "../helpers/fixtures";
import { fixture } from "../helpers/images";

const t = fileDatabase();
const storage = localStorage(mkdtempSync(path.join(tmpdir(), "portal-brokers-")));
let admin: Awaited<ReturnType<typeof callerFor>>;
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

describe(`broker management on ${testEngine}`, () => {
  it("validates every field, including the broker's own id pattern", async () => {
    expect(
      await outcome(
        admin.brokers.create(
          brokerInput({
            name: "",
            code: "Bad Code",
            signupUrl: "http://insecure.example",
            displayOrder: "-1",
          }),
        ),
      ),
    ).toEqual({
      name: "required",
      code: "brokerCode",
      signupUrl: "httpsUrl",
      displayOrder: "displayOrder",
    });
    // Not a number at all: the same message, not zod's English default.
    expect(await outcome(admin.brokers.create(brokerInput({ displayOrder: "abc" })))).toEqual({
      displayOrder: "displayOrder",
    });
    expect(
      await outcome(
        admin.brokers.create(
          brokerInput({
            code: "uid-broker",
            accountKind: "uid",
            idMinLength: "9",
            idMaxLength: "4",
          }),
        ),
      ),
    ).toEqual({ idCharset: "required", idMaxLength: "idLengthOrder" });
    expect(await outcome(admin.brokers.create(brokerInput({ code: "xm" })))).toEqual({
      code: "brokerCodeTaken",
    });
  });

  it("stores uploaded art as public media, refuses non-images, and serves only what a broker shows", async () => {
    expect(
      await outcome(
        admin.brokers.create({
          ...brokerInput({ code: "bad-art" }),
          logo: new TextEncoder().encode("<svg/>"),
        }),
      ),
    ).toEqual({ logo: "imageType" });
    const id = await createBroker(
      { code: "art", name: "Art" },
      { logo: fixture("avatar.png"), banner: fixture("avatar.jpg") },
    );
    const broker = await admin.brokers.get({ id });
    expect(broker.logoPath).toMatch(/^\/media\/brokers\/[0-9a-f]{32}\.png$/);
    const file = broker.logoPath!.split("/").pop()!;
    const anyone = await callerFor(t.db, undefined, { storage });
    expect((await anyone.brokers.art({ file }))?.contentType).toBe("image/png");
    await expect(
      anyone.brokers.art({ file: "0123456789abcdef0123456789abcdef.png" }),
    ).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(anyone.brokers.art({ file: "../avatars/x.png" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });

    // A replaced logo is no longer served, and its file is gone.
    await admin.brokers.update({
      id,
      ...brokerInput({ code: "art", name: "Art" }),
      logo: fixture("avatar.webp"),
      removeBanner: true,
    });
    const after = await admin.brokers.get({ id });
    expect(after.logoPath).toMatch(/\.webp$/);
    expect(after.bannerPath).toBeNull();
    await expect(anyone.brokers.art({ file })).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await storage.get(`brokers/${file}`)).toBeNull();
  });

  it("deactivates a broker: members stop seeing it, its accounts stay, the change is audited", async () => {
    const id = await createBroker({ code: "retire", name: "Retire" });
    const m = await member();
    await m.caller.brokers.accounts.add({ brokerId: id, accountNumber: "12121" });
    await admin.brokers.update({
      id,
      ...brokerInput({ code: "retire", name: "Retire", active: false }),
    });
    expect((await m.caller.brokers.active()).map((b) => b.id)).not.toContain(id);
    expect((await m.caller.brokers.accounts.mine({})).rows).toHaveLength(1);
    expect(
      await outcome(m.caller.brokers.accounts.add({ brokerId: id, accountNumber: "13131" })),
    ).toEqual({
      brokerId: "brokerRequired",
    });
    const audit = await t.db.kysely
      .selectFrom("audit_log")
      .select(["action", "actor_id", "data"])
      .where("target_id", "=", id)
      .orderBy("created_at")
      .execute();
    // By action, not position: two writes in one millisecond have no order.
    expect(audit.map((a) => a.action).sort()).toEqual(["broker.create", "broker.deactivate"]);
    expect(JSON.parse(audit.find((a) => a.action === "broker.deactivate")!.data!)).toEqual({
      before: { active: 1 },
      after: { active: 0 },
    });
    expect((await admin.brokers.list()).find((b) => b.id === id)).toMatchObject({
      active: false,
      accountCount: 1,
    });
  });
});
