import { json } from "@remix-run/node";

/**
 * The portal's empty page for the page benchmark (npm run bench:pages): the same server, root
 * loader and document as every other page, with no data of its own, so the benchmark shows
 * what the shell alone costs next to the minimal Remix page (bench/minimal). It exists only
 * when the server runs with BENCH_BARE_PAGE=1 (the benchmark sets it); anywhere else a 404.
 */
export async function loader() {
  if (process.env.BENCH_BARE_PAGE !== "1") throw new Response(null, { status: 404 });
  return json({ ok: true });
}

export default function BenchBare() {
  return <main id="bench-bare" />;
}
