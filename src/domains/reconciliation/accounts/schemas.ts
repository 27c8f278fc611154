// The reconciliation accounts' queries, bodies and answers: figures, items, links, sign-offs.
import { z } from "@hono/zod-openapi";
import { PROSE } from "./prose";
import { DateSchema } from "../../../http/fields";

const Bool = z.enum(["true", "false"]).transform((v) => v === "true");

export const RangeQuery = z.object({ date_from: DateSchema.optional(), date_to: DateSchema.optional() }).strict();

export const AccountsQuery = RangeQuery.extend({
  with_status: Bool.optional().openapi({ description: "false skips the status (faster); default true" }),
}).strict();

export const BucketSchema = z.enum([
  "proposed",
  "unmatched_external",
  "unmatched_ledger",
  "matched",
  "ignored",
  "upcoming",
]);

export const ItemsQuery = RangeQuery.extend({
  bucket: BucketSchema.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(200),
  cursor: z.string().optional(),
}).strict();

export const SignoffQuery = z.object({ include_reopened: Bool.optional() }).strict();

export const Money = z.number();

export const SourceSchema = z
  .object({ type: z.string(), synced_at: z.string().nullable(), stale: z.boolean() })
  .nullable();

export const StatusSchema = z
  .object({
    state: z.enum(["reconciled", "open", "stale", "not_configured"]),
    as_of: z.string(),
    unexplained_difference: Money.nullable(),
    open_counts: z.object({ proposed: z.number(), unmatched_external: z.number(), unmatched_ledger: z.number() }),
  })
  .nullable();

export const AccountSummarySchema = z
  .object({
    account_key: z.string(),
    kind: z.enum([
      "bank",
      "receivables",
      "payables",
      "skattekonto",
      "vat",
      "preliminary_tax",
      "employer_contributions",
    ]),
    account_number: z.string(),
    name: z.string(),
    currency: z.string(),
    source: SourceSchema,
    status: StatusSchema,
    superseded_by: z.string().nullable(),
  })
  .openapi("ReconciliationAccount");

export const CountsSchema = z.object({
  proposed: z.number(),
  unmatched_external: z.number(),
  unmatched_ledger: z.number(),
  matched: z.number(),
  ignored: z.number(),
});

export const AccountDetailSchema = AccountSummarySchema.extend({
  date_from: z.string(),
  date_to: z.string(),
  external_balance: Money.nullable(),
  ledger_balance: Money,
  difference: Money.nullable(),
  explained_difference: Money,
  unexplained_difference: Money.nullable(),
  is_reconciled: z.boolean(),
  stale: z.boolean(),
  bridge: z.array(
    z.object({
      key: z.string(),
      label_sv: z.string(),
      label_en: z.string(),
      amount: Money,
      count: z.number(),
      items_bucket: BucketSchema.nullable(),
    }),
  ),
  counts: CountsSchema,
  bank: z.record(z.string(), z.unknown()).optional().openapi({ description: "kind block of a bank account" }),
  receivables: z.record(z.string(), z.unknown()).optional(),
  payables: z.record(z.string(), z.unknown()).optional(),
  skattekonto: z
    .record(z.string(), z.unknown())
    .optional()
    .openapi({ description: "transactions_sum, statement_balance, external_balance_from, transaction_count" }),
  vat: z.record(z.string(), z.unknown()).optional().openapi({
    description: PROSE.detailVat,
  }),
  preliminary_tax: z.record(z.string(), z.unknown()).optional().openapi({
    description: PROSE.detailPreliminaryTax,
  }),
  employer_contributions: z.record(z.string(), z.unknown()).optional().openapi({
    description: PROSE.detailEmployerContributions,
  }),
}).openapi("ReconciliationAccountDetail");

