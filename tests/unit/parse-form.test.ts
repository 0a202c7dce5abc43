import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseForm } from "../../app/lib/forms.server";
import { amount, text } from "../../server/domain/fields";

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
    expect(await refusal(post(typed))).toEqual({
      status: 400,
      body: {
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
      },
    });
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
