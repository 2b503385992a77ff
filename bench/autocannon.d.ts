/** The part of autocannon's programmatic API the benches use (it ships no types). */
declare module 'autocannon' {
  interface RawRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  interface RequestSpec extends RawRequest {
    /** changes each request before it is sent; `context` is the connection's own */
    setupRequest?: (request: RawRequest, context: Record<string, unknown>) => RawRequest;
    /** sees each answer's status and body */
    onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
  }
  interface Options {
    /** several: the connections are spread over them in turn */
    url: string | string[];
    /** requests in all, instead of a duration */
    amount?: number;
    requests?: RequestSpec[];
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    method?: string;
    body?: string;
  }
  interface Histogram {
    average: number;
    p50: number;
    p99: number;
    /** for `requests`: how many completed in the run */
    total: number;
  }
  interface Result {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    /** seconds the run took */
    duration: number;
    '3xx'?: number;
  }
  export default function autocannon(options: Options): Promise<Result>;
}
