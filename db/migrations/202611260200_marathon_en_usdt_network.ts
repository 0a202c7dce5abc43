import { sql } from "kysely";
import type { MigrationDb } from "./support";

export async function up(db: MigrationDb): Promise<void> {
  // Marathon texts in English (optional): English members see them when written, Japanese
  // otherwise. A reached goal copies its texts, as it already copies the Japanese one.
  await db.schema.alterTable("cb_marathons").addColumn("title_en", "varchar(100)").execute();
  await db.schema
    .alterTable("cb_marathon_goals")
    .addColumn("modal_text_en", "varchar(2000)")
    .execute();
  await db.schema.alterTable("marathons").addColumn("modal_text_en", "varchar(2000)").execute();
  // The USDT network a saved address is for (decision 023): when the admin switches networks,
  // the addresses of the old one are kept, marked by this column differing from the setting.
  await db.schema.alterTable("payment_details").addColumn("usdt_network", "varchar(8)").execute();
  // Existing addresses were checked against the network of their day; their shape tells which.
  await db
    .updateTable("payment_details")
    .set({
      usdt_network: sql`case when usdt_address like 'T%' then 'TRC20' when usdt_address like '0x%' then 'ERC20' end`,
    })
    .where("usdt_address", "is not", null)
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable("payment_details").dropColumn("usdt_network").execute();
  await db.schema.alterTable("marathons").dropColumn("modal_text_en").execute();
  await db.schema.alterTable("cb_marathon_goals").dropColumn("modal_text_en").execute();
  await db.schema.alterTable("cb_marathons").dropColumn("title_en").execute();
}
