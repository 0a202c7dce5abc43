/** A path under /admin that no page claims: the area's 404, inside its shell and guard. */
export function loader() {
  throw new Response("Not found", { status: 404 });
}

export default function NotFoundInArea() {
  return null;
}
