import type { Db } from "#db";
import { insertIgnore } from "#db/dialect";
import { newId } from "#db/id";
import type { LegalKind } from "#db/schema";
import { toDbTime } from "#db/time";
import { tokyoDay } from "#domain/tokyo";
import { existingId, tokyoMomentAgo } from "./support";

/**
 * Demo legal documents: a template of each, marked at the top (in both languages) as a
 * template the operator must rewrite before opening the service. Published as version 1 once;
 * an operator's own versions are never touched. The demo members have agreed to version 1 of
 * the terms and the privacy policy (what registration records), so the admin's customer page
 * shows their consent.
 */

const NOTE_JA =
  "> **ひな形です。** この文書はデモ用のひな形です。公開前に、運営会社の実際の内容に合わせて必ず書き換えてください（必要に応じて専門家にご確認ください）。";
const NOTE_EN =
  "> **Template.** This document is a demo template. Rewrite it for the operating company before the service opens (have a professional review it where needed).";

const TEMPLATES: Record<LegalKind, { ja: string; en: string }> = {
  terms: {
    ja: `${NOTE_JA}

## 第1条（適用）
本規約は、株式会社〇〇（以下「当社」）が提供するキャッシュバック会員サービス（以下「本サービス」）の利用条件を定めるものです。会員は本規約に同意のうえ本サービスを利用するものとします。

## 第2条（会員登録）
1. 登録希望者は、本規約およびプライバシーポリシーに同意のうえ、当社所定の方法で登録を申請します。
2. 当社は、虚偽の申告、過去の規約違反その他当社が不適当と判断した場合、登録を承認しないことがあります。

## 第3条（キャッシュバック）
1. キャッシュバックは、提携ブローカーから当社が受領した報酬に基づき、当社所定の料率で会員の残高に付与します。
2. 提携ブローカーからの支払いがない取引、不正な取引または取消された取引は対象外です。

## 第4条（出金・送金）
1. 会員は、当社所定の方法・手数料・最低金額に従い、残高の出金または他の会員への送金を申請できます。
2. 申請済みの出金は、当社所定の日程で処理します。

## 第5条（禁止事項）
会員は、不正な手段によるキャッシュバックの取得、複数アカウントの作成、第三者へのなりすまし、その他法令または公序良俗に反する行為をしてはなりません。

## 第6条（退会）
会員は、当社所定の方法でいつでも退会できます。退会時の残高の取扱いは当社所定の方法によります。

## 第7条（免責）
当社は、提携ブローカーの取引条件、相場の変動その他当社の責によらない事由による損害について責任を負いません。

## 第8条（規約の変更）
当社は、本規約を変更できます。重要な変更の場合、会員に改めて同意を求めます。

## 第9条（準拠法・管轄）
本規約は日本法に準拠し、本サービスに関する紛争は東京地方裁判所を第一審の専属的合意管轄裁判所とします。

制定日：2026年11月1日`,
    en: `${NOTE_EN}

## 1. Scope
These terms set the conditions for using the cashback member service (the "Service") provided by ○○ Inc. (the "Company"). Members use the Service having agreed to these terms.

## 2. Registration
1. Applicants register by the Company's method after agreeing to these terms and the privacy policy.
2. The Company may refuse a registration with false information, after an earlier breach, or that it otherwise finds inappropriate.

## 3. Cashback
1. Cashback is credited to the member's balance at the Company's rates, based on the rewards the Company receives from partner brokers.
2. Trades the broker does not pay for, fraudulent trades and cancelled trades are excluded.

## 4. Withdrawals and transfers
1. Members may request a withdrawal of their balance or a transfer to another member, by the Company's methods, fees and minimum amounts.
2. Requested withdrawals are processed on the Company's schedule.

## 5. Prohibited acts
Members must not obtain cashback by fraudulent means, hold several accounts, impersonate others, or act against the law or public order.

## 6. Closing an account
Members may close their account at any time by the Company's method; the balance is handled as the Company sets out.

## 7. Disclaimer
The Company is not liable for losses from partner brokers' conditions, market movements or other causes outside its responsibility.

## 8. Changes
The Company may change these terms. For an important change, members are asked to agree again.

## 9. Governing law
These terms are governed by Japanese law; the Tokyo District Court has exclusive jurisdiction in the first instance.

Established: 1 November 2026`,
  },
  privacy: {
    ja: `${NOTE_JA}

株式会社〇〇（以下「当社」）は、会員の個人情報を以下のとおり取り扱います。

## 1. 取得する情報
氏名、ニックネーム、メールアドレス、提携ブローカーの口座番号、出金先（銀行口座・USDTアドレス等）、取引数量、ログイン履歴、お問い合わせ内容。

## 2. 利用目的
- キャッシュバックの計算と付与、出金・送金の処理
- 本人確認、不正利用の防止
- お知らせ・サポートへの対応
- サービスの改善と統計（個人を特定しない形）

## 3. 第三者提供
法令に基づく場合を除き、本人の同意なく第三者に提供しません。キャッシュバックの確認に必要な範囲で、提携ブローカーと口座番号を照合します。

## 4. 安全管理
通信の暗号化、アクセス権限の管理、管理者の二要素認証などにより、個人情報を適切に管理します。

## 5. 開示・訂正・削除
ご本人からの開示・訂正・利用停止・削除の請求には、本人確認のうえ遅滞なく対応します。

## 6. お問い合わせ窓口
株式会社〇〇 個人情報お問い合わせ窓口（メール：support@example.com）

制定日：2026年11月1日`,
    en: `${NOTE_EN}

○○ Inc. (the "Company") handles members' personal information as follows.

## 1. Information collected
Name, nickname, email address, partner broker account numbers, payout details (bank account, USDT address, etc.), trade volumes, sign-in history and enquiries.

## 2. Purposes
- Calculating and crediting cashback; processing withdrawals and transfers
- Identity checks and fraud prevention
- Notices and support
- Improving the Service and statistics (in a form that identifies no one)

## 3. Disclosure to third parties
None without the member's consent, except where the law requires. Account numbers are matched with partner brokers as far as needed to confirm cashback.

## 4. Security
Encrypted connections, access control and two-factor authentication for administrators, among other measures.

## 5. Access, correction and deletion
Requests to disclose, correct, stop using or delete personal information are handled without delay after an identity check.

## 6. Contact
○○ Inc., personal information desk (email: support@example.com)

Established: 1 November 2026`,
  },
  legal: {
    ja: `${NOTE_JA}

| 項目 | 内容 |
|---|---|
| 販売事業者 | 株式会社〇〇 |
| 運営統括責任者 | 代表取締役 〇〇 〇〇 |
| 所在地 | 〒100-0000 東京都千代田区〇〇1-2-3 |
| 電話番号 | 請求があった場合、遅滞なく開示します |
| メールアドレス | support@example.com |
| 販売価格 | 会員登録・利用は無料です |
| 商品代金以外の必要料金 | 出金手数料（出金方法ごとに出金画面に表示）、インターネット接続料金 |
| 支払方法・時期 | 該当なし（会員から代金を受け取りません） |
| サービスの提供時期 | 会員登録の完了後、直ちに利用できます |
| 返品・キャンセル | サービスの性質上、返品はありません。退会はいつでも可能です |`,
    en: `${NOTE_EN}

Disclosure under Japan's Act on Specified Commercial Transactions.

| Item | Details |
|---|---|
| Business | ○○ Inc. |
| Person responsible | ○○ ○○, Representative Director |
| Address | 1-2-3 ○○, Chiyoda-ku, Tokyo 100-0000 |
| Telephone | Disclosed without delay on request |
| Email | support@example.com |
| Price | Registration and use are free |
| Other charges | Withdrawal fees (shown on the withdrawal form for each method); internet connection charges |
| Payment | Not applicable (members pay nothing to the Company) |
| When the service starts | As soon as registration is complete |
| Returns and cancellation | None by the nature of the service; members may close their account at any time |`,
  },
  company: {
    ja: `${NOTE_JA}

| 項目 | 内容 |
|---|---|
| 会社名 | 株式会社〇〇 |
| 代表者 | 代表取締役 〇〇 〇〇 |
| 所在地 | 〒100-0000 東京都千代田区〇〇1-2-3 |
| 設立 | 20XX年X月 |
| 資本金 | 〇〇〇万円 |
| 事業内容 | FX・暗号資産ブローカーのキャッシュバックサービスの運営 |
| 登録番号 | （取得している登録・許認可があれば記載） |
| お問い合わせ | support@example.com |`,
    en: `${NOTE_EN}

| Item | Details |
|---|---|
| Company | ○○ Inc. |
| Representative | ○○ ○○, Representative Director |
| Address | 1-2-3 ○○, Chiyoda-ku, Tokyo 100-0000 |
| Founded | Month 20XX |
| Capital | ¥○○○ million |
| Business | Cashback service for forex and crypto brokers |
| Registration numbers | (any registrations or licences held) |
| Contact | support@example.com |`,
  },
};

