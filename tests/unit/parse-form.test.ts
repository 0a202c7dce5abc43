import { describe, expect, it } from "vitest";
import { z } from "zod";
import { TRPCError } from "@trpc/server";
import { parseForm, submitForm } from "#app/lib/forms.server";
import { amount, text } from "#domain/fields";

/** The one reader of a form: the procedure's schema judges it, the answer keeps the UI's shape. */

const schema = z.object({
  amount,
  note: text(10),
  payee: z.object({ bankCode: z.string().regex(/^\d{4}$/, "bankCodeInvalid") }),
});

function post(fields: Record<string, string>) {
  return new Request("http://portal.test/form", {
    method: "POST",
    body: new URLSearchParams(fields),
  });
}

async function refusal(request: Request) {
  const parsed = await parseForm(request, schema);
  if (parsed.ok) throw new Error("expected the form to be refused");
  return { status: parsed.response.status, body: await parsed.response.json() };
}

describe("parseForm", () => {
  it("gives the schema's typed value: amounts coerced from what was typed, text trimmed", async () => {
    const parsed = await parseForm(
      post({ amount: "10,000", note: " hi ", "payee.bankCode": "0001" }),
      schema,
    );
    expect(parsed).toMatchObject({
      ok: true,
      value: { amount: 10_000, note: "hi", payee: { bankCode: "0001" } },
      values: { amount: "10,000", note: " hi ", "payee.bankCode": "0001" },
    });
  });

  it("refuses with one message per field, nested fields by their path, the input echoed", async () => {
    const typed = { amount: "12.5", note: "", "payee.bankCode": "1", password: "secret" };
    const { status, body } = await refusal(post(typed));
    expect(status).toBe(400);
    expect(body).toMatchObject({
      ok: false,
      error: {
        key: null,
        params: null,
        fieldErrors: {
          amount: "amountInvalid",
          note: "required",
          "payee.bankCode": "bankCodeInvalid",
        },
      },
      // A password is never sent back.
      values: { amount: "12.5", note: "", "payee.bankCode": "1" },
    });
    expect(Object.keys(body)).toEqual(["ok", "error", "values"]);
  });

  it("answers in conform's protocol too: the reply its useForm takes as `lastResult`", async () => {
    const typed = { amount: "12.5", note: "", "payee.bankCode": "1", password: "secret" };
    const { body } = await refusal(post(typed));
    expect(body.error.lastResult).toEqual({
      status: "error",
      // The fields as typed (conform's nesting, an empty one left out), never the password.
      initialValue: { amount: "12.5", payee: { bankCode: "1" } },
      error: {
        amount: ["amountInvalid"],
        note: ["required"],
        "payee.bankCode": ["bankCodeInvalid"],
      },
      // Every field sent counts as checked, as after conform's own check in the browser.
      fields: ["amount", "note", "payee.bankCode"],
    });
  });

  it("gives a row's error and the form's own message their conform names", async () => {
    const rows = z
      .object({ prizes: z.array(z.object({ rank: z.string().min(2, "battleRank") })) })
      .refine((v) => v.prizes.length > 1, { message: "battlePrizes" });
    const parsed = await parseForm(post({ "prizes[0].rank": "12", "prizes[1].rank": "1" }), rows);
    if (parsed.ok) throw new Error("expected a refusal");
    const { error } = await parsed.response.json();
    expect(error.fieldErrors).toEqual({ "prizes.1.rank": "battleRank" });
    expect(error.lastResult.error).toEqual({ "prizes[1].rank": ["battleRank"] });
    const whole = await parseForm(post({ "prizes[0].rank": "12" }), rows);
    if (whole.ok) throw new Error("expected a refusal");
    const answer = (await whole.response.json()).error;
    expect(answer.fieldErrors).toEqual({ form: "battlePrizes" });
    expect(answer.lastResult.error).toEqual({ "": ["battlePrizes"] });
  });

  it("a missing field is required; a rule over the whole form is the form's own error", async () => {
    const whole = z
      .object({ amount })
      .refine((v) => v.amount % 2 === 0, { message: "amountInvalid" });
    const missing = await parseForm(post({}), whole);
    expect(missing.ok || (await missing.response.json()).error.fieldErrors).toEqual({
      amount: "required",
    });
    const odd = await parseForm(post({ amount: "3" }), whole);
    expect(odd.ok || (await odd.response.json()).error.fieldErrors).toEqual({
      form: "amountInvalid",
    });
  });

  it("takes the schema the form names (a page with several forms)", async () => {
    const byIntent = (form: FormData) =>
      form.get("intent") === "note" ? z.object({ note: text(3) }) : z.object({ amount });
    const parsed = await parseForm(post({ intent: "note", note: "toolong" }), byIntent);
    expect(parsed.ok || (await parsed.response.json()).error.fieldErrors).toEqual({
      note: "tooLong",
    });
  });

  it("a body that is not a form is the sender's 400", async () => {
    const broken = new Request("http://portal.test/form", {
      method: "POST",
      body: "--x\r\nnot a part",
      headers: { "Content-Type": "multipart/form-data; boundary=missing" },
    });
    await expect(parseForm(broken, schema)).rejects.toMatchObject({ status: 400 });
  });

  it("names a row's error by its path with dots, as the forms look it up", async () => {
    const rows = z.object({ prizes: z.array(z.object({ rank: z.string().min(2, "battleRank") })) });
    const parsed = await parseForm(post({ "prizes[0].rank": "1" }), rows);
    expect(parsed.ok || (await parsed.response.json()).error.fieldErrors).toEqual({
      "prizes.0.rank": "battleRank",
    });
  });

  it("gives the fields as the schema's input, for a procedure that converts them itself", async () => {
    const parsed = await parseForm(
      post({ amount: "1,000", note: "hi", "payee.bankCode": "0001" }),
      schema,
    );
    expect(parsed.ok && parsed.input).toEqual({
      amount: "1,000",
      note: "hi",
      payee: { bankCode: "0001" },
    });
  });

  it("reads a form not named as its input through `shape`, and echoes what `echo` says", async () => {
    const rows = z.object({
      prizes: z.array(z.object({ rank: z.coerce.number({ error: "battleRank" }) })).min(1),
    });
    const body = new URLSearchParams([
      ["prizeRank", "1"],
      ["prizeRank", "x"],
    ]);
    const reading = {
      shape: (form: FormData) => ({
        prizes: form.getAll("prizeRank").map((rank) => ({ rank: String(rank) })),
      }),
      echo: (form: FormData) => ({ prizes: JSON.stringify(form.getAll("prizeRank")) }),
    };
    const request = new Request("http://portal.test/form", { method: "POST", body });
    const parsed = await parseForm(request, rows, reading);
    if (parsed.ok) throw new Error("expected the form to be refused");
    expect(await parsed.response.json()).toMatchObject({
      error: { fieldErrors: { "prizes.1.rank": "battleRank" } },
      values: { prizes: '["1","x"]' },
    });
  });

  it("reads a multipart form with files, and refuses a file over the limit as the form's error", async () => {
    const multipart = (bytes: number) => {
      const form = new FormData();
      form.append("note", "hi");
      form.append("image", new File([new Uint8Array(bytes)], "a.png", { type: "image/png" }));
      return new Request("http://portal.test/form", { method: "POST", body: form });
    };
    const noteOnly = z.object({ note: text(10) });
    const reading = { files: { maxBytes: 100, tooLargeKey: "imageTooLarge" } };
    const fits = await parseForm(multipart(10), noteOnly, reading);
    expect(fits.ok && fits.value).toEqual({ note: "hi" });
    expect(fits.ok && (fits.form.get("image") as File).size).toBe(10);
    const tooLarge = await parseForm(multipart(1000), noteOnly, reading);
    if (tooLarge.ok) throw new Error("expected the upload to be refused");
    expect(await tooLarge.response.json()).toMatchObject({
      error: { key: "imageTooLarge", fieldErrors: {} },
    });
  });
});

