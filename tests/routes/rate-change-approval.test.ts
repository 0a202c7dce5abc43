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
});
