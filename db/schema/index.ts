/**
 * The table types the code queries with: db/schema.generated.ts narrowed by what the code knows
 * beyond SQL. The narrowing is written by area in this folder (`Table` and its
 * rules in table.ts); every name is exported from here, so callers import `db/schema` only.
 */
import type { Insertable, Selectable } from "kysely";
import type { DB } from "../schema.generated";
import type {
  UsersTable,
  PaymentDetailsTable,
  SessionsTable,
  SettingsTable,
  AuthTokensTable,
  RecoveryCodesTable,
  AttemptLimitsTable,
  PasskeysTable,
  PasskeyChallengesTable,
  AuditLogTable,
  BrokersTable,
  BrokerSlugsTable,
  BrokerRatesTable,
  BrokerRateVersionsTable,
  BrokerRateChangesTable,
  BrokerAccountsTable,
  EasTable,
  EaFilesTable,
  EaLicensesTable,
  EaDedicatedAccountsTable,
  EaAccountRequestsTable,
  ChatThreadsTable,
  ChatMessagesTable,
  LineLinksTable,
  LineFriendsTable,
  LineLoginRequestsTable,
  LineSignInRequestsTable,
  LineSignUpsTable,
  LiffTokenUsesTable,
  LineNotifyPrefsTable,
  MailNotifyPrefsTable,
  LineWebhookEventsTable,
  NotificationsTable,
  PopupsTable,
  HelpArticlesTable,
  PopupViewsTable,
  LegalDocumentsTable,
  LegalApprovalsTable,
  LegalConsentsTable,
  AdminRolesTable,
  AdminInvitationsTable,
  DataExportsTable,
} from "./members";
import type {
  WalletsTable,
  LedgerTransactionsTable,
  LedgerEntriesTable,
  WithdrawalsTable,
  TransfersTable,
  PresentsTable,
  ImportBatchesTable,
  ImportRowsTable,
  ImportProfilesTable,
  ImportJobsTable,
  CashbacksTable,
  RateAdjustmentsTable,
  RateAdjustmentMembersTable,
  RateAdjustmentRowsTable,
  CashbackDailyTable,
  CashbackMonthlyTable,
  WithdrawalMonthlyTable,
  AffiliateRatesTable,
  AffiliateRewardsTable,
  AffiliateDailyTable,
  AffiliateCustomerMonthlyTable,
  AffiliateBannersTable,
  CbMarathonsTable,
  CbMarathonGoalsTable,
  MarathonsTable,
  RankingTotalsTable,
  GachasTable,
  GachaRewardsTable,
  GachaPlaysTable,
  GachaLogsTable,
  CampaignsTable,
  CampaignEntriesTable,
  RankingBattlesTable,
  RankingBattlePrizesTable,
  RankingBattleResultsTable,
} from "./money";

export type * from "./table";
export type * from "./members";
export type * from "./money";

export interface Database {
  users: UsersTable;
  payment_details: PaymentDetailsTable;
  brokers: BrokersTable;
  broker_slugs: BrokerSlugsTable;
  broker_rates: BrokerRatesTable;
  broker_rate_versions: BrokerRateVersionsTable;
  broker_rate_changes: BrokerRateChangesTable;
  broker_accounts: BrokerAccountsTable;
  sessions: SessionsTable;
  settings: SettingsTable;
  auth_tokens: AuthTokensTable;
  recovery_codes: RecoveryCodesTable;
  attempt_limits: AttemptLimitsTable;
  passkeys: PasskeysTable;
  passkey_challenges: PasskeyChallengesTable;
  audit_log: AuditLogTable;
  wallets: WalletsTable;
  ledger_transactions: LedgerTransactionsTable;
  ledger_entries: LedgerEntriesTable;
  withdrawals: WithdrawalsTable;
  transfers: TransfersTable;
  presents: PresentsTable;
  import_batches: ImportBatchesTable;
  import_rows: ImportRowsTable;
  import_profiles: ImportProfilesTable;
  import_jobs: ImportJobsTable;
  cashbacks: CashbacksTable;
  rate_adjustments: RateAdjustmentsTable;
  rate_adjustment_members: RateAdjustmentMembersTable;
  rate_adjustment_rows: RateAdjustmentRowsTable;
  cashback_daily: CashbackDailyTable;
  cashback_monthly: CashbackMonthlyTable;
  affiliate_rates: AffiliateRatesTable;
  affiliate_rewards: AffiliateRewardsTable;
  affiliate_daily: AffiliateDailyTable;
  affiliate_customer_monthly: AffiliateCustomerMonthlyTable;
  affiliate_banners: AffiliateBannersTable;
  cb_marathons: CbMarathonsTable;
  cb_marathon_goals: CbMarathonGoalsTable;
  marathons: MarathonsTable;
  withdrawal_monthly: WithdrawalMonthlyTable;
  ranking_totals: RankingTotalsTable;
  gachas: GachasTable;
  gacha_rewards: GachaRewardsTable;
  gacha_plays: GachaPlaysTable;
  gacha_logs: GachaLogsTable;
  eas: EasTable;
  ea_files: EaFilesTable;
  ea_licenses: EaLicensesTable;
  ea_dedicated_accounts: EaDedicatedAccountsTable;
  ea_account_requests: EaAccountRequestsTable;
  chat_threads: ChatThreadsTable;
  chat_messages: ChatMessagesTable;
  line_links: LineLinksTable;
  line_friends: LineFriendsTable;
  line_login_requests: LineLoginRequestsTable;
  line_sign_in_requests: LineSignInRequestsTable;
  line_sign_ups: LineSignUpsTable;
  liff_token_uses: LiffTokenUsesTable;
  line_notify_prefs: LineNotifyPrefsTable;
  mail_notify_prefs: MailNotifyPrefsTable;
  line_webhook_events: LineWebhookEventsTable;
  notifications: NotificationsTable;
  campaigns: CampaignsTable;
  campaign_entries: CampaignEntriesTable;
  ranking_battles: RankingBattlesTable;
  ranking_battle_prizes: RankingBattlePrizesTable;
  ranking_battle_results: RankingBattleResultsTable;
  popups: PopupsTable;
  help_articles: HelpArticlesTable;
  popup_views: PopupViewsTable;
  legal_documents: LegalDocumentsTable;
  legal_approvals: LegalApprovalsTable;
  legal_consents: LegalConsentsTable;
  admin_roles: AdminRolesTable;
  admin_invitations: AdminInvitationsTable;
  data_exports: DataExportsTable;
}

/**
 * Database names every generated table and no other: after `npm run db:types` a new table is
 * named here, or tsc reports it as missing.
 */
type Assert<T extends true> = T;
type _DatabaseNamesEveryTable = Assert<
  [Exclude<keyof DB, keyof Database>, Exclude<keyof Database, keyof DB>] extends [never, never]
    ? true
    : { missing: Exclude<keyof DB, keyof Database>; extra: Exclude<keyof Database, keyof DB> }
>;

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
// Re-exported so feature code never imports kysely's helper types piecemeal.
export type { Generated } from "kysely";
