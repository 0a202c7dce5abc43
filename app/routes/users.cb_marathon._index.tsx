import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { MarathonProgress } from "~/components/marathon/MarathonProgress";

export const handle = { i18n: ["marathon"] };

export async function loader({ context }: LoaderFunctionArgs) {
  return json(await context.trpc.marathon.progress({ course: "general" }));
}

/** /users/cb_marathon: the general course. */
export default function MarathonGeneral() {
  const { marathons } = useLoaderData<typeof loader>();
  return <MarathonProgress course="general" marathons={marathons} />;
}
