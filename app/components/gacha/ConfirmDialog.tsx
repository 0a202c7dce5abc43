import { Description, Dialog, DialogBackdrop, DialogPanel, DialogTitle } from "@headlessui/react";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { Alert, SubmitButton } from "~/components/form";
import { buttonClass } from "~/components/ui/button";
import { card } from "~/components/ui/card";

/**
 * A yes/no question before something that cannot be undone (marking an item used): what will
 * happen, and a button that posts the hidden fields to the page's action. Focus starts on the
 * harmless choice.
 */
export function ConfirmDialog({
  open,
  onClose,
  title,
  children,
  confirmLabel,
  cancelLabel,
  fields,
  error,
  testId = "confirm-dialog",
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  fields: Record<string, string>;
  error?: string | null;
  testId?: string;
}) {
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <DialogBackdrop
        transition
        className="fixed inset-0 bg-slate-900/50 transition-opacity duration-150 ease-out data-[closed]:opacity-0 motion-reduce:transition-none dark:bg-black/70"
      />
      <div className="fixed inset-0 flex w-screen items-end justify-center overflow-y-auto p-4 sm:items-center">
        <DialogPanel
          transition
          data-testid={testId}
          className={`${card} w-full max-w-md p-5 shadow-xl transition duration-150 ease-out data-[closed]:scale-95 data-[closed]:opacity-0 motion-reduce:transition-none sm:p-6`}
        >
          <DialogTitle className="text-lg font-semibold text-slate-900 dark:text-white">
            {title}
          </DialogTitle>
          <Description
            as="div"
            className="mt-3 space-y-2 text-sm text-slate-700 dark:text-slate-200"
          >
            {children}
          </Description>
          <Form method="post" className="mt-4 space-y-3" preventScrollReset>
            {Object.entries(fields).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            {error && (
              <Alert tone="error" testId="dialog-error">
                {error}
              </Alert>
            )}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <button
                type="button"
                onClick={onClose}
                data-autofocus
                data-testid="dialog-cancel"
                className={buttonClass({ variant: "secondary", block: true })}
              >
                {cancelLabel}
              </button>
              <SubmitButton>{confirmLabel}</SubmitButton>
            </div>
          </Form>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
