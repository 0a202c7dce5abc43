import { z } from "zod";
import { permissions } from "../../auth/permissions";
import { emailSchema, passwordSchema } from "../auth/schema";

const id = z.string().trim().min(1).max(26);

export const inviteInput = z.object({
  email: emailSchema,
  name: z.string().trim().min(1, "required").max(100, "tooLong"),
  roleId: id,
});

export const memberInput = z.object({ userId: id });
export const changeRoleInput = z.object({ userId: id, roleId: id });
export const invitationIdInput = z.object({ id });

/** A custom role: a name and, for each permission it holds, "view" or "act". */
export const createRoleInput = z.object({
  name: z.string().trim().min(1, "required").max(100, "tooLong"),
  grants: z
    .partialRecord(z.enum(permissions), z.enum(["view", "act"]))
    .refine((g) => Object.keys(g).length > 0, "roleNeedsPermission"),
});

/** A custom role's new name and grants (the same rules as a new one's). */
export const updateRoleInput = createRoleInput.extend({ roleId: z.string().min(1).max(64) });
export const roleIdInput = z.object({ roleId: z.string().min(1).max(64) });

export const invitationTokenInput = z.object({ token: z.string().trim().min(1).max(200) });
export const acceptInvitationInput = z.object({
  token: z.string().trim().min(1).max(200),
  password: passwordSchema,
});
