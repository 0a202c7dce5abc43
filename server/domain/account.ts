import * as z from "zod";
import { required as present } from "./fields";
import { agreement } from "./legal";
import { nameSchema, nicknameSchema } from "./text";

/**
 * The account forms' inputs (sign-up, sign-in, passwords, email changes). Messages are keys
 * under errors:field; the form shows them with the field's name, so one schema serves the
 * procedure and the browser's check of the form in both languages (pure: no Node imports).
 * An empty field gets only "… is required" (`present`), not every format rule as well.
 */

export const emailSchema = z
  .string({ error: "required" })
  .trim()
  .toLowerCase()
  .min(1, present)
  .max(254, "tooLong")
  .email("emailInvalid");

/** At least 8 characters with an upper-case letter, a lower-case letter and a digit. */
export const passwordSchema = z
  .string({ error: "required" })
  .min(1, present)
  .max(128, "tooLong")
  .refine(
    (p) => p.length >= 8 && /[A-Z]/.test(p) && /[a-z]/.test(p) && /\d/.test(p),
    "passwordWeak",
  );

const tokenSchema = z
  .string({ error: "linkInvalid" })
  .min(1, "linkInvalid")
  .max(100, "linkInvalid");

function confirmed<T extends { password: string; passwordConfirm: string }>(
  value: T,
  ctx: z.RefinementCtx,
) {
  if (value.password !== value.passwordConfirm) {
    ctx.addIssue({ code: "custom", path: ["passwordConfirm"], message: "passwordMismatch" });
  }
}

export const registerInput = z
  .object({
    name: nameSchema,
    nickname: nicknameSchema,
    email: emailSchema,
    password: passwordSchema,
    passwordConfirm: z.string({ error: "required" }).min(1, present),
    ref: z.string().trim().max(32).optional(),
    /** Agreeing to the current terms of use and privacy policy (recorded with the account). */
    agree: agreement,
  })
  // The passwords are compared whether the agreement box is ticked yet or not, as before it
  // existed: only the other fields' errors hold the comparison back.
  .superRefine(confirmed, {
    when: (payload) => payload.issues.every((issue) => issue.path?.[0] === "agree"),
  });

export const loginInput = z.object({
  email: emailSchema,
  password: z.string({ error: "required" }).min(1, present).max(128, "tooLong"),
});

/** A 6-digit authenticator code or a recovery code (xxxxx-xxxxx). */
export const mfaCodeInput = z.object({
  code: z
    .string({ error: "required" })
    .trim()
    .min(1, present)
    .max(20, "codeInvalid")
    .regex(/^(\d{6}|[0-9a-z]{5}-?[0-9a-z]{5})$/i, "codeInvalid"),
});

export const forgotPasswordInput = z.object({ email: emailSchema });

/** A new password, typed twice: the reset form (its token is in the link) and the change form. */
const newPasswordFields = {
  password: passwordSchema,
  passwordConfirm: z.string({ error: "required" }).min(1, present),
};

export const newPasswordInput = z.object(newPasswordFields).superRefine(confirmed);

/** The reset form's fields with the emailed link's token, which the procedure checks. */
export const resetPasswordInput = z
  .object({ token: tokenSchema, ...newPasswordFields })
  .superRefine(confirmed);

export const tokenInput = z.object({ token: tokenSchema });

export const checkLinkInput = z.object({
  token: tokenSchema,
  purpose: z.enum(["reset_password", "verify_email", "change_email", "recover_email"]),
});

export const changeEmailInput = z.object({ newEmail: emailSchema });

export const reauthInput = z.object({
  email: emailSchema,
  password: z.string({ error: "required" }).min(1, present).max(128, "tooLong"),
  code: z
    .string()
    .trim()
    .max(20, "codeInvalid")
    .regex(/^(|\d{6}|[0-9a-z]{5}-?[0-9a-z]{5})$/i, "codeInvalid")
    .optional(),
});

export const changePasswordInput = newPasswordInput;

/** A passkey of the account, by its id. */
export const passkeyIdInput = z.object({ id: z.string().min(1).max(26) });

/** A passkey's label, shown in the list ("iPhone", "YubiKey"). */
export const passkeyNameSchema = z.string().trim().min(1, "required").max(100, "tooLong");

/** The passkey settings' name field as a form, for its limits in the browser. */
export const passkeyNameForm = z.object({ passkeyName: passkeyNameSchema });
