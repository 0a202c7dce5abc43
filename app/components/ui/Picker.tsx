import {
  Combobox,
  ComboboxInput,
  ComboboxOption,
  ComboboxOptions,
  Description,
  Field as HeadlessField,
  Label,
} from "./headless/combobox";
import { useState } from "react";
import { controlClass, hintClass, labelClass } from "./form";

export interface PickerChoice {
  code: string;
  name: string;
}

/**
 * A search box that offers choices as the member types (Headless UI's combobox: arrow keys,
 * Enter and Escape work, and a screen reader hears the list). It names no form field itself:
 * picking hands the choice to `onPick`, which fills the form's own fields, so those can still
 * be typed by hand.
 */
export function Picker({
  label,
  hint,
  placeholder,
  choices,
  onQuery,
  onPick,
  disabled,
  empty,
  testId,
}: {
  label: string;
  hint?: string;
  placeholder?: string;
  choices: PickerChoice[];
  onQuery: (query: string) => void;
  onPick: (choice: PickerChoice) => void;
  disabled?: boolean;
  /** Shown when a query found nothing. */
  empty: string;
  testId?: string;
}) {
  const [query, setQuery] = useState("");
  return (
    <HeadlessField disabled={disabled} className="min-w-0" data-testid={testId}>
      <Label className={labelClass}>{label}</Label>
      <Combobox<PickerChoice | null>
        value={null}
        onChange={(choice) => {
          if (!choice) return;
          setQuery("");
          onPick(choice);
        }}
        onClose={() => setQuery("")}
      >
        <ComboboxInput
          className={`${controlClass(null)} min-h-11 disabled:cursor-not-allowed disabled:bg-slate-100 dark:disabled:bg-slate-900`}
          placeholder={placeholder}
          autoComplete="off"
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            onQuery(e.target.value);
          }}
        />
        {query.trim() !== "" && (
          <ComboboxOptions
            anchor="bottom start"
            className="z-20 max-h-72 w-[var(--input-width)] overflow-y-auto rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg [--anchor-gap:4px] empty:invisible dark:border-slate-700 dark:bg-slate-800"
          >
            {choices.length === 0 ? (
              <p className="px-3 py-2 text-slate-500 dark:text-slate-400">{empty}</p>
            ) : (
              choices.map((c) => (
                <ComboboxOption
                  key={c.code}
                  value={c}
                  className="flex min-h-11 cursor-pointer items-center gap-3 px-3 py-2 data-[focus]:bg-emerald-50 data-[focus]:text-emerald-900 dark:data-[focus]:bg-emerald-950 dark:data-[focus]:text-emerald-100"
                >
                  <span className="font-mono text-xs text-slate-500 dark:text-slate-400">
                    {c.code}
                  </span>
                  <span className="min-w-0 break-words">{c.name}</span>
                </ComboboxOption>
              ))
            )}
          </ComboboxOptions>
        )}
      </Combobox>
      {hint && <Description className={`mt-1 ${hintClass}`}>{hint}</Description>}
    </HeadlessField>
  );
}
