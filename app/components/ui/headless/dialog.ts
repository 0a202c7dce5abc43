/*
 * Headless UI by component file, not through the package's index. The index
 * re-exports every component with `export *`; the classic Remix compiler (esbuild) then put
 * every component any page used into one chunk that the root loads, so the payout form's
 * combobox (with TanStack Virtual and Floating UI) reached every page: 26 KB of Brotli on
 * the dashboard. The package's exports map names only the index, hence the paths.
 */
export { Description } from "../../../../node_modules/@headlessui/react/dist/components/description/description.js";
export {
  Dialog,
  DialogBackdrop,
  DialogPanel,
  DialogTitle,
} from "../../../../node_modules/@headlessui/react/dist/components/dialog/dialog.js";
