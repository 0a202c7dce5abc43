import type { Db } from "#db";
import { newId } from "#db/id";
import { nowDb } from "#db/time";
import type { HelpCategory } from "#domain/help";
import { articleInput } from "#server/features/help/schema";
import { searchText } from "#server/features/help/search";

interface SeedArticle {
  slug: string;
  category: HelpCategory;
  position: number;
  title: string;
  titleEn: string;
  body: string;
  bodyEn: string;
}

/**
 * The questions the demo lists under "popular questions" on /help: the ones support is asked
 * most about money arriving and leaving (the admin's mark).
 */
export const SEED_POPULAR = [
  "when-cashback-arrives",
  "cashback-missing",
  "withdrawal-fees",
  "withdrawal-timing",
  "change-broker-ib",
];

/**
 * The help centre's first answers, in both languages, written from the rules the portal
 * applies (withdrawal minimums and fees in server/domain/withdrawal.ts, 1–2 business days,
 * the crediting schedule, the transfer settings of /admin/setting). The
 * operator edits them under /admin/setting/help; the seed adds a missing slug only and never
 * overwrites an edited article.
 */
export const SEED_HELP: SeedArticle[] = [
  {
    slug: "when-cashback-arrives",
    category: "cashback",
    position: 10,
    title: "キャッシュバックはいつ反映されますか？",
    titleEn: "When does my cashback arrive?",
    body: `キャッシュバックは、各業者から届く取引レポートをもとに、業者ごとの**反映日**にまとめてウォレットへ入金されます。

- 反映日は業者ごとに「毎月○日」または「毎週○曜日」と決まっており、[業者一覧](/brokers)とダッシュボードに次回の反映日を表示しています。
- 反映日が土日・祝日・年末年始（12月31日〜1月3日）にあたる場合は、次の営業日に反映されます。
- 反映されたキャッシュバックは[取引明細](/users/statement)と[キャッシュバック履歴](/users/cashback)で確認できます。`,
    bodyEn: `Cashback is credited to your wallet on each broker's **crediting day**, from the trade reports the broker sends us.

- Each broker credits monthly (a day of the month) or weekly (a weekday). The next crediting day is shown on the [broker list](/brokers) and on your dashboard.
- When that day is a weekend, a Japanese national holiday or in the year-end break (31 December to 3 January), it moves to the next business day.
- Credited cashback appears in your [statement](/users/statement) and your [cashback history](/users/cashback).`,
  },
  {
    slug: "cashback-missing",
    category: "cashback",
    position: 20,
    title: "キャッシュバックが反映されません",
    titleEn: "My cashback has not arrived",
    body: `次の点をご確認ください。

1. [口座登録](/users/bank)で、その口座が**承認済み**になっているか。
2. 取引した口座番号と、登録した口座番号が同じか（デモ口座や別の口座ではないか）。
3. その業者の次回の反映日を過ぎているか。
4. 口座が当サービス経由（当サービスのIB）で開設・紐付けされているか。

すべて当てはまるのに反映されない場合は、取引日と口座番号を添えて[チャット](/users/chat)でお問い合わせください。`,
    bodyEn: `Please check:

1. The account is **approved** on your [accounts page](/users/bank).
2. You traded on the account number you registered (not a demo or another account).
3. The broker's next crediting day has passed.
4. The account is opened or linked through us (under our IB).

If all of these hold and the cashback is still missing, write to us in the [chat](/users/chat) with the trade dates and the account number.`,
  },
  {
    slug: "how-cashback-is-calculated",
    category: "cashback",
    position: 30,
    title: "キャッシュバック額はどう計算されますか？",
    titleEn: "How is the cashback amount calculated?",
    body: `取引量（ロット）× 業者・口座タイプごとのレートで計算します。レートは[業者一覧](/brokers)の各業者のページで確認でき、月間の取引量から目安を計算することもできます。

米ドル建てのレートは、取引レポートを取り込んだ時点の為替レートで円に換算します。1円未満は切り捨てです。`,
    bodyEn: `Lots traded × the rate of the broker and account type. Each broker's rates are on the [broker list](/brokers), with a calculator for your monthly volume.

Rates in US dollars are converted to yen at the exchange rate of the report's import. Fractions of a yen are rounded down.`,
  },
  {
    slug: "link-existing-account",
    category: "accounts",
    position: 10,
    title: "すでに持っている業者の口座を紐付けるには？",
    titleEn: "How do I link a broker account I already have?",
    body: `[口座登録](/users/bank)で業者を選び、口座番号（MT4/MT5の番号、業者によっては顧客IDやUID）と口座タイプを入力して登録してください。運営が確認して承認すると、その後の取引からキャッシュバックの対象になります。

キャッシュバックを受け取るには、その口座が**当サービスのIB（紹介者）の配下**にある必要があります。別のIBの配下で開設した口座は、先に[IB変更](/help/change-broker-ib)が必要です。`,
    bodyEn: `On your [accounts page](/users/bank), choose the broker and enter the account number (the MT4/MT5 number, or a customer ID or UID for some brokers) and its account type. Once we have checked and approved it, trades from then on earn cashback.

The account must be **under our IB (introducing broker)**. An account opened under another IB needs an [IB change](/help/change-broker-ib) first.`,
  },
  {
    slug: "change-broker-ib",
    category: "accounts",
    position: 20,
    title: "業者のIB（紹介者）を変更する方法",
    titleEn: "How do I change my broker's IB?",
    body: `IB変更は業者に申請します。一般的な手順は次のとおりです。

1. 業者のサポート窓口（メールやチャット）に、口座番号と「IBを変更したい」旨を連絡します。
2. 変更先として当サービスのIBコードを伝えます（IBコードはチャットでお問い合わせください）。
3. 業者から変更完了の連絡が来たら、[口座登録](/users/bank)で口座を登録します。

IB変更を受け付けない業者や、既存口座の変更に条件がある業者もあります。その場合は、[業者一覧](/brokers)のリンクから新しい口座を開設するのが確実です。`,
    bodyEn: `You ask the broker for an IB change. Usually:

1. Write to the broker's support (mail or chat) with your account number, asking to change your IB.
2. Give our IB code as the new IB (ask us for it in the chat).
3. When the broker confirms, register the account on your [accounts page](/users/bank).

Some brokers do not change the IB of an existing account, or only under conditions. Then opening a new account through the link on the [broker list](/brokers) is the sure way.`,
  },
  {
    slug: "account-types",
    category: "accounts",
    position: 30,
    title: "口座タイプとは？どれを選べばいいですか？",
    titleEn: "What are account types, and which one do I choose?",
    body: `業者の多くは「スタンダード」「ゼロ」などの口座タイプを用意しており、タイプによってスプレッドや手数料、キャッシュバックのレートが異なります。

口座登録では、業者で実際に開設したタイプを選んでください。タイプごとのレートは[業者一覧](/brokers)で確認できます。わからない場合は空欄のまま登録でき、運営が確認します。`,
    bodyEn: `Most brokers offer account types such as "Standard" or "Zero", with different spreads, commissions and cashback rates.

When you register an account, choose the type you actually opened at the broker. Each type's rate is on the [broker list](/brokers). If you are not sure, leave it blank: we check it.`,
  },
  {
    slug: "account-not-approved",
    category: "accounts",
    position: 40,
    title: "口座が承認されないのはなぜですか？",
    titleEn: "Why was my account not approved?",
    body: `主な理由は次のとおりです。否認された場合は、[口座登録](/users/bank)に理由を表示しています。

- 口座が当サービスのIBの配下にない（別のIB経由で開設された）
- 口座番号の誤り、またはデモ口座の番号
- 口座の名義がご本人と一致しない
- すでに別の会員が登録している口座

内容を直して登録し直すか、[チャット](/users/chat)でご相談ください。`,
    bodyEn: `The usual reasons are below. When an account is refused, the reason is shown on your [accounts page](/users/bank).

- The account is not under our IB (it was opened through another IB).
- The number is wrong, or belongs to a demo account.
- The account holder is not you.
- Another member has already registered the account.

Correct it and register again, or ask us in the [chat](/users/chat).`,
  },
  {
    slug: "withdrawal-fees",
    category: "withdrawals",
    position: 10,
    title: "出金に手数料はかかりますか？",
    titleEn: "Are there withdrawal fees?",
    body: `当サービスの出金手数料は、すべての出金方法で**0円**です。申請した金額をそのままお送りします。

ただし、受取側の銀行・ウォレット・業者が着金手数料などを差し引く場合があります。

| 出金方法 | 最低出金額 |
|---|---|
| 銀行振込 | 1,000円 |
| bitwallet | 1,000円 |
| USDT | 5,000円 |
| Peska | 5,000円 |
| Exness | 500円 |
| PayPay | 500円 |`,
    bodyEn: `We charge **¥0** for every withdrawal method: the amount you request is the amount we send.

The receiving bank, wallet or broker may deduct its own fees.

| Method | Minimum |
|---|---|
| Bank transfer | ¥1,000 |
| bitwallet | ¥1,000 |
| USDT | ¥5,000 |
| Peska | ¥5,000 |
| Exness | ¥500 |
| PayPay | ¥500 |`,
  },
  {
    slug: "withdrawal-timing",
    category: "withdrawals",
    position: 20,
    title: "出金にはどのくらい日数がかかりますか？",
    titleEn: "How long does a withdrawal take?",
    body: `出金申請は**1〜2営業日**で処理します。土日・祝日・年末年始（12月31日〜1月3日）は営業日に含みません。出金申請の画面に、処理予定日を表示しています。

- 銀行振込：処理後、通常は当日〜翌営業日に着金します（金融機関によります）。
- PayPay：1日の送金上限を超える分は、翌営業日の処理になります。
- USDT：申請画面に表示しているネットワークで送金します。ネットワークの異なるアドレスには届きません。

申請の状況は[出金履歴](/users/withdraw)で確認できます。`,
    bodyEn: `Withdrawals are processed within **1–2 business days**. Weekends, Japanese national holidays and the year-end break (31 December to 3 January) are not business days. The withdrawal form shows the expected day.

- Bank transfer: usually arrives the same or the next business day after processing (depends on the bank).
- PayPay: the part above the daily limit is processed a business day later.
- USDT: sent on the network shown on the form; an address on another network will not receive it.

Follow your requests in your [withdrawal history](/users/withdraw).`,
  },
  {
    slug: "cancel-withdrawal",
    category: "withdrawals",
    position: 30,
    title: "出金申請を取り消せますか？",
    titleEn: "Can I cancel a withdrawal request?",
    body: `処理が始まる前（「申請中」の状態）であれば、[出金履歴](/users/withdraw)から取り消せます。取り消した金額はすぐに出金可能額に戻ります。

送金処理が始まった後は取り消せません。`,
    bodyEn: `While it is still "requested" (before we start processing it), cancel it from your [withdrawal history](/users/withdraw). The amount returns to your available balance at once.

Once the payment is under way it can no longer be cancelled.`,
  },
  {
    slug: "transfer-fees",
    category: "withdrawals",
    position: 40,
    title: "会員間送金の手数料と上限は？",
    titleEn: "What are the fees and limits of transfers between members?",
    body: `会員間送金の手数料率と1回あたりの最低額・最高額は運営が設定しており、[送金画面](/users/withdraw/transfer)で送金前に手数料と合計額を表示します。手数料は送金額に上乗せされ、受取人には送金額の全額が届きます。

送金は運営の承認後に相手へ反映されます。承認されなかった場合は、送金額と手数料の全額が出金可能額に戻ります。`,
    bodyEn: `The fee rate and the minimum and maximum per transfer are set by the operator; the [transfer form](/users/withdraw/transfer) shows the fee and the total before you send. The fee is added on top: the receiver gets the whole amount.

A transfer reaches the receiver once we approve it. If it is not approved, the amount and the fee return to your available balance in full.`,
  },
  {
    slug: "annual-statement",
    category: "membership",
    position: 10,
    title: "確定申告用に1年間の取引をまとめて見るには？",
    titleEn: "How do I get my year's transactions for a tax return?",
    body: `メニューの[取引明細](/users/statement)から「年間取引報告書」の年を選ぶと、その年（日本時間の1月1日〜12月31日）の受取・出金・送金の合計と、期首・期末の残高を表示します。**PDFをダウンロード**で書類として保存でき、CSVや印刷にも対応しています。`,
    bodyEn: `Open your [statement](/users/statement) from the menu and choose the year under "Annual statement": it shows what you received, withdrew and sent in that year (1 January to 31 December, Japan time) with the opening and closing balances. **Download PDF** saves it as a document; CSV and printing work too.`,
  },
  {
    slug: "change-email",
    category: "membership",
    position: 20,
    title: "登録メールアドレスを変更したい",
    titleEn: "How do I change my email address?",
    body: `[メールアドレスの変更](/users/change-email)から新しいアドレスを入力し、届いたメールのリンクを開くと変更が完了します。変更すると元のアドレスにもお知らせが届き、身に覚えがない場合はそのメールから取り消せます。`,
    bodyEn: `Enter the new address on [change email](/users/change-email) and open the link in the mail we send there. Your old address is told too, and can undo the change from that mail if it was not you.`,
  },
  {
    slug: "close-account",
    category: "membership",
    position: 30,
    title: "退会するには？",
    titleEn: "How do I close my account?",
    body: `[チャット](/users/chat)で退会のご希望をお知らせください。

1. 退会の前に、残高を[出金](/users/withdraw/new)してください。退会後は出金できません。
2. 申請中の出金・送金は、処理が終わってから退会手続きを行います。
3. 取引の記録は、法令で定められた期間は保存します。

確定申告に使う場合は、退会前に[年間取引報告書](/users/statement)を保存しておくことをおすすめします。`,
    bodyEn: `Tell us in the [chat](/users/chat) that you want to close your account.

1. [Withdraw](/users/withdraw/new) your balance first: it cannot be withdrawn after closing.
2. Requests still pending are finished before the account is closed.
3. Transaction records are kept for the period the law requires.

If you need it for a tax return, save your [annual statement](/users/statement) before closing.`,
  },
  {
    slug: "cashback-tax",
    category: "tax",
    position: 10,
    title: "キャッシュバックに税金はかかりますか？",
    titleEn: "Is cashback taxed?",
    body: `**一般的な情報としてご案内します。** 個人が受け取るFX・暗号資産取引のキャッシュバックは、一般に**雑所得**として扱われることが多く、他の所得と合算して課税されます（総合課税）。

- 給与所得者（会社員など）で、給与以外の所得の合計が**年間20万円を超える**場合は、原則として確定申告が必要です。
- 20万円以下で確定申告が不要な場合でも、住民税の申告が必要になることがあります。
- 個人事業主・無職の方・年金受給者などは、基準が異なります。

取引の損益との関係や経費の扱いなど、具体的な取り扱いはお客様の状況によって異なります。国税庁の案内や税務署、税理士にご確認ください。年間の受取額は[年間取引報告書](/users/statement)で確認できます。`,
    bodyEn: `**General information only.** Cashback an individual receives on FX or crypto trading is commonly treated in Japan as **miscellaneous income (雑所得)**, taxed together with your other income.

- A salaried employee whose income other than salary exceeds **¥200,000 in a year** generally has to file a tax return (確定申告).
- Below that, a resident tax declaration may still be needed.
- The thresholds differ for the self-employed, people without salary and pensioners.

How it relates to your trading gains and losses, and what counts as expenses, depend on your situation: ask the National Tax Agency's guidance, your tax office or a tax accountant. Your year's total is in your [annual statement](/users/statement).`,
  },
  {
    slug: "balance-kinds",
    category: "withdrawals",
    position: 50,
    title: "「出金可能額」と「申請中（保留）」の違いは？",
    titleEn: 'What is the difference between "available" and "requested (on hold)"?',
    body: `**出金可能額**は、今すぐ出金・送金に使える金額です。出金や送金を申請すると、その金額は**申請中（保留）**に移り、処理が終わるまで確保されます。

- 出金が完了すると、保留から差し引かれます。
- 取消・却下された場合は、保留から出金可能額に戻ります。

すべての動きは[取引明細](/users/statement)で確認できます。`,
    bodyEn: `**Available** is what you can withdraw or send now. When you request a withdrawal or a transfer, the amount moves to **requested (on hold)** and is kept there until the request is processed.

- When the withdrawal is paid, it leaves the hold.
- When a request is cancelled or refused, it returns from the hold to available.

Every movement is in your [statement](/users/statement).`,
  },
];

/** Adds the articles whose slug is missing (published); safe to run again. */
export async function seedHelp(db: Db, { adminId }: { adminId: string }) {
  const existing = new Set(
    (await db.kysely.selectFrom("help_articles").select("slug").execute()).map((r) => r.slug),
  );
  const now = nowDb();
  for (const a of SEED_HELP) {
    if (existing.has(a.slug)) continue;
    // Through the admin form's own rules, so the seed cannot hold what the form refuses.
    const v = articleInput.parse({
      ...a,
      published: true,
      popular: SEED_POPULAR.includes(a.slug),
    });
    await db.kysely
      .insertInto("help_articles")
      .values({
        id: newId(),
        slug: v.slug,
        category: v.category,
        position: v.position,
        published: 1,
        popular: v.popular ? 1 : 0,
        title: v.title,
        title_en: v.titleEn,
        body: v.body,
        body_en: v.bodyEn,
        search_text: searchText(v),
        updated_by: adminId,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
}
