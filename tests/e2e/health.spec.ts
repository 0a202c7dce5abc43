import { VERSION } from "../../server/version";
import { expect, test } from "./fixtures";

test.describe("health endpoints", () => {
  test("liveness and readiness answer 200", async ({ request }) => {
    const live = await request.get("/healthz");
    expect(live.status()).toBe(200);
    expect(await live.json()).toEqual({ status: "ok", version: VERSION });

    const ready = await request.get("/readyz");
    expect(ready.status()).toBe(200);
    expect(await ready.json()).toMatchObject({ status: "ready", database: "sqlite" });
  });
});
