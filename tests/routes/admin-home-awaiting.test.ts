import { describe, expect, it } from "vitest";
import { fileDatabase } from "../helpers/file-db";
import { callerFor, createUser } from "../helpers/fixtures";
import { pageData, routeClient } from "../helpers/routes";
import { waitingRateChange } from "../helpers/rate-change";

/**
 * /admin as the server answers it: the list awaiting a second approval holds the kinds the
 * signed-in admin decides, rate changes and legal versions among them, each leading to its page.
 */

const t = fileDatabase();
const routes = routeClient(() => t.db);

interface Home {
  home: {
    awaitingSecond: { kind: string; id: string; href: string; amount: number | null }[];
  };
}

describe("the admin home's list awaiting a second approval", () => {
  it("lists a rate change and a legal version to the admins who decide them, no one else", async () => {
    const maker = await createUser(t.db, { permission: "admin", nickname: "maker" });
    const checker = await createUser(t.db, { permission: "admin", nickname: "checker" });
    const content = await createUser(t.db, { permission: "admin", adminRole: "content" });
    const support = await createUser(t.db, { permission: "admin", adminRole: "support" });
    const admin = await callerFor(t.db, maker.id);
    const { brokerId: id, rateChange } = await waitingRateChange(admin, "Routed", "routed");
    await admin.legal.publish({
      kind: "terms",
      body: "# 利用規約\n本文",
      bodyEn: "",
      summary: "第5条を変更",
      summaryEn: "",
      reconsent: true,
    });

    // The home opens for every role, one without the cashback import (its margin figure) too.
    const listed = async (as: { id: string }) =>
      pageData<Home>(await routes.get("/admin", { as })).home.awaitingSecond.map((i) => ({
        kind: i.kind,
        href: i.href,
        amount: i.amount,
      }));
    expect(await listed(checker)).toEqual([
      { kind: "rateChanges", href: `/admin/account/brokers/${id}`, amount: null },
      { kind: "legal", href: "/admin/setting/legal/terms", amount: null },
    ]);
    expect(await listed(content)).toEqual([
      { kind: "legal", href: "/admin/setting/legal/terms", amount: null },
    ]);
    expect(await listed(support)).toEqual([]);

    // The rate change's link is the page where it is decided, and it lists it there.
    const page = pageData<{ rateChanges: { id: string; status: string }[] }>(
      await routes.get(`/admin/account/brokers/${id}`, { as: checker }),
    );
    expect(page.rateChanges).toMatchObject([{ id: rateChange, status: "checking" }]);
  });
});