export const ItemSchema = z
  .object({
    item_id: z.string(),
    item_type: z.enum(["transaction", "skattekonto_transaction", "journal_entry", "expected_charge"]).openapi({
      description: PROSE.itemType,
    }),
    side: z.enum(["external", "ledger"]),
    bucket: BucketSchema,
    date: z.string(),
    description: z.string(),
    amount: Money,
    currency: z.string(),
    journal_entry_id: z.string().nullable(),
    voucher: z.string().nullable(),
    matched_by: z.enum(["booking", "link", "reversal"]).nullable(),
    link_id: z.string().nullable(),
    proposal: z
      .object({
        counterpart_item_id: z.string(),
        journal_entry_id: z.string().nullable(),
        voucher_number: z.number().nullable(),
        voucher_series: z.string().nullable(),
        entry_date: z.string().nullable(),
        description: z.string().nullable(),
        entry_status: z.string().nullable(),
        confidence: z.number(),
        reasons: z.array(z.string()),
        auto_link: z.boolean().openapi({
          description: "unambiguous and confidence at least 0.8: POST .../bank/run with auto_link links it",
        }),
      })
      .nullable(),
    link_problem: z.string().nullable(),
    awaiting_external: z.boolean(),
    actions: z.array(z.string()),
  })
  .openapi("ReconciliationItem");

export const ItemsPageSchema = z.object({
  items: z.array(ItemSchema),
  count: z.number(),
  total_count: z.number(),
  has_more: z.boolean(),
  next_cursor: z.string().nullable(),
  older_unmatched_count: z.number(),
});

export const LinksBodySchema = z
  .object({
    use_proposals: z
      .boolean()
      .optional()
      .openapi({ description: "link every proposed pair of the account through date_to" }),
    date_to: DateSchema.optional().openapi({
      description: "with use_proposals: the date the proposals are computed through (default today)",
    }),
    pairs: z
      .array(
        z
          .object({
            external_item_ids: z
              .array(z.string().min(1))
              .min(1)
              .max(100)
              .openapi({ description: "bank transaction ids" }),
            ledger_item_ids: z
              .array(z.string().min(1))
              .min(1)
              .max(100)
              .openapi({ description: "journal line ids (item_id of ledger items)" }),
          })
          .strict(),
      )
      .max(100)
      .optional(),
  })
  .strict()
  .refine((b) => (b.use_proposals === true) !== (b.pairs !== undefined && b.pairs.length > 0), {
    message: "give either use_proposals: true or a non-empty pairs",
  })
  .openapi("ReconciliationLinksCreate");

export type LinksBody = z.infer<typeof LinksBodySchema>;

export const LinkSchema = z.object({
  link_id: z.string(),
  external_item_ids: z.array(z.string()),
  ledger_item_ids: z.array(z.string()),
  amount: Money,
  method: z.enum(["manual", "proposal", "auto"]),
});

export const LinksResultSchema = z.object({
  account_key: z.string(),
  links: z.array(LinkSchema),
  linked_count: z.number(),
});

export const UnlinkResultSchema = z.object({
  account_key: z.string(),
  link_id: z.string(),
  unlinked: z.boolean(),
  item_ids: z.array(z.string()),
});

export const SignoffBodySchema = z
  .object({
    through_date: DateSchema,
    date_from: DateSchema.optional().openapi({ description: "default 1 January of through_date's year" }),
    note: z.string().trim().max(2000).nullish(),
  })
  .strict()
  .openapi("ReconciliationSignoffCreate");

export type SignoffBody = z.infer<typeof SignoffBodySchema>;

export const SignoffSchema = z
  .object({
    id: z.string(),
    account_key: z.string(),
    date_from: z.string(),
    through_date: z.string(),
    external_balance: Money.nullable(),
    ledger_balance: Money,
    unexplained_difference: Money.nullable(),
    note: z.string().nullable(),
    signed_by: z.string().nullable(),
    signed_at: z.string(),
    reopened: z.boolean(),
    reopened_at: z.string().nullable(),
    reopened_by: z.string().nullable(),
    reopen_reason: z.enum(["ledger_changed", "external_changed"]).nullable(),
    current: z.object({ external_balance: Money.nullable(), ledger_balance: Money }).nullable(),
  })
  .openapi("ReconciliationSignoff");
