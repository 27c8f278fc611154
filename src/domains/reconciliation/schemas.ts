import { z } from "@hono/zod-openapi";
import { AccountNumberSchema, DateSchema, SignedAmountSchema } from "../../http/fields";
import { TAX_ACCOUNT_KINDS } from "../../sweden/tax-account";

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

const Money = z.number();
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
    description:
      "moms_period; periods[] {period_start, period_end, declared_to_pay, booked, booked_amount, difference}; other_lines[]",
  }),
  preliminary_tax: z.record(z.string(), z.unknown()).optional().openapi({
    description:
      "salary_runs[] {salary_run_id, period, payment_date, tax_withheld, agi_amount, agi_submitted, agi_differs, booked, booked_amount, difference}; other_lines[]",
  }),
  employer_contributions: z.record(z.string(), z.unknown()).optional().openapi({
    description:
      "salary_runs[] {salary_run_id, period, payment_date, employer_contributions, agi_amount, agi_submitted, agi_differs, booked, booked_amount, difference}; other_lines[]",
  }),
}).openapi("ReconciliationAccountDetail");

export const ItemSchema = z
  .object({
    item_id: z.string(),
    item_type: z.enum(["transaction", "skattekonto_transaction", "journal_entry", "expected_charge"]).openapi({
      description:
        "expected_charge: a skattekonto charge the books predict (a VAT settlement on 2650, a booked salary run's 2710 / 2731), bucket upcoming, dated its due date, until a statement row meets it",
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

export const BankRunBodySchema = z
  .object({
    date_from: DateSchema.optional().openapi({
      description: "items dated before it are left alone (default 1 January of date_to's year)",
    }),
    date_to: DateSchema.optional().openapi({
      description: "the date the accounts are reconciled through (default today); not in the future",
    }),
    account_key: z
      .string()
      .optional()
      .openapi({ description: "one bank account (bank:<19xx>); default every bank account with transactions" }),
    auto_link: z.boolean().optional().openapi({
      description:
        "default true: link the unambiguous pairs of confidence >= 0.8 (method auto, the transaction's reconciliation_method auto); false: only propose",
    }),
  })
  .strict()
  .openapi("ReconciliationBankRun");
export type BankRunBody = z.infer<typeof BankRunBodySchema>;

const RunCounts = {
  transactions: z.number(),
  ledger_lines: z.number(),
  matched: z.number(),
  auto_linked: z.number(),
  proposed: z.number(),
  ambiguous: z.number().openapi({
    description: "transactions left unmatched because two or more lines (or transactions) share the best score",
  }),
  unmatched_external: z.number(),
  unmatched_ledger: z.number(),
  ignored: z.number(),
};
export const BankRunResultSchema = z
  .object({
    date_from: z.string(),
    date_to: z.string(),
    auto_link: z.boolean(),
    auto_link_min_confidence: z.number(),
    accounts: z.array(
      z.object({
        account_key: z.string(),
        settlement_account: z.string(),
        ...RunCounts,
        external_balance: Money.nullable(),
        ledger_balance: Money,
        difference: Money.nullable(),
      }),
    ),
    totals: z.object(RunCounts),
  })
  .openapi("ReconciliationBankRunResult");

const StatusCounts = {
  transactions: z.number(),
  ledger_lines: z.number(),
  matched: z.number(),
  proposed: z.number(),
  unmatched_external: z.number(),
  unmatched_ledger: z.number(),
  ignored: z.number(),
  external_balance: Money,
  ledger_balance: Money,
  balance_delta: Money.openapi({ description: "external_balance - ledger_balance at date_to" }),
  unexplained_difference: Money,
};
export const BankStatusSchema = z
  .object({
    date_from: z.string(),
    date_to: z.string(),
    accounts: z.array(
      z.object({
        account_key: z.string(),
        settlement_account: z.string(),
        ...StatusCounts,
        is_reconciled: z.boolean(),
      }),
    ),
    totals: z.object(StatusCounts),
  })
  .openapi("ReconciliationBankStatus");

export const TaxAccountRowsBodySchema = z
  .object({
    transactions: z
      .array(
        z
          .object({
            date: DateSchema.openapi({ description: "the date on Skatteverket's statement; not in the future" }),
            description: z.string().trim().min(1).max(500).openapi({
              description:
                "the statement's text, e.g. Inbetalning bokförd 260112, Moms dec 2025, Debiterad preliminärskatt jan 2026",
            }),
            amount: SignedAmountSchema.refine((n) => n !== 0, "must not be zero").openapi({
              description: "kronor, as the statement shows it: a payment in positive, a charge negative",
            }),
            balance_after: SignedAmountSchema.nullish().openapi({
              description: "the statement's saldo after the transaction",
            }),
          })
          .strict(),
      )
      .min(1)
      .max(1000),
  })
  .strict()
  .openapi("SkattekontoTransactionsCreate");
export type TaxAccountRowsBody = z.infer<typeof TaxAccountRowsBodySchema>;

export const TaxAccountRowsResultSchema = z.object({
  account_key: z.literal("skattekonto"),
  created: z.number(),
  duplicates: z.number().openapi({
    description: "rows already registered (same date, amount, text, saldo and place among identical rows): skipped",
  }),
  transaction_ids: z
    .array(z.string())
    .openapi({ description: "the new rows' ids (item_id of the skattekonto's external items)" }),
});
export const TaxAccountRowDeletedSchema = z.object({
  account_key: z.literal("skattekonto"),
  id: z.string(),
  deleted: z.boolean(),
});

export const TaxAccountBookBodySchema = z
  .object({
    account: AccountNumberSchema.optional().openapi({
      description:
        "the counter account; default the one the transaction's text names (Moms 2650, Arbetsgivaravgift 2731, Avdragen skatt 2710, Debiterad preliminärskatt 2518, Inbetalning / Utbetalning 1930, Kostnadsränta 8423, Intäktsränta 8314)",
    }),
  })
  .strict()
  .openapi("SkattekontoTransactionBook");
export type TaxAccountBookBody = z.infer<typeof TaxAccountBookBodySchema>;

const BookedRow = z.object({
  id: z.string(),
  date: z.string(),
  description: z.string(),
  amount: z.number(),
  kind: z.enum(TAX_ACCOUNT_KINDS),
  counter_account: z.string(),
  journal_entry_id: z.string(),
  voucher: z.string(),
});
export const TaxAccountBookedSchema = BookedRow.openapi("SkattekontoTransactionBooked");

export const TaxAccountBookSuggestedBodySchema = z
  .object({
    date_to: DateSchema.optional().openapi({ description: "the rows dated through this day (default today)" }),
  })
  .strict()
  .openapi("SkattekontoBookSuggested");
export type TaxAccountBookSuggestedBody = z.infer<typeof TaxAccountBookSuggestedBodySchema>;

export const TaxAccountBookSuggestedResultSchema = z
  .object({
    date_to: z.string(),
    linked: z
      .array(z.object({ id: z.string(), journal_entry_id: z.string(), line_id: z.string() }))
      .openapi({ description: "rows linked to the 1630 line that already books them (method proposal)" }),
    booked: z.array(BookedRow).openapi({ description: "rows booked against their counter account" }),
    left: z
      .array(
        z.object({
          id: z.string(),
          description: z.string(),
          amount: z.number(),
          reason: z.string(),
          bank_transaction_id: z.string().nullable(),
        }),
      )
      .openapi({
        description:
          "rows left for the client: no_known_counter_account (book with an account), unexplained_1630_line_of_the_same_amount (link it, or book the row), unbooked_bank_transaction (bank_transaction_id: categorise that bank row as tax_account, 1630, and run again: the row is then linked); period_locked, period_not_found, entry_date_outside_fiscal_period (the ledger takes no entry on the row's date)",
      }),
  })
  .openapi("SkattekontoBookSuggestedResult");

export const TaxAccountRowSchema = z
  .object({
    id: z.string(),
    date: z.string(),
    description: z.string(),
    amount: z.number(),
    balance_after: z.number().nullable(),
    source: z.enum(["manual", "file"]),
    import_id: z.string().nullable(),
    kind: z.enum(TAX_ACCOUNT_KINDS),
    period: z.string().nullable().openapi({ description: "the month the text names (Moms jan 2026: 2026-01)" }),
    status: z.enum(["booked", "linked", "suggested", "needs_account"]).openapi({
      description:
        "booked: an entry was posted from the row; linked: linked to a 1630 line; suggested: book-suggested will book it against suggested_account; needs_account: book it naming an account",
    }),
    suggested_account: z.string().nullable(),
    journal_entry_id: z.string().nullable(),
    link_id: z.string().nullable(),
  })
  .openapi("SkattekontoTransaction");
export type TaxAccountRowJson = z.infer<typeof TaxAccountRowSchema>;
