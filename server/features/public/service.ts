import type { Db } from "#db";
import { nowDb } from "#db/time";
import type { Language } from "../../domain/language";
import {
  WITHDRAWAL_FEES,
  WITHDRAWAL_METHODS,
  WITHDRAWAL_MINIMUMS,
  WITHDRAWAL_PROCESSING_DAYS,
} from "../../domain/withdrawal";
import { EARLIEST } from "../../domain/pricing";
import { localized } from "../../lib/localized";
import { inPhase } from "../../lib/schedule";
import { notFound } from "../../errors";
import { rateCard, type RateCard, rateVersionsOf } from "../brokers/terms";
import { getMoneySettings } from "../settings/service";
import { readHero } from "./hero";
import { latestBody } from "../legal/service";
import { companyFacts } from "../../domain/organization";

/**
 * What the public pages (/welcome, /brokers/<slug>) show visitors: only what admins already
 * publish elsewhere (the rate card, open campaigns, published help answers, the money rules).
 * Nothing here names a member, except the referral landing's inviter nickname, which the
 * inviter chose to share with the link.
 */

/** How many brokers the home's rate table shows (the admin's display order decides which). */
const HOME_BROKERS = 4;
const HOME_CAMPAIGNS = 3;
const HOME_HELP = 5;

type CardBroker = RateCard["brokers"][number];

/** A broker as the public pages list it: its page's slug is its code (lower case, stable). */
function publicBroker(b: CardBroker) {
  return {
    slug: b.code,
    name: b.name,
    logoPath: b.logoPath,
    autoRebate: b.autoRebate,
    rates: b.rates,
    previous: b.previous,
    changes: b.changes,
    schedule: b.schedule,
    nextCrediting: b.nextCrediting,
  };
}

/** The campaigns open right now, soonest to end first, titles in the reader's language. */
async function openCampaigns(db: Db, locale: Language, limit: number) {
  const now = nowDb();
  const rows = await db.kysely
    .selectFrom("campaigns")
    .select([
      "campaigns.id",
      "campaigns.title",
      "campaigns.title_en",
      "campaigns.body",
      "campaigns.body_en",
      "campaigns.ends_at",
    ])
    .where("campaigns.active", "=", 1)
    .where(inPhase("campaigns", "open", now))
    .orderBy("campaigns.ends_at")
    .orderBy("campaigns.id")
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    title: localized(r, "title", locale),
    body: localized(r, "body", locale),
    endsAt: r.ends_at,
  }));
}

/** Published help answers, the most recently written or updated first. */
async function newestAnswers(
  db: Db,
  locale: Language,
  limit: number,
  category?: string,
): Promise<{ slug: string; title: string }[]> {
  const rows = await db.kysely
    .selectFrom("help_articles")
    .select(["slug", "title", "title_en"])
    .where("published", "=", 1)
    .$if(category !== undefined, (q) => q.where("category", "=", category!))
    .orderBy("updated_at", "desc")
    .orderBy("slug")
    .limit(limit)
    .execute();
  return rows.map((r) => ({ slug: r.slug, title: localized(r, "title", locale) }));
}

/** How members are paid: the payout methods with their minimums and fees, and the transfer fee. */
async function paymentRules(db: Db) {
  const settings = await getMoneySettings(db.kysely);
  return {
    methods: WITHDRAWAL_METHODS.map((method) => ({
      method,
      minimum: WITHDRAWAL_MINIMUMS[method],
      fee: WITHDRAWAL_FEES[method],
    })),
    processingDays: WITHDRAWAL_PROCESSING_DAYS,
    transferFeeRateBp: settings.transferFeeRateBp,
  };
}

/**
 * The company's name, address and contact as the latest published company page (/company)
 * states them, in the reader's language; none while it is unpublished.
 */
async function company(db: Db, locale: Language) {
  const body = await latestBody(db.kysely, "company", locale);
  return body === null ? null : companyFacts(body);
}

/** /welcome: the pitch, the first brokers' rates, how payment works, campaigns, answers. */
export async function publicHome(db: Db, locale: Language, now: Date = new Date()) {
  const [hero, card, payment, campaigns, help, facts] = await Promise.all([
    readHero(db.kysely),
    rateCard(db, locale, now),
    paymentRules(db),
    openCampaigns(db, locale, HOME_CAMPAIGNS),
    newestAnswers(db, locale, HOME_HELP),
    company(db, locale),
  ]);
  const brokers = card.brokers.filter((b) => b.rates.length > 0).slice(0, HOME_BROKERS);
  return {
    hero: hero ? (locale === "en" && hero.en.length > 0 ? hero.en : hero.ja) : null,
    usdJpyX100: card.usdJpyX100,
    brokers: brokers.map(publicBroker),
    brokerCount: card.brokers.length,
    payment,
    campaigns,
    help,
    company: facts,
  };
}
export type PublicHome = Awaited<ReturnType<typeof publicHome>>;

