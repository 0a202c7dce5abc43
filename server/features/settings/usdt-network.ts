import type { Kysely } from "kysely";
import { newId } from "#db/id";
import type { Database, UsdtNetwork } from "#db/schema";
import { notify } from "../../notify/outbox";

/**
 * Switching the USDT payout network. Saved addresses keep the network they were
 * checked for (payment_details.usdt_network); an address whose network is not the setting's is
 * "stale": kept and shown marked, but no withdrawal goes to it. So a switch deletes nothing, and
 * switching back makes the old network's addresses usable again by itself.
 */

/** How many saved addresses a switch to `network` leaves on the other network. */
export async function addressesStaleUnder(
  db: Kysely<Database>,
  network: UsdtNetwork,
): Promise<number> {
  const row = await db
    .selectFrom("payment_details")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("usdt_address", "is not", null)
    .where("usdt_network", "is not", null)
    .where("usdt_network", "<>", network)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Inside the settings change's transaction: tells each member whose address the switch makes
 * stale (LINE and mail, as their preferences allow), once per switch. Returns how many
 * addresses became stale and how many became usable again.
 */
export async function announceNetworkChange(
  trx: Kysely<Database>,
  from: UsdtNetwork,
  to: UsdtNetwork,
): Promise<{ invalidated: number; revalidated: number; changeId: string }> {
  const changeId = newId();
  const affected = await trx
    .selectFrom("payment_details")
    .select("user_id")
    .where("usdt_address", "is not", null)
    .where("usdt_network", "=", from)
    .execute();
  for (const { user_id } of affected) {
    await notify(trx, {
      userId: user_id,
      kind: "usdt_network_changed",
      payload: { from, to },
      dedupeKey: `usdt-network:${changeId}:${user_id}`,
    });
  }
  const revalidated = await trx
    .selectFrom("payment_details")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("usdt_address", "is not", null)
    .where("usdt_network", "=", to)
    .executeTakeFirst();
  return { invalidated: affected.length, revalidated: Number(revalidated?.n ?? 0), changeId };
}
