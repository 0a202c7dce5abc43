import * as z from "zod";

/**
 * One withdrawal by its id (a transfer is one too): the member cancels a pending one, the admin
 * completes or approves it. Whose it is and whether it is still pending are the service's.
 * Apart from withdrawal.ts, whose forms' schemas the withdrawal and transfer pages load, so that
 * they do not carry this one.
 */
export const withdrawalIdInput = z.object({ id: z.string().min(1).max(64) });
