import { describe, expect, it } from "vitest";
import { fileDatabase } from "../helpers/file-db";
import { callerFor, createUser } from "../helpers/fixtures";
import { formRefusal, pageData, refusalText, routeClient } from "../helpers/routes";
import { waitingRateChange } from "../helpers/rate-change";

/**
 * The broker's edit page as the server answers it: a rate change waiting for a second admin is
 * listed with its maker; the maker's own approval is refused with a reason in both languages,
 * another admin's puts the rates in force.
 */

const t = fileDatabase();
const routes = routeClient(() => t.db);

describe("rate changes on the broker's edit page", () => {
  it("lists a waiting change, refuses its maker and takes another admin's approval", async () => {
    const maker = await createUser(t.db, { permission: "admin", nickname: "maker" });
    const checker = await createUser(t.db, { permission: "admin", nickname: "checker" });
    const admin = await callerFor(t.db, maker.id);
    const { brokerId: id, rateChange } = await waitingRateChange(admin, "Routed", "routed");
    const url = `/admin/account/brokers/${id}`;

    const page = pageData<{ rateChanges: { id: string; status: string }[] }>(
      await routes.get(url, { as: maker }),
    );
    expect(page.rateChanges).toMatchObject([{ id: rateChange, status: "checking" }]);

    const own = await routes.post(url, { intent: "approve", id: rateChange }, { as: maker });
    expect(formRefusal(own).key).toBe("sameApprover");
    expect(await refusalText(own, "ja")).toContain("一次承認した管理者");
    expect(await refusalText(own, "en")).toContain("Ask another admin");
    expect((await admin.brokers.get({ id })).rates).toEqual([]);

    const other = await routes.post(url, { intent: "approve", id: rateChange }, { as: checker });
    expect(other.actionData).toEqual({ ok: true, intent: "approve" });
    expect((await admin.brokers.get({ id })).rates).toEqual([
      { accountType: "Standard", kind: "jpy_per_lot", valueX100: 80_000 },
    ]);
  });

  it("a new broker's form leads to its edit page, its first rates waiting for another admin", async () => {
    const maker = await createUser(t.db, { permission: "admin", nickname: "maker2" });
    const checker = await createUser(t.db, { permission: "admin", nickname: "checker2" });
    // The broker form is multipart (it carries images), as the browser sends it.
    const form = new FormData();
    const fields = {
      name: "Formed",
      code: "formed",
      accountKind: "mt_number",
      signupUrl: "https://broker.example/signup",
      displayOrder: "10",
      active: "on",
      "rates.0.accountType": "Standard",
      "rates.0.kind": "jpy_per_lot",
      "rates.0.value": "800",
    };
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    const created = await routes.post("/admin/account/brokers/new", form, { as: maker });
    expect(created.status).toBe(302);
    const [, id] = /^\/admin\/account\/brokers\/(\w+)\?rateChange=created$/.exec(
      created.location ?? "",
    )!;
    const url = `/admin/account/brokers/${id}`;
    const page = pageData<{
      broker: { rates: unknown[] };
      rateChanges: { id: string; status: string }[];
    }>(await routes.get(`${url}?rateChange=created`, { as: maker }));
    expect(page.broker.rates).toEqual([]);
    expect(page.rateChanges).toMatchObject([{ status: "checking" }]);
    const rateChange = page.rateChanges[0]!.id;

    const own = await routes.post(url, { intent: "approve", id: rateChange }, { as: maker });
    expect(formRefusal(own).key).toBe("sameApprover");
    const other = await routes.post(url, { intent: "approve", id: rateChange }, { as: checker });
    expect(other.actionData).toEqual({ ok: true, intent: "approve" });
    const admin = await callerFor(t.db, maker.id);
    expect((await admin.brokers.get({ id: id! })).rates).toEqual([
      { accountType: "Standard", kind: "jpy_per_lot", valueX100: 80_000 },
    ]);
  });
});
