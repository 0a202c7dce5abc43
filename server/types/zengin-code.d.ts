/** zengin-code ships plain JavaScript: its data, as the package documents it. */
declare module "zengin-code" {
  interface ZenginBranch {
    code: string;
    name: string;
    kana: string;
    hira: string;
    roma: string;
  }
  interface ZenginBank extends ZenginBranch {
    branches: Record<string, ZenginBranch>;
  }
  const banks: Record<string, ZenginBank>;
  export default banks;
}
