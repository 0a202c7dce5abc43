/** The part of autocannon's API that bench/pages.ts uses (the package ships no types). */
declare module "autocannon" {
  import type { EventEmitter } from "node:events";

  namespace autocannon {
    interface Request {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string;
    }
    interface Options {
      url: string;
      connections?: number;
      duration?: number;
      headers?: Record<string, string>;
      requests?: {
        method?: string;
        path?: string;
        setupRequest?: (request: Request, context: Record<string, unknown>) => Request;
      }[];
    }
    interface Result {
      requests: { total: number; average: number };
      duration: number;
      non2xx: number;
      errors: number;
      timeouts: number;
    }
    type Instance = EventEmitter & PromiseLike<Result>;
  }
  function autocannon(options: autocannon.Options): autocannon.Instance;
  export default autocannon;
}
