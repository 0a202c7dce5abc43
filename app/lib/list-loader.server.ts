import { json, type LoaderFunctionArgs } from "@remix-run/node";
import type { Caller } from "#server/trpc/router";
import { searchParamsObject } from "#app/components/table/url";

/**
 * A list page's loader, written as what differs between lists: the page's procedure, called
 * with the URL's search params (filters, order, page number); it answers `{ page }`.
 */
export function listLoader<P>(read: (trpc: Caller, params: Record<string, string>) => Promise<P>) {
  return async ({ request, context }: LoaderFunctionArgs) =>
    json({ page: await read(context.trpc, searchParamsObject(request.url)) });
}
