/** The admin forms' field pieces live in server/domain/form-fields.ts (the browser checks them). */
export * from "../domain/form-fields";
