import { z } from "@hono/zod-openapi";

export const VerifyQuery = z.object({
  after_seq: z.coerce
    .number()
    .int()
    .min(0)
    .default(0)
    .openapi({ description: "verify the entries after this seq (0: from the start)" }),
  limit: z.coerce.number().int().min(1).max(5000).default(2000),
});

const MismatchSchema = z
  .object({
    reason: z.enum([
      "sequence_gap",
      "previous_hash_mismatch",
      "entry_missing",
      "entry_not_posted",
      "document_missing",
      "hash_mismatch",
      "unchained_entry",
      "seal_mismatch",
    ]),
    seq: z.number().int().nullable(),
    entry_id: z.string().nullable(),
    document_id: z
      .string()
      .nullable()
      .optional()
      .openapi({ description: "the document of a document's own place in the chain (kind document)" }),
    voucher: z.string().nullable(),
    stored_hash: z.string().nullable(),
    computed_hash: z.string().nullable(),
  })
  .openapi("LedgerChainMismatch");

export const VerifySchema = z
  .object({
    verified_through_seq: z.number().int(),
    head_seq: z.number().int(),
    next_after_seq: z.number().int().nullable(),
    complete: z.boolean(),
    first_mismatch: MismatchSchema.nullable(),
  })
  .openapi("LedgerChainVerification");

export const ChainQuery = z.object({
  after_seq: z.coerce.number().int().min(0).default(0),
  through_seq: z.coerce.number().int().min(0).optional().openapi({ description: "the last seq (default: the head)" }),
  limit: z.coerce.number().int().min(1).max(5000).default(2000),
});

const ChainLineSchema = z.object({
  sort_order: z.number().int(),
  account_number: z.string(),
  debit_ore: z.number().int(),
  credit_ore: z.number().int(),
  dimensions: z.record(z.string(), z.string()).nullable(),
  line_description: z.string().nullable(),
});

export const ChainRecordSchema = z
  .object({
    seq: z.number().int(),
    v: z.number().int().openapi({ description: "the version of the canonical form the hash covers (1 or 2)" }),
    kind: z.enum(["entry", "document"]),
    hash: z.string(),
    document: z
      .object({ id: z.string(), entry_id: z.string().nullable(), sha256: z.string() })
      .nullable()
      .openapi({ description: "a document linked to an entry already chained (kind document)" }),
    entry: z
      .object({
        id: z.string(),
        date: z.string(),
        series: z.string(),
        number: z.number().int(),
        description: z.string(),
        reverses_id: z.string().nullable(),
        correction_of_id: z.string().nullable(),
        lines: z.array(ChainLineSchema),
        documents: z
          .array(z.string())
          .openapi({ description: "the SHA-256 of the documents linked when the entry was chained (version 2)" }),
      })
      .nullable(),
  })
  .openapi("LedgerChainRecord");

export const ChainPageSchema = z
  .object({
    company_id: z.string(),
    records: z.array(ChainRecordSchema),
    next_after_seq: z.number().int().nullable(),
  })
  .openapi("LedgerChainPage");

export const SealSchema = z
  .object({
    fiscal_period_id: z.string(),
    period_start: z.string(),
    period_end: z.string(),
    chain_seq: z.number().int(),
    chain_hash: z.string(),
    entry_count: z.number().int(),
    line_count: z.number().int(),
    debit_total_ore: z.number().int(),
    credit_total_ore: z.number().int(),
    sealed_at: z.string(),
    key_id: z.string(),
    signature: z.string(),
    payload: z.string(),
  })
  .openapi("FiscalYearSeal");

export const BackfillSchema = z
  .object({ chained: z.number().int(), done: z.boolean(), head_seq: z.number().int(), head_hash: z.string() })
  .openapi("LedgerChainBackfill");

export const KeysSchema = z
  .object({
    keys: z.array(
      z.object({
        kty: z.literal("OKP"),
        crv: z.literal("Ed25519"),
        x: z.string(),
        kid: z.string(),
        use: z.literal("sig"),
        alg: z.literal("EdDSA"),
        dev: z.boolean().optional(),
        current: z.boolean(),
      }),
    ),
  })
  .openapi("LedgerKeys");
