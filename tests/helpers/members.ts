import type { Db } from "#db";

/** How many open member accounts there are: the members a version asking for consent stops. */
export async function openMembers(db: Db): Promise<number> {
  const row = await db.kysely
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("permission", "=", "member")
    .where("closed_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
