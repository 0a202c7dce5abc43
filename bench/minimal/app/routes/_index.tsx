import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

/** One loader and one component: what every Remix page costs before it does anything. */
export async function loader() {
  return json({ greeting: "こんにちは", at: new Date().toISOString() });
}

export default function Index() {
  const { greeting, at } = useLoaderData<typeof loader>();
  return (
    <main>
      <h1>{greeting}</h1>
      <p>{at}</p>
    </main>
  );
}
