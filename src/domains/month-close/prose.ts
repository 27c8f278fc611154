// The OpenAPI description of the close-status route (routes.ts).
import { prose } from "../../http/prose";

export const PROSE = {
  closeStatus: prose`
    Whether a month (month=YYYY-MM) or a fiscal year (fiscal_year=<period id or YYYY>) is ready to
    close, and every blocker with a link to its records: month_not_ended, unbooked_bank_rows,
    account_not_reconciled, account_not_signed_off, tax_account_not_reconciled,
    supplier_invoices_awaiting_approval, payments_not_booked, draft_entries, voucher_gaps,
    vat_return_missing, agi_missing (docs/payment-loop.md). Computed at each call. The minute
    sweep checks the month before the current one and emits month.ready_to_close once, when it
    first finds it ready (announced_ready_at).
  `,
};

/** Each route's summary and description (routes.ts: `on.post(WRITE, path, DOCS.x)`). */
export const DOCS = {
  closeStatus: {
    summary: "Is the month (or fiscal year) ready to close, and what blocks it",
    description: PROSE.closeStatus,
  },
};
