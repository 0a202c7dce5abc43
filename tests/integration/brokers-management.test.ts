import { describe, expect, it } from "vitest";
import { testEngine } from "../helpers/db";
import { brokersSuite } from "../helpers/brokers-suite";
import { callerFor } from "../helpers/fixtures";
import { fixture } from "../helpers/images";
import { auditsOf } from "../helpers/audit";

const suite = brokersSuite();
const { t, storage, brokerInput, createBroker, member, outcome } = suite;

describe(`broker management on ${testEngine}`, () => {
  /** The field errors of creating a broker from the valid form changed by `fields`. */
  const createRefusal = (fields: Parameters<typeof brokerInput>[0]) =>
    outcome(suite.admin.brokers.create(brokerInput(fields)));

  it("validates every field, including the broker's own id pattern", async () => {
    expect(
      await createRefusal({
        name: "",
        code: "Bad Code",
        signupUrl: "http://insecure.example",
        displayOrder: "-1",
      }),
    ).toEqual({
      name: "required",
      code: "brokerCode",
      signupUrl: "httpsUrl",
      displayOrder: "displayOrder",
    });
    // Not a number at all: the same message, not zod's English default.
    expect(await createRefusal({ displayOrder: "abc" })).toEqual({ displayOrder: "displayOrder" });
    expect(
      await createRefusal({
        code: "uid-broker",
        accountKind: "uid",
        idMinLength: "9",
        idMaxLength: "4",
      }),
    ).toEqual({ idCharset: "required", idMaxLength: "idLengthOrder" });
    expect(await createRefusal({ code: "xm" })).toEqual({
      code: "brokerCodeTaken",
    });
  });

  it("stores uploaded art as public media, refuses non-images, and serves only what a broker shows", async () => {
    expect(
      await outcome(
        suite.admin.brokers.create({
          ...brokerInput({ code: "bad-art" }),
          logo: new TextEncoder().encode("<svg/>"),
        }),
      ),
    ).toEqual({ logo: "imageType" });
    const id = await createBroker(
      { code: "art", name: "Art" },
      { logo: fixture("avatar.png"), banner: fixture("avatar.jpg") },
    );
    const broker = await suite.admin.brokers.get({ id });
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
    await suite.update({
      id,
      ...brokerInput({ code: "art", name: "Art" }),
      logo: fixture("avatar.webp"),
      removeBanner: true,
    });
    const after = await suite.admin.brokers.get({ id });
    expect(after.logoPath).toMatch(/\.webp$/);
    expect(after.bannerPath).toBeNull();
    await expect(anyone.brokers.art({ file })).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await storage.get(`brokers/${file}`)).toBeNull();
  });

  it("deactivates a broker: members stop seeing it, its accounts stay, the change is audited", async () => {
    const id = await createBroker({ code: "retire", name: "Retire" });
    const m = await member();
    await m.caller.brokers.accounts.add({ brokerId: id, accountNumber: "12121" });
    await suite.update({
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
    const audit = await auditsOf(t.db, id);
    // By action, not position: two writes in one millisecond have no order.
    expect(audit.map((a) => a.action).sort()).toEqual(["broker.create", "broker.deactivate"]);
    expect(JSON.parse(audit.find((a) => a.action === "broker.deactivate")!.data!)).toEqual({
      before: { active: 1 },
      after: { active: 0 },
    });
    expect((await suite.admin.brokers.list()).find((b) => b.id === id)).toMatchObject({
      active: false,
      accountCount: 1,
    });
  });
});
