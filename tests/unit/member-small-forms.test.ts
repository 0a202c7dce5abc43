import { describe, expect, it } from "vitest";
import type { $ZodType } from "zod/v4/core";
import { parseForm } from "#app/lib/forms.server";
import { drawForm } from "#app/routes/users+/gachas+/draw.server";
import { licenseRequestForm } from "#app/routes/users+/ea+/ea.server";
import { formErrorOf } from "#domain/refusal";
import { drawInput, useItemInput } from "#domain/gacha";
import { requestLicenseInput } from "#domain/ea";
import { setLanguageInput } from "#domain/language-choice";
import { withdrawalIdInput } from "#domain/withdrawal-id";

/**
 * The member pages' small forms (licence request, draw, item use, withdrawal cancel, language)
 * parse with their procedures' schemas: what the page answers a refused form is what the
 * procedure answered when the action passed the fields on by hand.
 */

const ID = "01hzzzzzzzzzzzzzzzzzzzzzzz";

function post(fields: Record<string, string>) {
  return new Request("http://portal.test/form", {
    method: "POST",
    body: new URLSearchParams(fields),
  });
}

async function fieldErrors(schema: $ZodType, fields: Record<string, string>) {
  const parsed = await parseForm(post(fields), schema);
  if (parsed.ok) throw new Error("expected the form to be refused");
  expect(parsed.response.status).toBe(400);
  return (await parsed.response.json()).error.fieldErrors;
}

/** The form error the procedure's input refusal became (tRPC puts the issues in `cause`). */
function procedureRefusal(schema: $ZodType, input: unknown) {
  const result = schema["~standard"].validate(input) as { issues?: unknown[] };
  return formErrorOf({ name: "TRPCError", code: "BAD_REQUEST", cause: { issues: result.issues } })
    ?.fieldErrors;
}

describe("the licence request's form", () => {
  it.each([[""], ["not-an-account"]])(
    "refuses account %j as the procedure did: choose an account",
    async (accountId) => {
      const errors = await fieldErrors(licenseRequestForm, { accountId });
      expect(errors).toEqual({ accountId: "eaAccountRequired" });
      expect(procedureRefusal(requestLicenseInput, { eaId: ID, accountId })).toEqual(errors);
    },
  );

  it("gives the chosen account", async () => {
    const parsed = await parseForm(post({ accountId: ID }), licenseRequestForm);
    expect(parsed.ok && parsed.value).toEqual({ accountId: ID });
  });
});

describe("the draw's form", () => {
  it("refuses a broken one-time key as the procedure did: the form has expired", async () => {
    const errors = await fieldErrors(drawForm, { requestKey: "no good" });
    expect(errors).toEqual({ requestKey: "requestKeyInvalid" });
    expect(procedureRefusal(drawInput, { gachaId: ID, requestKey: "no good" })).toEqual(errors);
  });
});

describe("the item use and withdrawal cancel forms", () => {
  it("an item that is not even an id is not found, as the procedure said", async () => {
    const errors = await fieldErrors(useItemInput, { intent: "use", id: "x" });
    expect(errors).toEqual({ id: "notFound" });
    expect(procedureRefusal(useItemInput, { id: "x" })).toEqual(errors);
  });

  it("a cancel gives the withdrawal's id on to the service", async () => {
    const parsed = await parseForm(post({ id: ID }), withdrawalIdInput);
    expect(parsed.ok && parsed.value).toEqual({ id: ID });
  });
});

describe("the language switch", () => {
  it("takes ja and en, and refuses another language on the field", async () => {
    const parsed = await parseForm(post({ language: "en" }), setLanguageInput);
    expect(parsed.ok && parsed.value).toEqual({ language: "en" });
    const errors = await fieldErrors(setLanguageInput, { language: "fr" });
    expect(Object.keys(errors)).toEqual(["language"]);
    expect(procedureRefusal(setLanguageInput, { language: "fr" })).toEqual(errors);
  });
});
