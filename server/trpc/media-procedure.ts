import { fileInput } from "../domain/form-fields";
import type { Context } from "./context";
import { publicProcedure } from "./init";

/**
 * A stored image's procedure for its public /media/<area>/<file> route: anyone may ask, and
 * `read` (the area's readShownImage) answers only a file some row still shows.
 */
export function mediaImageProcedure<T>(read: (deps: Context, file: string) => Promise<T>) {
  return publicProcedure.input(fileInput).query(({ ctx, input }) => read(ctx, input.file));
}
