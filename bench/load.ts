/**
 * One autocannon run against a page of a server this benchmark started: requests/second,
 * latency percentiles, and the CPU the server spent per answered request. Every request asks
 * for a compressed answer (`gzip, deflate, br` unless told otherwise), as a browser does, so
 * the server's compression runs.
 */
import type { ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import autocannon from "autocannon";

/** Seconds per run (BENCH_DURATION, default 10). */
export const DURATION = Number(process.env.BENCH_DURATION ?? 10);
/** Seconds of unmeasured load before a server's first measured run (BENCH_WARMUP, default 5). */
export const WARMUP = Number(process.env.BENCH_WARMUP ?? 5);
export const ACCEPT_ENCODING = "gzip, deflate, br";

/** What each measured encoding asks for: a browser's header, and one without Brotli. */
export const ACCEPT_FOR = { br: ACCEPT_ENCODING, gzip: "gzip, deflate" } as const;
export type BenchEncoding = keyof typeof ACCEPT_FOR;

function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * CPU time a process has used so far, in ms (Linux: /proc/<pid>/stat, user + system, in clock
 * ticks of 10 ms); NaN elsewhere. Under a heavy machine load the requests/second of both
 * servers depend on the scheduler as much as on their code: the CPU a request costs the
 * server does not (the database's CPU is not in it).
 */
function cpuMs(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}

export interface Run {
  /** The server's CPU per answered request, ms. */
  cpu: number;
  p50: number;
  p95: number;
  p99: number;
  rps: number;
  non2xx: number;
  errors: number;
}

export async function run(
  url: string,
  cookies: string[],
  connections: number,
  server: ChildProcess,
  duration = DURATION,
  acceptEncoding: string = ACCEPT_ENCODING,
): Promise<Run> {
  // One request first, to fail clearly on a redirect or an error rather than measure it.
  const probe = await fetch(url, {
    redirect: "manual",
    headers: { cookie: cookies[0] ?? "", "accept-encoding": acceptEncoding },
  });
  if (probe.status !== 200) throw new Error(`${url}: HTTP ${probe.status}`);
  // The answer must come in the encoding measured (a page under the size threshold would not).
  const wanted = acceptEncoding === ACCEPT_ENCODING ? "br" : "gzip";
  if (probe.headers.get("content-encoding") !== wanted)
    throw new Error(`${url}: answered ${probe.headers.get("content-encoding")}, not ${wanted}`);
  await probe.arrayBuffer();

  let next = 0;
  const times: number[] = [];
  const instance = autocannon({
    url,
    connections,
    duration,
    requests: [
      {
        method: "GET",
        setupRequest: (req: autocannon.Request) => ({
          ...req,
          headers: {
            ...req.headers,
            "accept-encoding": acceptEncoding,
            ...(cookies.length ? { cookie: cookies[next++ % cookies.length]! } : {}),
          },
        }),
      },
    ],
  });
  instance.on("response", (_client: unknown, _status: number, _bytes: number, ms: number) => {
    times.push(ms);
  });
  const cpuBefore = cpuMs(server.pid);
  const result = await instance;
  const cpu = (cpuMs(server.pid) - cpuBefore) / Math.max(1, result.requests.total);
  times.sort((a, b) => a - b);
  return {
    cpu,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    rps: result.requests.total / (result.duration || duration),
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}
