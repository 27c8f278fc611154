// Retries on 429 and 5xx (and on a network failure) with exponential backoff and full
// jitter, honouring Retry-After (seconds or an HTTP date) when the service sends it.
// A write is safe to repeat because the request carries the same Idempotency-Key on
// every attempt: the service answers a replay with the first response, and stores no
// 5xx answer under a key, so a retried 5xx runs the command again.

export interface RetryOptions {
  /** attempts after the first; default 3 */
  retries?: number;
  /** first backoff step in ms; default 500 (then 1 000, 2 000, ... with full jitter) */
  baseDelayMs?: number;
  /** no single wait is longer than this, Retry-After included; default 60 000 */
  maxDelayMs?: number;
  /** replaced in tests */
  sleep?: (ms: number) => Promise<void>;
  /** 0 <= random() < 1; replaced in tests */
  random?: () => number;
}

export type FetchFn = (request: Request) => Promise<Response>;

export const isRetryableStatus = (status: number) => status === 429 || status >= 500;

/** Milliseconds to wait from a Retry-After value, or null when it is absent or unreadable. */
export function retryAfterMs(value: string | null, now = Date.now()): number | null {
  if (value === null || value.trim() === "") return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

export function withRetries(inner: FetchFn, options: RetryOptions = {}): FetchFn {
  const retries = options.retries ?? 3;
  const base = options.baseDelayMs ?? 500;
  const max = options.maxDelayMs ?? 60_000;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const random = options.random ?? Math.random;
  const backoff = (attempt: number) => Math.floor(random() * Math.min(max, base * 2 ** attempt));

  return async (request) => {
    for (let attempt = 0; ; attempt++) {
      // The original is never sent, so each attempt can read the body afresh.
      const copy = request.clone();
      let response: Response;
      try {
        response = await inner(copy);
      } catch (err) {
        if (attempt >= retries || request.signal?.aborted) throw err;
        await sleep(backoff(attempt));
        continue;
      }
      if (!isRetryableStatus(response.status) || attempt >= retries) return response;
      const wait = retryAfterMs(response.headers.get("Retry-After")) ?? backoff(attempt);
      await response.body?.cancel();
      await sleep(Math.min(wait, max));
    }
  };
}
