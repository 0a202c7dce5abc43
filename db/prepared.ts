import { type Compilable, type CompiledQuery, createQueryId, type Kysely } from "kysely";
import type { Database } from "./schema";

/** Where a call's value goes in a statement built once: the value at this position of the call. */
class Slot {
  constructor(readonly position: number) {}
}

/**
 * A statement whose SQL never changes, built and compiled once per database and then run with
 * each call's values. Building a query with Kysely costs more CPU than SQLite takes to answer
 * a small one, and a few statements (the session lookup) run on every page.
 *
 * `build` receives stand-ins for the call's values and must pass each one to Kysely as a value
 * (`where(col, "=", value)`, `.set({ col: value })`), never into `sql.lit` or an `in` list: the
 * first build checks that every stand-in became a bound parameter, and throws otherwise.
 */
export function prepared<Args extends readonly unknown[], Row>(
  arity: Args["length"],
  build: (kysely: Kysely<Database>, ...args: Args) => Compilable<Row>,
) {
  const compiled = new WeakMap<Kysely<Database>, CompiledQuery<Row>>();
  return async (kysely: Kysely<Database>, ...args: Args): Promise<Row[]> => {
    let statement = compiled.get(kysely);
    if (!statement) {
      const slots = Array.from({ length: arity }, (_, i) => new Slot(i));
      statement = build(kysely, ...(slots as unknown as Args)).compile();
      const parameters = statement.parameters;
      if (!slots.every((slot) => parameters.includes(slot)) || /\[object /.test(statement.sql)) {
        throw new Error("prepared: every value must reach the statement as a bound parameter");
      }
      compiled.set(kysely, statement);
    }
    const parameters = statement.parameters.map((p) => (p instanceof Slot ? args[p.position] : p));
    const run = { ...statement, parameters, queryId: createQueryId() };
    return (await kysely.executeQuery<Row>(run)).rows;
  };
}