describe("submitForm: the one server entry of a form", () => {
  const noteOnly = z.object({ note: text(10) });
  const form = (note: string) => {
    const data = new FormData();
    data.set("note", note);
    return data;
  };
  const log = {
    errors: [] as object[],
    error(obj: object) {
      this.errors.push(obj);
    },
  };

  it("parses the request or a form already read the same way, and runs the procedure", async () => {
    const fromRequest = await submitForm(post({ note: " a " }), noteOnly, async (v) => v.note);
    const fromForm = await submitForm(form(" a "), noteOnly, async (v) => v.note);
    expect(fromRequest).toMatchObject({ ok: true, data: "a", values: { note: " a " } });
    expect(fromForm).toMatchObject({ ok: true, data: "a", values: { note: " a " } });
  });

  it("does not run the procedure for a refused form", async () => {
    let ran = false;
    const refused = await submitForm(form(""), noteOnly, async () => (ran = true));
    expect(ran).toBe(false);
    if (refused.ok) throw new Error("expected a refusal");
    expect(refused.response.status).toBe(400);
    expect((await refused.response.json()).error.fieldErrors).toEqual({ note: "required" });
  });

  it("answers the procedure's refusal with the values to type back in", async () => {
    const refused = await submitForm(form("a"), noteOnly, async () => {
      throw Object.assign(new TRPCError({ code: "BAD_REQUEST", message: "insufficientBalance" }), {
        key: "insufficientBalance",
      });
    });
    if (refused.ok) throw new Error("expected a refusal");
    expect(refused.response.status).toBe(400);
    const answer = await refused.response.json();
    expect(answer).toMatchObject({
      error: { key: "insufficientBalance" },
      values: { note: "a" },
    });
    // conform's record of it: the form's own message, the field as typed and checked.
    expect(answer.error.lastResult).toMatchObject({
      status: "error",
      error: { "": ["insufficientBalance"] },
      initialValue: { note: "a" },
      fields: ["note"],
    });
  });

  it("lets a real failure through, unless the form is a money form", async () => {
    const broken = async () => {
      throw new Error("database went away");
    };
    await expect(submitForm(form("a"), noteOnly, broken)).rejects.toThrow("database went away");
    const kept = await submitForm(form("a"), noteOnly, broken, {
      money: { log, recorded: async () => true },
    });
    if (kept.ok) throw new Error("expected the failure's answer");
    expect(kept.response.status).toBe(200);
    expect((await kept.response.json()).error.key).toBe("submitRecorded");
    const unknown = await submitForm(form("a"), noteOnly, broken, { money: { log } });
    if (unknown.ok) throw new Error("expected the failure's answer");
    expect(unknown.response.status).toBe(503);
    expect(await unknown.response.json()).toMatchObject({
      error: { key: "submitUnsure" },
      values: { note: "a" },
    });
    expect(log.errors).toHaveLength(2);
  });
});
