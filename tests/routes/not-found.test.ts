import { describe, expect, it } from "vitest";
import { newId } from "#db/id";
import { nowDb, toDbTime } from "#db/time";
import { fileDatabase } from "../helpers/file-db";
import { createUser } from "../helpers/fixtures";
import { HOUR } from "../helpers/form-values";
import { publishedGacha } from "../helpers/gachas";
import { type RouteAnswer, routeClient } from "../helpers/routes";

/**
 * What a member may not see is the member area's 404, drawn inside its shell: a campaign that
 * is hidden or not there, another member's draw result, a gacha that is not there.
 */

const t = fileDatabase();
const routes = routeClient(() => t.db);

const MEMBER_AREA = "routes/users+/_layout";

/** The status, the error's status and the boundary that draws it. */
function errorIn(answer: RouteAnswer) {
  const status = answer.error && "status" in answer.error ? answer.error.status : 500;
  return [answer.status, status, answer.boundary];
}

/** An open campaign, hidden from members (inactive). */
async function hiddenCampaign(): Promise<string> {
  const id = newId();
  const now = nowDb();
  await t.db.kysely
    .insertInto("campaigns")
    .values({
      id,
      title: `キャンペーン ${id.slice(-6)}`,
      body: "本文です。",
      conditions: "",
      image_key: null,
      starts_at: toDbTime(new Date(Date.now() - HOUR)),
      ends_at: toDbTime(new Date(Date.now() + 24 * HOUR)),
      capacity: null,
      active: 0,
      created_by: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

/** A free gacha, open now, whose one reward is nothing. */
describe("the member area's 404", () => {
  it("answers a hidden campaign, its complete page and an unknown campaign", async () => {
    const member = await createUser(t.db);
    const hidden = await hiddenCampaign();
    for (const path of [
      `/users/campaigns/${hidden}`,
      `/users/campaigns/${hidden}/complete`,
      `/users/campaigns/${newId()}`,
    ]) {
      expect(errorIn(await routes.get(path, { as: member })), path).toEqual([
        404,
        404,
        MEMBER_AREA,
      ]);
    }
  });

  it("answers another member's draw result, and a gacha that is not there", async () => {
    const gachaId = await publishedGacha(t.db, [{ name: "ハズレ", kind: "none" }]);
    const drawer = await createUser(t.db);
    const drawn = await routes.post(
      `/users/gachas/${gachaId}/draw`,
      { requestKey: crypto.randomUUID() },
      { as: drawer },
    );
    expect(drawn.status).toBe(302);
    const result = drawn.location!;
    expect(result).toMatch(new RegExp(`^/users/gachas/${gachaId}/draw\\?result=\\w+$`));
    // The one who drew sees it; anyone else is told it is not there.
    expect((await routes.get(result, { as: drawer })).status).toBe(200);
    const other = await createUser(t.db);
    expect(errorIn(await routes.get(result, { as: other }))).toEqual([404, 404, MEMBER_AREA]);
    expect(errorIn(await routes.get("/users/gachas/not-an-id", { as: other }))).toEqual([
      404,
      404,
      MEMBER_AREA,
    ]);
  });
});
