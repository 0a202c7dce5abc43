/* Headless UI by component file: see ./dialog.ts for why. Only the payout form loads this. */
export {
  Combobox,
  ComboboxInput,
  ComboboxOption,
  ComboboxOptions,
} from "../../../../node_modules/@headlessui/react/dist/components/combobox/combobox.js";
export { Description } from "../../../../node_modules/@headlessui/react/dist/components/description/description.js";
export { Field } from "../../../../node_modules/@headlessui/react/dist/components/field/field.js";
export { Label } from "../../../../node_modules/@headlessui/react/dist/components/label/label.js";
