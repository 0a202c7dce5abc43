import { z } from "zod";

/** The message key of a missing value (errors:field.required), for every input schema. */
export const required = "required";

/** A record's id: a value that is not even the shape of one is "not found", like an unknown id. */
import { recordId } from "../domain/fields";

export { recordId };

/** The input of a procedure that takes one record's id. */
export const idInput = z.object({ id: recordId });

/** A required field's "missing" refusal that stops further checks (no "too short" on top). */
export { required as present } from "../domain/fields";
