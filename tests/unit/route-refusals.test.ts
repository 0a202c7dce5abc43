import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { answerRefusals, readForm } from "#app/lib/refusals.server";
import { routeEntries } from "../helpers/route-tree";

/** A procedure's refusal as the caller meets it: a TRPCError by shape. */
function refusal(code: string, message = code, extra: object = {}) {
  return Object.assign(new Error(message), { name: "TRPCError", code, ...extra });
}

const args = (url = "http://portal.test/users/ea/x", method = "GET") => ({
  request: new Request(url, { method }),
  context: { sessionEnded: null },
});

async function thrown(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error("nothing was thrown");
}

describe("answerRefusals", () => {
  it("answers a refusal with its status, an id not shaped like one with 404", async () => {
    const notFound = await thrown(() =>
      answerRefusals(() => Promise.reject(refusal("NOT_FOUND")))(args()),
    );
    expect((notFound as Response).status).toBe(404);
    const badId = refusal("BAD_REQUEST", "bad", { cause: { issues: [{ message: "notFound" }] } });
    expect(
      ((await thrown(() => answerRefusals(() => Promise.reject(badId))(args()))) as Response)
        .status,
    ).toBe(404);
    const limit = await thrown(() =>
      answerRefusals(() => Promise.reject(refusal("TOO_MANY_REQUESTS")))(args()),
    );
    expect((limit as Response).status).toBe(429);
  });

  it("answers a role refusal as the area's guard: to login, back to the page after", async () => {
    const run = answerRefusals(() => Promise.reject(refusal("UNAUTHORIZED", "loginRequired")));
    const answer = (await thrown(() =>
      run({ ...args("http://portal.test/users/campaigns/1"), context: { sessionEnded: "idle" } }),
    )) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe(
      "/login?ended=idle&redirect=%2Fusers%2Fcampaigns%2F1",
    );
  });

  it("leaves real failures, and the route's own responses, as they are", async () => {
    const failure = refusal("INTERNAL_SERVER_ERROR");
    expect(await thrown(() => answerRefusals(() => Promise.reject(failure))(args()))).toBe(failure);
    const plain = new Error("disk full");
    expect(await thrown(() => answerRefusals(() => Promise.reject(plain))(args()))).toBe(plain);
    const redirect = new Response(null, { status: 302, headers: { Location: "/x" } });
    expect(await thrown(() => answerRefusals(() => Promise.reject(redirect))(args()))).toBe(
      redirect,
    );
    expect(await answerRefusals(() => "page")(args())).toBe("page");
  });
});

describe("readForm", () => {
  it("reads a form, and answers a body no browser sends with 400", async () => {
    const ok = new Request("http://portal.test/", {
      method: "POST",
      body: new URLSearchParams({ a: "1" }),
    });
    expect((await readForm(ok)).get("a")).toBe("1");
    const broken = new Request("http://portal.test/", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=nothere" },
      body: "--elsewhere\r\ncut short",
    });
    expect(((await thrown(() => readForm(broken))) as Response).status).toBe(400);
  });
});

describe("every route", () => {
  it("says in its own file how its loader and action answer refusals", () => {
    const unwrapped: string[] = [];
    for (const { file } of routeEntries()) {
      const source = readFileSync(file, "utf8");
      for (const name of ["loader", "action"]) {
        if (new RegExp(`^export (async )?function ${name}\\b`, "m").test(source))
          unwrapped.push(`${file}: ${name}`);
        const declared = new RegExp(`^export const ${name} = (.*)$`, "m").exec(source);
        // Marked pure, so the browser build drops the handler and its server-only imports.
        if (declared && !declared[1]!.startsWith("/* @__PURE__ */ answerRefusals("))
          unwrapped.push(`${file}: ${name}`);
        // A handler made by a call (a .server factory) is marked pure too: the browser build
        // keeps an unmarked call, to a function its .server module does not have there.
        const made = new RegExp(
          `^export const ${name} = /\\* @__PURE__ \\*/ answerRefusals\\(\\s*([\\w$.]+)\\(`,
          "m",
        ).exec(source);
        if (made) unwrapped.push(`${file}: ${name} made by ${made[1]}() not marked pure`);
        if (/\brequest\.formData\(\)/.test(source)) unwrapped.push(`${file}: request.formData()`);
      }
    }
    expect(unwrapped).toEqual([]);
  });
});
