import type { AddressInfo } from "node:net";
import type { RequestListener, Server } from "node:http";
import { createServer } from "node:http";

export interface RunningServer {
  server: Server;
  /** "http://127.0.0.1:<port>" */
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Listens on a free loopback port; close() also drops keep-alive sockets. */
export async function listen(handler: RequestListener | Server): Promise<RunningServer> {
  const server = typeof handler === "function" ? createServer(handler) : handler;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    server,
    port,
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        if (!server.listening) return resolve();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