/** The date line the templates are written with, replaced by the day they were published. */
const ENACTED = { ja: "制定日：2026年11月1日", en: "Established: 1 November 2026" };

export async function seedLegal(
  db: Db,
  { adminId, memberIds }: { adminId: string; memberIds: string[] },
) {
  // Published when the service opened, before the first demo member registered; the text's
  // 制定日 is that day, so the page's "published" date and the document agree.
  const opened = tokyoMomentAgo(190, 10, 0);
  const now = toDbTime(opened);
  const day = tokyoDay(opened);
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const enacted = {
    ja: `制定日：${y}年${m}月${d}日`,
    en: `Established: ${new Date(Date.UTC(y, m - 1, d)).toLocaleDateString("en-GB", {
      day: "numeric",
      month: "long",
      year: "numeric",
      timeZone: "UTC",
    })}`,
  };
  for (const kind of Object.keys(TEMPLATES) as LegalKind[]) {
    if (await existingId(db, "legal_documents", { kind })) continue;
    await db.kysely
      .insertInto("legal_documents")
      .values({
        id: newId(),
        kind,
        version: 1,
        body: TEMPLATES[kind].ja.replace(ENACTED.ja, enacted.ja),
        body_en: TEMPLATES[kind].en.replace(ENACTED.en, enacted.en),
        summary: null,
        summary_en: null,
        reconsent: 0,
        published_at: now,
        published_by: adminId,
      })
      .execute();
  }
  const agreed = await db.kysely
    .selectFrom("legal_documents")
    .select(["id", "kind"])
    .where("version", "=", 1)
    .where("kind", "in", ["terms", "privacy"])
    .execute();
  // Each member agreed when they registered.
  const registered = new Map(
    (
      await db.kysely
        .selectFrom("users")
        .select(["id", "created_at"])
        .where("id", "in", memberIds.length > 0 ? memberIds : [""])
        .execute()
    ).map((u) => [u.id, u.created_at]),
  );
  for (const userId of memberIds) {
    for (const doc of agreed) {
      await insertIgnore(
        db,
        db.kysely.insertInto("legal_consents").values({
          id: newId(),
          user_id: userId,
          document_id: doc.id,
          accepted_at: registered.get(userId) ?? now,
        }),
      ).execute();
    }
  }
}
