import { beforeAll, describe, expect, it } from "vitest";
import { createCallerFactory } from "#server/trpc/init";
import { appRouter } from "#server/trpc/router";
import { testEngine } from "../helpers/db";
import { fileDatabase } from "../helpers/file-db";
import { createUser, makeContext } from "../helpers/fixtures";

/**
 * Bad input is the sender's mistake, never the server's: every procedure, found by walking the
 * router, is called as each person who may call it with odd values (wrong types, empty, too
 * long, negative, huge, control characters, path tricks), at the top level and in every field
 * of its input. Any answer is fine except an internal error (a 500 over HTTP, and a stack trace
 * in the log).
 */

interface ProcedureLike {
  _def: { type?: string; meta?: { role?: unknown }; inputs?: unknown[] };
}
type Who = "anonymous" | "member" | "admin";
const ALLOWED: Record<string, Who[]> = {
  public: ["anonymous", "member", "admin"],
  member: ["member"],
  admin: ["admin"],
  user: ["member", "admin"],
};

const LONG = "a".repeat(65);
const ODD: unknown[] = [
  undefined,
  null,
  "",
  "x",
  LONG,
  "x".repeat(5000),
  "../../etc/passwd",
  'a=b; filename="c"',
  "\u0000",
  "２０２６",
  0,
  -1,
  1.5,
  1e308,
  Number.MAX_SAFE_INTEGER + 2,
  true,
  [],
  ["x"],
  {},
  { toString: "x" },
  "2026-13-45",
  "9999-12-31T23:59",
];

/** The field names of an object schema (zod 4), so each field can be given each odd value. */
function fieldsOf(schema: unknown): string[] {
  const def = (schema as { def?: { type?: string; shape?: Record<string, unknown> } })?.def;
  if (def?.type === "object" && def.shape) return Object.keys(def.shape);
  return [];
}

function inputsFor(procedure: ProcedureLike): unknown[] {
  const fields = (procedure._def.inputs ?? []).flatMap(fieldsOf);
  const inputs: unknown[] = [...ODD];
  if (fields.length) {
    for (const value of ODD) inputs.push(Object.fromEntries(fields.map((f) => [f, value])));
  }
  return inputs;
}

function resolve(caller: unknown, path: string): (input: unknown) => Promise<unknown> {
  let target = caller as Record<string, unknown>;
  for (const part of path.split(".")) target = target[part] as Record<string, unknown>;
  return target as unknown as (input: unknown) => Promise<unknown>;
}

function describeInput(input: unknown): string {
  const text = JSON.stringify(input) ?? String(input);
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}

const t = fileDatabase();
const ids: Partial<Record<Who, string>> = {};
beforeAll(async () => {
  ids.member = (await createUser(t.db)).id;
  ids.admin = (await createUser(t.db, { permission: "admin" })).id;
});

describe(`odd input on ${testEngine}`, () => {
  it(
    "no procedure answers an internal error, whoever calls it with whatever input",
    { timeout: 300_000 },
    async () => {
      const factory = createCallerFactory(appRouter);
      const procedures = Object.entries(
        (appRouter as unknown as { _def: { procedures: Record<string, ProcedureLike> } })._def
          .procedures,
      );
      expect(procedures.length).toBeGreaterThan(100);
      const failures: string[] = [];
      let calls = 0;
      for (const who of ["anonymous", "member", "admin"] as const) {
        for (const [path, procedure] of procedures) {
          const role = String(procedure._def.meta?.role);
          if (!ALLOWED[role]?.includes(who)) continue;
          // A fresh session per procedure: one that ends a session (logout) spoils no other.
          const caller = factory(await makeContext(t.db, ids[who]));
          for (const input of inputsFor(procedure)) {
            calls++;
            try {
              await resolve(caller, path)(input);
            } catch (error) {
              const code = (error as { code?: unknown }).code;
              if (code === "INTERNAL_SERVER_ERROR" || typeof code !== "string") {
                const cause = (error as { cause?: unknown }).cause ?? error;
                failures.push(
                  `${path} as ${who} with ${describeInput(input)}: ${String(code)} ${String(cause).slice(0, 160)}`,
                );
              }
            }
          }
        }
      }
      expect(calls).toBeGreaterThan(1000);
      expect(failures).toEqual([]);
    },
  );
});
