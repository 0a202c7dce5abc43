import { z } from "zod";

export const languageSchema = z.enum(["ja", "en"]);

export const setLanguageInput = z.object({ language: languageSchema });
