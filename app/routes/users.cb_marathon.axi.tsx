import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { MarathonProgress } from "~/components/marathon/MarathonProgress";
import { requireMember } from "~/lib/guards.server";

export const handle = { i18n: ["marathon"] };

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireMember(request, context);
  return json(await context.trpc.marathon.progress({ course: "axi" }));
}

/** /users/cb_marathon/axi: the Axi course (Axi accounts only). */
export default function MarathonAxi() {
  const { marathons } = useLoaderData<typeof loader>();
  return <MarathonProgress course="axi" marathons={marathons} />;
}
