import { describe, expect, it } from "vitest";
import { fileDatabase } from "../helpers/file-db";
import { callerFor, createUser } from "../helpers/fixtures";
import { pageData, routeClient } from "../helpers/routes";
import { waitingRateChange } from "../helpers/rate-change";

/**
 * The public pages' data is kept in the process for a short while and shared by every visitor
 * (server/lib/public-data.ts): what an admin publishes shows on the very next request, and
 * nothing of the member who asked first is in what the next visitor gets.
 */

const t = fileDatabase();
const routes = routeClient(() => t.db);

interface Home {
  home: { hero: string[] | null; help: { slug: string }[] };
}
interface BrokerPage {
  page: { broker: { rates: { accountType: string; valueX100: number }[] } };
}

describe("the public pages' kept data", () => {
  it("shows the pitch saved under /admin/setting on the next request", async () => {
    const admin = await createUser(t.db, { permission: "admin" });
    const before = pageData<Home>(await routes.get("/welcome"));
    expect(before.home.hero).toBeNull();
    // Asked again: the kept answer.
    expect(pageData<Home>(await routes.get("/welcome")).home.hero).toBeNull();

    const saved = await routes.post(
      "/admin/setting/home",
      { heroJa: "新しい一行目\n二行目", heroEn: "" },
      { as: admin },
    );
    expect([saved.status, saved.location]).toEqual([302, "/admin/setting/home?saved=1"]);
    expect(pageData<Home>(await routes.get("/welcome")).home.hero).toEqual([
      "新しい一行目",
      "二行目",
    ]);
  });

  it("lists a help article on the next request once it is published", async () => {
    const admin = await createUser(t.db, { permission: "admin" });
    const caller = await callerFor(t.db, admin.id);
    const { id } = await caller.help.create({
      slug: "kept-data-answer",
      category: "cashback",
      position: 1,
      published: false,
      popular: false,
      title: "公開待ちの答え",
      titleEn: "",
      body: "本文",
      bodyEn: "",
    } as never);
    const slugs = async () =>
      pageData<Home>(await routes.get("/welcome")).home.help.map((a) => a.slug);
    expect(await slugs()).not.toContain("kept-data-answer");

    const published = await routes.post(
      "/admin/setting/help?index",
      { id, published: "1" },
      { as: admin },
    );
    expect(published.status).toBe(302);
    expect(await slugs()).toContain("kept-data-answer");
  });

  it("shows a broker's rates on its page on the next request once a second admin approves them", async () => {
    const maker = await createUser(t.db, { permission: "admin", nickname: "maker" });
    const checker = await createUser(t.db, { permission: "admin", nickname: "checker" });
    const { brokerId, rateChange } = await waitingRateChange(
      await callerFor(t.db, maker.id),
      "Kept",
      "kept",
    );
    const rates = async () =>
      pageData<BrokerPage>(await routes.get("/brokers/kept")).page.broker.rates;
    expect(await rates()).toEqual([]);

    const approved = await routes.post(
      `/admin/account/brokers/${brokerId}`,
      { intent: "approve", id: rateChange },
      { as: checker },
    );
    expect(approved.actionData).toEqual({ ok: true, intent: "approve" });
    expect(await rates()).toMatchObject([{ accountType: "Standard", valueX100: 80_000 }]);
  });

  it("gives the next visitor nothing of the member who asked first", async () => {
    const member = await createUser(t.db, {
      nickname: "kept-data-member",
      email: "kept-data-member@example.com",
    });
    for (const path of ["/welcome", "/brokers/kept"]) {
      const asMember = await routes.get(path, { as: member });
      const viewer = (asMember.loaderData.root as { viewer: { user: { id: string } | null } })
        .viewer;
      expect(viewer.user?.id, path).toBe(member.id);

      const asVisitor = await routes.get(path);
      expect(asVisitor.status, path).toBe(200);
      expect((asVisitor.loaderData.root as { viewer: { user: unknown } }).viewer.user).toBeNull();
      const everything = JSON.stringify(asVisitor.loaderData);
      for (const own of [member.id, "kept-data-member"]) {
        expect(everything, `${path}: ${own}`).not.toContain(own);
      }
    }
  });
});
