import type { AppLoadContext, LoaderFunctionArgs } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { loader as marathonAxi } from "#app/routes/users+/cb_marathon+/axi";
import { loader as marathonGeneral } from "#app/routes/users+/cb_marathon+/_index";
import { loader as gachaLogs } from "#app/routes/users+/gacha_logs";
import { loader as gachas } from "#app/routes/users+/gachas+/_index";
import { notFound } from "#server/errors";

/**
 * A member page of a feature the operator switched off (FEATURES=cashbackMarathon=off) is the
 * area's "not found" page, not an error: its procedure answers NOT_FOUND and the loader turns
 * that into a 404 response the member area's error boundary shows inside its shell.
 */
const off = () => {
  throw notFound();
};
const context = {
  trpc: { marathon: { progress: off }, gachas: { list: off, myLogs: off } },
} as unknown as AppLoadContext;

describe("member pages of a switched-off feature", () => {
  it.each([
    ["/users/cb_marathon", marathonGeneral],
    ["/users/cb_marathon/axi", marathonAxi],
    ["/users/gachas", gachas],
    ["/users/gacha_logs", gachaLogs],
  ])("%s answers 404", async (url, loader) => {
    const args = { request: new Request(`http://x${url}`), context, params: {} };
    const thrown = await (loader as (a: LoaderFunctionArgs) => Promise<unknown>)(args).then(
      () => null,
      (error: unknown) => error,
    );
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(404);
  });
});
