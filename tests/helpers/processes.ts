import { createServer } from "node:net";

/*
 * For tests and benchmarks that start the portal's processes (web server, bot, stand-ins) as
 * children of their own.
 */

/** A TCP port that is free on 127.0.0.1 now, for a child server to listen on. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * A child's environment: PATH and HOME from ours and nothing else of it (a developer's
 * DATABASE_URL or LINE secrets must not reach the child), then the given variables.
 */
export function childEnv(
  env: Record<string, string> & { NODE_ENV: "production" | "test" },
): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env };
}
