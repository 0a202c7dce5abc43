export const permissions = ["members.view","members.edit","members.suspend","members.export","chat","brokerAccounts.approve","cashback.import","money.decide","money.bankFile","money.adjust","content","legal","settings","team","audit"] as const;
export type Permission = (typeof permissions)[number];
