/**
 * The part of the LIFF SDK the LIFF landing page uses: start it, log in through LINE when the
 * page was opened outside LINE's own browser, and hand over the ID token (the server has LINE
 * verify it; nothing here trusts it). Loaded only by that page, and only the four modules of
 * LINE's pluggable SDK it needs.
 */
export interface LiffClient {
  init(config: { liffId: string }): Promise<void>;
  isLoggedIn(): boolean;
  login(config?: { redirectUri?: string }): void;
  getIDToken(): string | null;
}

declare global {
  interface Window {
    /** Defined only by the browser test: the real SDK works inside LINE or with LINE's servers. */
    liff?: LiffClient;
  }
}

export async function loadLiff(): Promise<LiffClient> {
  if (window.liff) return window.liff;
  const [core, idToken, loggedIn, login] = await Promise.all([
    import("@line/liff/core"),
    import("@line/liff/get-id-token"),
    import("@line/liff/is-logged-in"),
    import("@line/liff/login"),
  ]);
  const liff = core.default;
  liff.use(new idToken.default());
  liff.use(new loggedIn.default());
  liff.use(new login.default());
  return liff;
}
