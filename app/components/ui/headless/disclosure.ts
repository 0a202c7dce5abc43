/* Headless UI by component file: see ./dialog.ts for why. */
export {
  Disclosure,
  DisclosureButton,
  DisclosurePanel,
} from "../../../../node_modules/@headlessui/react/dist/components/disclosure/disclosure.js";
