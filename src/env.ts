/** Bindings and configuration the Worker receives (wrangler.toml, .dev.vars, secrets). */
export interface Env {
  /** the directory: users, API keys, memberships, the company list and each company's home (src/db/homes.ts) */
  DIRECTORY: D1Database;
  /**
   * The company's home (one of the ledger databases, or the directory for a company created
   * before them): set by the pipeline once a request has entered its company (src/http/
   * company-access.ts), by the company's writer for its commands, and by background work for
   * the database it works on. Absent elsewhere: a read of it outside a company fails loudly.
   */
  DB: D1Database;
  /** ledger databases: LEDGER_1, LEDGER_2, ... (wrangler.toml) */
  [ledger: `LEDGER_${number}`]: D1Database;
  /** the ledger databases new companies are placed on, comma-separated (default: every one bound) */
  LEDGER_PLACEMENT?: string;
  /** seconds between a move's switch and the deletion of the rows it left (default 90; src/writer/move.ts) */
  MOVE_CLEANUP_GRACE_SECONDS?: string;
  /**
   * a move's steps (src/writer/move-steps.ts): rows per page and delete chunk (default 2000), D1
   * queries per step (default 200, at most 900), milliseconds between steps (default 0)
   */
  MOVE_CHUNK_ROWS?: string;
  MOVE_STEP_QUERIES?: string;
  MOVE_STEP_PAUSE_MS?: string;
  DOCUMENTS: R2Bucket;
  JOBS: Queue;
  /** one per company; called through the interfaces it implements: CommandWriter (src/commands/submit.ts), AccessWriter (src/http/access.ts) */
  COMPANY_WRITER: DurableObjectNamespace;
  /** one per API key; called through RateLimiterRpc (src/http/rate-limit.ts) */
  RATE_LIMITER: DurableObjectNamespace;
  SERVICE_VERSION: string;
  RATE_LIMIT_PER_MINUTE: string;
  /** Enables /admin/v1 when set. */
  ADMIN_TOKEN?: string;
  /** Signs pagination cursors; falls back to a per-deployment constant when unset. */
  CURSOR_SECRET?: string;
  /** AES-256-GCM key (32 bytes, base64) for personal numbers and webhook secrets */
  PII_ENCRYPTION_KEY?: string;
  /** the API's public origin (https://api.example.se): signed download URLs are built on it, never on the request's Host */
  PUBLIC_BASE_URL?: string;
  /** signs document download URLs */
  DOCUMENT_URL_SECRET?: string;
  /** DNS-over-HTTPS resolver (JSON API) used to check webhook hosts */
  DNS_RESOLVER_URL?: string;
  /** webhook delivery timeout in ms (10 000 by contract) */
  WEBHOOK_TIMEOUT_MS?: string;
  /** "true" admits http://127.0.0.1:PORT webhook receivers, only together with ENVIRONMENT=development */
  WEBHOOK_ALLOW_LOCAL_HTTP?: string;
  /** "development" only when started by scripts/start.mjs (npm start); unset when deployed */
  ENVIRONMENT?: string;
  /**
   * Webhook deliveries connect through this network when it is bound: a workerd network
   * service that admits only public addresses at connect time (npm start binds it; a
   * deployed Worker has none and relies on the platform). See src/domains/webhooks/egress.ts.
   */
  WEBHOOK_EGRESS?: Fetcher;
  /** EU VAT registry REST base URL and timeout; configuration so tests can use a fake */
  VIES_BASE_URL?: string;
  VIES_TIMEOUT_MS?: string;
  /** central-bank exchange rates (Riksbank SWEA API) base URL and timeout */
  FX_RATES_BASE_URL?: string;
  FX_RATES_TIMEOUT_MS?: string;
  /** HTTP mail API for sending invoices: endpoint, bearer token, sender address, timeout */
  EMAIL_API_URL?: string;
  EMAIL_API_TOKEN?: string;
  EMAIL_FROM?: string;
  EMAIL_TIMEOUT_MS?: string;
  /** rows per stored chunk of a bank file (default 500); tests and benchmarks set it (src/domains/bank-transactions/import.ts) */
  BANK_IMPORT_CHUNK_ROWS?: string;
  /** vouchers per chunk of a SIE import (1 to 2 000, default 2 000); tests set it (src/domains/imports/sie-import.ts) */
  SIE_IMPORT_CHUNK_VOUCHERS?: string;
  /** days an outbox event is kept after it was created, once every delivery of it is over (default 30; src/commands/outbox-retention.ts) */
  OUTBOX_RETENTION_DAYS?: string;
  /** outbox events deleted at most per minute's run (default 1 000); tests set it */
  OUTBOX_PRUNE_BATCH?: string;
  /** bytes per read range of a large CSV bank file (default 256 KiB); a larger file is read range by range (import-ranges.ts) */
  BANK_IMPORT_RANGE_BYTES?: string;
  /**
   * The verifiable ledger's Ed25519 signing key, a private JWK with kid (src/ledger/signing.ts);
   * a fixed development key when unset. LEDGER_PUBLIC_KEYS: the public JWKs of earlier keys (a JSON array).
   */
  LEDGER_SIGNING_KEY?: string;
  LEDGER_PUBLIC_KEYS?: string;
  /** "true" mounts the benchmark floors under /__bench (src/http/bench-floors.ts); set only by bench/service.mjs */
  BENCH_FLOORS?: string;
}

/**
 * The configured public origin (PUBLIC_BASE_URL) as `scheme://host[:port]`, or null when
 * it is unset or not an http(s) URL. Links handed out (signed downloads) are built on it,
 * never on the request's Host.
 */
export function publicOrigin(value: string | undefined): string | null {
  try {
    const url = value ? new URL(value) : null;
    return url && (url.protocol === "https:" || url.protocol === "http:") ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * What a deployed Worker (ENVIRONMENT unset) lacks to serve: a missing or malformed
 * PUBLIC_BASE_URL. Locally (ENVIRONMENT=development) scripts/start.mjs passes the
 * server's own address, so nothing is required there.
 */
export function missingDeploymentSettings(env: Pick<Env, "ENVIRONMENT" | "PUBLIC_BASE_URL">): string[] {
  if (env.ENVIRONMENT) return [];
  return publicOrigin(env.PUBLIC_BASE_URL) ? [] : ["PUBLIC_BASE_URL"];
}
