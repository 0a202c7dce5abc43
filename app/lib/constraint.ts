import { getZodConstraint } from "@conform-to/zod/v4";
import type { $ZodType } from "zod/v4/core";

/** The HTML limits of one field, as the route's schema states them. */
export interface FieldLimits {
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  min?: number;
  max?: number;
}

/** A form's limits by field name (`goals[2].title` finds the list's `goals[].title`). */
export type Limits = (name: string) => FieldLimits;

type Constraint = ReturnType<typeof getZodConstraint>;
const cache = new WeakMap<$ZodType, { constraint: Constraint | undefined; limits: Limits }>();

/**
 * conform's constraint of the schema (getZodConstraint, with the limits zod 4.6 folds filled
 * in), for useForm's `constraint`; undefined for a schema conform cannot read.
 */
export function schemaConstraint(schema: $ZodType): Constraint | undefined {
  return read(schema).constraint;
}

/**
 * The limits the browser puts on a form's fields, read from the schema the action parses the
 * form with (conform's getZodConstraint), so a limit is written once, in the schema:
 * - `maxLength`/`minLength` of a text, `min`/`max` of a number;
 * - `required` only where the schema asks for at least one character: a field the schema takes
 *   blank as "none" (an optional text, a checkbox, a default) is not marked, though conform
 *   calls every field not wrapped in optional required.
 * A schema conform cannot read (not an object at its root) gives no limits.
 */
export function schemaLimits(schema: $ZodType): Limits {
  return read(schema).limits;
}

function read(schema: $ZodType) {
  const known = cache.get(schema);
  if (known) return known;
  let constraint: Constraint | undefined;
  try {
    fillBags(schema, new WeakSet());
    constraint = getZodConstraint(formPart(schema));
  } catch {
    constraint = undefined;
  }
  const limits: Limits = (name) => {
    const c = constraint?.[name];
    if (!c) return {};
    const out: FieldLimits = {};
    const minLength = numeric(c.minLength);
    if (minLength !== undefined && minLength >= 1) {
      out.minLength = minLength;
      if (c.required) out.required = true;
    }
    const maxLength = numeric(c.maxLength);
    if (maxLength !== undefined) out.maxLength = maxLength;
    const min = numeric(c.min);
    const max = numeric(c.max);
    if (min !== undefined && Number.isSafeInteger(min) && min > Number.MIN_SAFE_INTEGER)
      out.min = min;
    if (max !== undefined && Number.isSafeInteger(max) && max < Number.MAX_SAFE_INTEGER)
      out.max = max;
    return out;
  };
  const entry = { constraint, limits };
  cache.set(schema, entry);
  return entry;
}

/**
 * The part of a schema the form's fields are: a schema ending in a transform (the marathon's
 * blank rows dropped) is read before it, which conform 1.21 cannot do at the root itself.
 */
function formPart(schema: $ZodType): $ZodType {
  let part = schema as unknown as Node;
  while (
    part._zod.def.type === "pipe" &&
    (part._zod.def.out as Node)._zod.def.type === "transform"
  ) {
    part = part._zod.def.in as Node;
  }
  return part as unknown as $ZodType;
}

function numeric(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}

interface Node {
  _zod: { def: Record<string, unknown> & { type: string }; bag: Record<string, unknown> };
  minLength?: number | null;
  maxLength?: number | null;
  minValue?: number | null;
  maxValue?: number | null;
}

/**
 * zod 4.6 no longer writes a check's limit into the schema's `bag`, where getZodConstraint
 * (conform 1.21) reads it; zod folds the checks on demand instead (its `minLength`/`maxLength`
 * and `minValue`/`maxValue` getters). This writes the folded limits back into each string's and
 * number's bag: the same values zod merges with its own fold, so parsing is unchanged.
 */
function fillBags(schema: unknown, seen: WeakSet<object>) {
  const node = schema as Node | undefined;
  if (!node?._zod || seen.has(node)) return;
  seen.add(node);
  const def = node._zod.def;
  const bag = node._zod.bag;
  if (def.type === "string") {
    if (bag.minimum === undefined && typeof node.minLength === "number")
      bag.minimum = node.minLength;
    if (bag.maximum === undefined && typeof node.maxLength === "number")
      bag.maximum = node.maxLength;
  } else if (def.type === "number") {
    if (bag.minimum === undefined && typeof node.minValue === "number") bag.minimum = node.minValue;
    if (bag.maximum === undefined && typeof node.maxValue === "number") bag.maximum = node.maxValue;
  }
  const inner = (key: string) => fillBags(def[key], seen);
  if (def.type === "object") {
    for (const child of Object.values(def.shape as Record<string, unknown>)) fillBags(child, seen);
  } else if (def.type === "pipe") {
    inner("in");
    inner("out");
  } else if (def.type === "union") {
    for (const option of def.options as unknown[]) fillBags(option, seen);
  } else if (def.type === "intersection") {
    inner("left");
    inner("right");
  } else if (def.type === "array") {
    inner("element");
  } else if (def.type === "tuple") {
    for (const item of def.items as unknown[]) fillBags(item, seen);
  } else if (def.type === "lazy") {
    fillBags((def.getter as () => unknown)(), seen);
  } else if ("innerType" in def) {
    inner("innerType");
  }
}
