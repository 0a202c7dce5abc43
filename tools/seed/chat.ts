import type { Db } from "#db";
import { newId } from "#db/id";
import { fromDbTime, toDbTime } from "#db/time";
import { existingId, tokyoMomentAgo } from "./support";

/**
 * Support conversations over the demo's months: the questions members ask (approval, fees, a
 * campaign entry) and support's answers a few hours later, each at its own moment, all read on
 * both sides. Written as rows (no notification is sent for a past message); a member who already
 * has a thread is left as it is.
 */
type Line = { from: "member" | "admin"; days: number; hour: number; minute: number; body: string };

export const DEMO_CHATS: { who: "member" | "friend"; lines: Line[] }[] = [
  {
    who: "member",
    lines: [
      {
        from: "member",
        days: 180,
        hour: 21,
        minute: 42,
        body: "XMの口座を登録しました。承認までどれくらいかかりますか？",
      },
      {
        from: "admin",
        days: 179,
        hour: 10,
        minute: 15,
        body: "ご登録ありがとうございます。通常1〜2営業日で承認いたします。承認されましたらメールでお知らせします。",
      },
      {
        from: "member",
        days: 96,
        hour: 12,
        minute: 8,
        body: "銀行への出金手数料はいくらですか？",
      },
      {
        from: "admin",
        days: 96,
        hour: 15,
        minute: 30,
        body: "出金方法ごとの手数料は出金画面とヘルプセンターの「出金手数料はかかりますか？」でご確認いただけます。ご不明な点があればお知らせください。",
      },
      {
        from: "member",
        days: 96,
        hour: 15,
        minute: 52,
        body: "確認できました。ありがとうございます！",
      },
      {
        from: "member",
        days: 6,
        hour: 22,
        minute: 3,
        body: "口座開設キャンペーンにエントリーしました。反映されていますか？",
      },
      {
        from: "admin",
        days: 5,
        hour: 9,
        minute: 48,
        body: "エントリーを確認しました。上乗せ分は翌月のキャッシュバックと一緒にお支払いします。",
      },
    ],
  },
  {
    who: "friend",
    lines: [
      {
        from: "member",
        days: 61,
        hour: 19,
        minute: 20,
        body: "Axiの口座を追加したいのですが、IBの変更が必要ですか？",
      },
      {
        from: "admin",
        days: 60,
        hour: 11,
        minute: 2,
        body: "既存の口座はIBの変更が必要です。手順はヘルプセンターの「既存の口座のIBを変更するには？」をご覧ください。",
      },
    ],
  },
];

export async function seedChats(
  db: Db,
  people: { adminId: string; memberId: string; friendId: string },
) {
  const now = Date.now();
  for (const chat of DEMO_CHATS) {
    const userId = chat.who === "member" ? people.memberId : people.friendId;
    if (await existingId(db, "chat_threads", { user_id: userId })) continue;
    const rows = chat.lines.map((line) => {
      const at = tokyoMomentAgo(line.days, line.hour, line.minute, now).getTime();
      return {
        id: newId(at),
        thread_id: "",
        sender_role: line.from,
        sender_id: line.from === "admin" ? people.adminId : userId,
        body: line.body,
        image_key: null,
        created_at: toDbTime(new Date(at)),
      };
    });
    const first = rows[0]!;
    const last = rows.at(-1)!;
    const threadId = newId(fromDbTime(first.created_at).getTime());
    await db.kysely.transaction().execute(async (trx) => {
      await trx
        .insertInto("chat_threads")
        .values({
          id: threadId,
          user_id: userId,
          created_at: first.created_at,
          updated_at: last.created_at,
          last_message_at: last.created_at,
          member_read_upto: last.id,
          admin_read_upto: last.id,
        })
        .execute();
      await trx
        .insertInto("chat_messages")
        .values(rows.map((r) => ({ ...r, thread_id: threadId })))
        .execute();
    });
  }
}
