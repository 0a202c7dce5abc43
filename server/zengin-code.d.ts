// zengin-code ships no types: every Japanese bank by its 4-digit code, each with its branches
// by 3-digit code, names in kanji, katakana, hiragana and romaji.
declare module "zengin-code" {
  interface Named {
    code: string;
    name: string;
    kana: string;
    hira: string;
    roma: string;
  }
  const banks: Record<
    string,
    (Named & { branches: Record<string, Named | undefined> }) | undefined
  >;
  export default banks;
}
