import { beforeAll } from "vitest";
import { fileDatabase } from "./file-db";
import { adminWithCaller, callerFor, type Caller, createUser } from "./fixtures";
import { DAY, HOUR, tokyoLocal } from "./form-values";
import { fund } from "./money";

/**
 * The gacha test files' common ground: the admin's gacha and reward forms as the procedures take
 * them, a database of their own (the ledger must balance after), an admin, and helpers to create
 * a gacha with its rewards and a member with a balance.
 */

export interface GachaForm {
  name?: string;
  description?: string;
  startsAt?: string;
  endsAt?: string;
  cost?: string;
  method?: "weighted" | "box";
  challengeLimit?: string;
  published?: boolean;
}

export function gachaForm(over: GachaForm = {}) {
  return {
    name: "Test gacha",
    description: "",
    startsAt: tokyoLocal(-HOUR),
    endsAt: tokyoLocal(7 * DAY),
    cost: "100",
    method: "weighted" as const,
    challengeLimit: "3",
    published: true,
    ...over,
  };
}

export interface RewardForm {
  name?: string;
  kind?: "cash" | "item" | "none";
  amount?: string;
  weight?: string;
  stock?: string;
  validFrom?: string;
  validUntil?: string;
  validDays?: string;
  displayOrder?: string;
  active?: boolean;
}

export function rewardForm(over: RewardForm = {}) {
  return {
    name: "¥500",
    kind: "cash" as const,
    amount: "500",
    weight: "",
    stock: "",
    validFrom: "",
    validUntil: "",
    validDays: "",
    displayOrder: "0",
    active: true,
    ...over,
  };
}

export function gachasSuite() {
  const t = fileDatabase({ ledgerMustBalance: true });
  const suite = {
    t,
    /** Set before the tests run. */
    admin: null as unknown as Caller,
    createGacha,
    member,
  };
  beforeAll(async () => {
    ({ caller: suite.admin } = await adminWithCaller(t.db));
  });

  async function createGacha(over: GachaForm, rewards: RewardForm[]) {
    const { id } = await suite.admin.gachas.create({ gacha: gachaForm(over), image: {} });
    const rewardIds: string[] = [];
    for (const [i, r] of rewards.entries()) {
      const created = await suite.admin.gachas.createReward({
        gachaId: id,
        reward: rewardForm({ displayOrder: String(i), ...r }),
        image: {},
      });
      rewardIds.push(created.id);
    }
    return { id, rewardIds };
  }

  async function member(balance = 0) {
    const user = await createUser(t.db);
    if (balance > 0) await fund(t.db, user.id, balance);
    return { ...user, caller: await callerFor(t.db, user.id) };
  }

  return suite;
}
