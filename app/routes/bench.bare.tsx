import { json } from "@remix-run/node";

/**
 * The page benchmark's baseline (npm run bench:pages): a page served through the same server,
 * root loader and document as every other page, with no data of its own. It exists only when
 * the server runs with BENCH_BARE_PAGE=1 (the benchmark sets it); anywhere else it is a 404.
 */
export async function loader() {
  if (process.env.BENCH_BARE_PAGE !== "1") throw new Response(null, { status: 404 });
  return json({ ok: true });
}

export default function BenchBare() {
  return <main id="bench-bare" />;
}
