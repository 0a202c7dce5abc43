import { passkeyIdInput, passkeyNameSchema } from "../../domain/account";
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { z } from "zod";
import { MAX_CREDENTIAL_ID_LENGTH } from "./passkeys";

/**
 * What the browser's WebAuthn calls send back (as @simplewebauthn/browser serialises them).
 * Sizes are bounded so a request cannot make the server parse megabytes; the library checks
 * the content itself.
 */
const b64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/);

const TRANSPORTS = ["ble", "cable", "hybrid", "internal", "nfc", "smart-card", "usb"] as const;

const common = {
  id: b64url(MAX_CREDENTIAL_ID_LENGTH).min(1),
  rawId: b64url(MAX_CREDENTIAL_ID_LENGTH).min(1),
  type: z.literal("public-key"),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
};

export const registrationResponseSchema = z.object({
  ...common,
  response: z.object({
    clientDataJSON: b64url(4096).min(1),
    attestationObject: b64url(32768).min(1),
    authenticatorData: b64url(16384).optional(),
    // Unknown future transports are dropped rather than refused.
    transports: z
      .array(z.string().max(32))
      .max(10)
      .optional()
      .transform((list) => list?.filter((t) => (TRANSPORTS as readonly string[]).includes(t))),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: b64url(8192).optional(),
  }),
}) as unknown as z.ZodType<RegistrationResponseJSON>;

export const authenticationResponseSchema = z.object({
  ...common,
  response: z.object({
    clientDataJSON: b64url(4096).min(1),
    authenticatorData: b64url(16384).min(1),
    signature: b64url(8192).min(1),
    userHandle: b64url(512).optional(),
  }),
}) as unknown as z.ZodType<AuthenticationResponseJSON>;

export const registerPasskeyInput = z.object({
  name: passkeyNameSchema,
  response: registrationResponseSchema,
});

export const passkeyAssertionInput = z.object({ response: authenticationResponseSchema });

export { passkeyIdInput };
