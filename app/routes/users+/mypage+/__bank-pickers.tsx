import { useFetcher } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Picker, type PickerChoice } from "#app/components/ui/Picker";
import type { loader } from "./banks";

/** The four bank fields the pickers fill; each can still be typed by hand. */
export interface BankFields {
  bankName: string;
  bankCode: string;
  branchName: string;
  branchNumber: string;
}

/** "０００１" as "0001": what the bank code field holds, as the branch search needs it. */
function digits(value: string): string {
  return value.normalize("NFKC").replace(/\D/g, "");
}

/** The bank fields' values, and what picking a bank or a branch does to them. */
export function useBankFields(initial: BankFields) {
  const [fields, setFields] = useState(initial);
  return {
    fields,
    set: (name: keyof BankFields, value: string) => setFields((f) => ({ ...f, [name]: value })),
    // Another bank: the branch typed for the previous one cannot be right.
    pickBank: (bank: PickerChoice) =>
      setFields((f) =>
        f.bankCode === bank.code
          ? { ...f, bankName: bank.name }
          : { bankName: bank.name, bankCode: bank.code, branchName: "", branchNumber: "" },
      ),
    pickBranch: (branch: PickerChoice) =>
      setFields((f) => ({ ...f, branchName: branch.name, branchNumber: branch.code })),
  };
}

/** Find the bank, then the branch, by name, reading or code (server-side search). */
export function BankPickers({
  bankCode,
  onBank,
  onBranch,
}: {
  bankCode: string;
  onBank: (bank: PickerChoice) => void;
  onBranch: (branch: PickerChoice) => void;
}) {
  const { t } = useTranslation("profile");
  const banks = useFetcher<typeof loader>();
  const branches = useFetcher<typeof loader>();
  const code = digits(bankCode);
  const hasBank = code.length === 4;
  return (
    <div
      className="mb-4 grid gap-4 rounded-md bg-slate-50 p-3 sm:grid-cols-2 dark:bg-slate-800/60"
      data-testid="bank-pickers"
    >
      <Picker
        label={t("pickers.bank")}
        placeholder={t("pickers.bankPlaceholder")}
        hint={t("pickers.bankHint")}
        empty={t("pickers.none")}
        choices={banks.data?.choices ?? []}
        onQuery={(q) => q.trim() && banks.load(`/users/mypage/banks?${new URLSearchParams({ q })}`)}
        onPick={onBank}
        testId="bank-picker"
      />
      <Picker
        label={t("pickers.branch")}
        placeholder={t("pickers.branchPlaceholder")}
        hint={hasBank ? t("pickers.branchHint") : t("pickers.branchFirst")}
        empty={t("pickers.none")}
        disabled={!hasBank}
        choices={branches.data?.choices ?? []}
        onQuery={(q) =>
          q.trim() && branches.load(`/users/mypage/banks?${new URLSearchParams({ bank: code, q })}`)
        }
        onPick={onBranch}
        testId="branch-picker"
      />
    </div>
  );
}
