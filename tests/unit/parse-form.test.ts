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
});
