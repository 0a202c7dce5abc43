import { useSearchParams } from "@remix-run/react";
import { FilterField, filterControl } from "./TableFilters";

/**
 * A TableFilters choice among fixed values (a state, a status), preset from the URL; the first
 * option, "", is all of them.
 */
export function SelectFilter({
  name,
  label,
  allLabel,
  values,
  optionLabel,
  testId,
}: {
  name: string;
  label: string;
  allLabel: string;
  values: readonly string[];
  optionLabel: (value: string) => string;
  testId?: string;
}) {
  const [params] = useSearchParams();
  return (
    <FilterField label={label} htmlFor={`f-${name}`}>
      <select
        id={`f-${name}`}
        name={name}
        defaultValue={params.get(name) ?? ""}
        className={filterControl}
        data-testid={testId}
      >
        <option value="">{allLabel}</option>
        {values.map((v) => (
          <option key={v} value={v}>
            {optionLabel(v)}
          </option>
        ))}
      </select>
    </FilterField>
  );
}
