import { describe, expect, it } from "vitest";
import { z } from "zod";
import { schemaLimits } from "#app/lib/constraint";
import { amount, checkbox, text } from "#domain/fields";
import { campaignInput } from "#domain/campaign";
import { marathonForm } from "#domain/marathon";
import { transferInput } from "#domain/withdrawal";

/** The browser's field limits come from the schema the action parses the form with. */
describe("schemaLimits", () => {
  const schema = z.object({
    title: text(100),
    note: z.string().trim().max(200, "tooLong").optional(),
    blankIsNone: z.string().max(300).default(""),
    count: z.number().int().min(1).max(9),
    agree: checkbox,
    total: amount,
  });
  const limits = schemaLimits(schema);

  it("gives a text's length and marks it required only when it needs a character", () => {
    expect(limits("title")).toEqual({ required: true, minLength: 1, maxLength: 100 });
    expect(limits("note")).toEqual({ maxLength: 200 });
    expect(limits("blankIsNone")).toEqual({ maxLength: 300 });
  });

  it("gives a number's range, and nothing for a checkbox", () => {
    expect(limits("count")).toEqual({ min: 1, max: 9 });
    expect(limits("agree")).toEqual({});
    expect(limits("unknown")).toEqual({});
  });

  it("reads the limits zod 4.6 no longer keeps where conform looks (the forms' real schemas)", () => {
    expect(schemaLimits(campaignInput)("title")).toMatchObject({ maxLength: 200, required: true });
    expect(schemaLimits(campaignInput)("conditionsEn")).toEqual({ maxLength: 5000 });
    expect(schemaLimits(transferInput)("message")).toEqual({ maxLength: 200 });
  });

  it("finds a list row's field, in a schema that ends in a transform", () => {
    const marathon = schemaLimits(marathonForm("01hx"));
    expect(marathon("title")).toMatchObject({ maxLength: 100 });
    expect(marathon("goals[3].modalText")).toMatchObject({ maxLength: 2000, required: true });
    expect(marathon("goals[0].modalTextEn")).toEqual({ maxLength: 2000 });
  });

  it("gives no limits for a schema conform cannot read, rather than failing the page", () => {
    expect(schemaLimits(z.string().max(3))("anything")).toEqual({});
  });
});
