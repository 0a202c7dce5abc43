import i18next, { type TFunction } from "i18next";
import type { z } from "zod";
import { i18nOptions } from "#app/i18n";
import { resources } from "#app/locales.server";

/**
 * What a person reads for a schema's verdict, in both languages: each failing field's message
 * key translated the way the forms do it (errors:field.<key> with the field's own label).
 */

const instances = new Map<string, Promise<TFunction>>();

export function translator(lng: "ja" | "en"): Promise<TFunction> {
  let t = instances.get(lng);
  if (!t) {
    const i18n = i18next.createInstance();
    t = i18n.init({ ...i18nOptions, lng, resources }).then(() => i18n.t.bind(i18n));
    instances.set(lng, t);
  }
  return t;
}

export interface Read {
  key: string;
  ja: string;
  en: string;
}

/**
 * Field → message (first issue per field), or {} when the input passes. `labels` is where the
 * field labels live: a namespace ("profile" → profile:fields.<name>) or a full prefix
 * ("admin:brokers" → admin:brokers.fields.<name>).
 */
export async function fieldMessages(
  schema: z.ZodType,
  input: unknown,
  labels: string,
): Promise<Record<string, Read>> {
  const prefix = labels.includes(":") ? `${labels}.fields` : `${labels}:fields`;
  const result = schema.safeParse(input);
  if (result.success) return {};
  const [ja, en] = await Promise.all([translator("ja"), translator("en")]);
  const out: Record<string, Read> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? "form");
    if (out[field]) continue;
    const key = issue.message;
    out[field] = {
      key,
      ja: ja(`errors:field.${key}`, { field: ja(`${prefix}.${field}`) }),
      en: en(`errors:field.${key}`, { field: en(`${prefix}.${field}`) }),
    };
  }
  return out;
}

/** A top-level errors: key with its params, in both languages. */
export async function errorMessage(key: string, params: Record<string, unknown> = {}) {
  const [ja, en] = await Promise.all([translator("ja"), translator("en")]);
  return { ja: ja(`errors:${key}`, params), en: en(`errors:${key}`, params) };
}