/** How many of the broker's help answers (accounts category) its page lists. */
const BROKER_HELP = 6;

/**
 * A broker's public page, /brokers/<slug>: found by its code; an earlier code answers where
 * the broker is now (`moved`); a broker that is not active, or no broker, is not found.
 */
export async function brokerPage(db: Db, locale: Language, slug: string, now: Date = new Date()) {
  const card = await rateCard(db, locale, now);
  const broker = card.brokers.find((b) => b.code === slug);
  if (!broker) {
    const old = await db.kysely
      .selectFrom("broker_slugs")
      .innerJoin("brokers", "brokers.id", "broker_slugs.broker_id")
      .select("brokers.code")
      .where("broker_slugs.slug", "=", slug)
      .where("brokers.active", "=", 1)
      .executeTakeFirst();
    if (old) return { moved: old.code } as const;
    throw notFound();
  }
  const [history, campaigns, help] = await Promise.all([
    rateVersionsOf(db.kysely, [broker.id]),
    openCampaigns(db, locale, 20),
    newestAnswers(db, locale, BROKER_HELP, "accounts"),
  ]);
  const name = broker.name.toLowerCase();
  return {
    moved: null,
    usdJpyX100: card.usdJpyX100,
    broker: {
      ...publicBroker(broker),
      signupUrl: broker.signupUrl,
      conditions: broker.conditions,
      // Every version of the card, newest first: the rates per account type and their day.
      // The first version's day is null when it applies from the start.
      history: [...(history.get(broker.id) ?? [])].reverse().map((v) => ({
        from: v.from === EARLIEST ? null : v.from,
        rates: v.rates,
      })),
    },
    // Campaigns carry no broker: the ones that name it in their title or text are its own.
    campaigns: campaigns
      .filter((c) => `${c.title}\n${c.body}`.toLowerCase().includes(name))
      .map(({ id, title, endsAt }) => ({ id, title, endsAt })),
    help,
    others: card.brokers
      .filter((b) => b.id !== broker.id)
      .map((b) => ({ slug: b.code, name: b.name })),
  };
}
export type BrokerPage = Awaited<ReturnType<typeof brokerPage>>;

/** A referral code as links carry it: 4 to 16 lower-case letters and digits. */
export const REFERRAL_CODE = /^[a-z0-9]{4,16}$/;

/**
 * The referral landing, /r/<code>: the inviter's nickname (what they show every member
 * already, and chose to share with the link) and what the visitor gets: the brokers' count
 * and the best rates. A code of no member, or of a closed account, is not found.
 */
export async function referralLanding(db: Db, locale: Language, code: string) {
  const inviter = await db.kysely
    .selectFrom("users")
    .select(["nickname"])
    .where("referral_code", "=", code)
    .where("closed_at", "is", null)
    .executeTakeFirst();
  if (!inviter) throw notFound();
  const card = await rateCard(db, locale);
  const brokers = card.brokers.filter((b) => b.rates.length > 0);
  return {
    nickname: inviter.nickname,
    brokerCount: brokers.length,
    brokers: brokers.slice(0, HOME_BROKERS).map(publicBroker),
  };
}

/** The legal pages' addresses, by document kind (only published documents are listed). */
const LEGAL_PATHS: Record<string, string> = {
  terms: "/terms",
  privacy: "/privacy",
  legal: "/legal",
  company: "/company",
};

/**
 * What sitemap.xml lists: the public pages anyone may open and search engines should find,
 * with the day each last changed where it is known. Nothing a member or an admin alone sees.
 */
export async function sitemapPages(db: Db): Promise<{ path: string; updated: string | null }[]> {
  const [brokers, articles, legal] = await Promise.all([
    db.kysely
      .selectFrom("brokers")
      .select(["code", "updated_at"])
      .where("active", "=", 1)
      .orderBy("display_order")
      .orderBy("name")
      .execute(),
    db.kysely
      .selectFrom("help_articles")
      .select(["slug", "updated_at"])
      .where("published", "=", 1)
      .orderBy("slug")
      .execute(),
    db.kysely
      .selectFrom("legal_documents")
      .select(["kind"])
      .select((eb) => eb.fn.max("published_at").as("updated"))
      .groupBy("kind")
      .execute(),
  ]);
  const day = (v: unknown) => (v ? String(v).slice(0, 10) : null);
  return [
    { path: "/welcome", updated: null },
    { path: "/brokers", updated: null },
    ...brokers.map((b) => ({ path: `/brokers/${b.code}`, updated: day(b.updated_at) })),
    { path: "/help", updated: null },
    ...articles.map((a) => ({ path: `/help/${a.slug}`, updated: day(a.updated_at) })),
    ...legal.flatMap((l) =>
      LEGAL_PATHS[l.kind] ? [{ path: LEGAL_PATHS[l.kind]!, updated: day(l.updated) }] : [],
    ),
  ];
}
