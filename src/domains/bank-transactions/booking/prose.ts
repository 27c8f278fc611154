// The OpenAPI prose of the booking room's routes (routes.ts), kept out of the route constants (issue #42).
import { prose } from "../../../http/prose";

export const PROSE = {
  settledDocumentsDescription: prose`
    paid or credited documents the row names (number or OCR): the row is their payment, already
    booked; link it in the reconciliation instead of booking it again
  `,
  listTransactionsDescription: prose`
    Newest registration first. status: booked or unbooked (ignored rows are neither). search
    matches the description, case-insensitive.
  `,
  listMerchantTemplatesDescription: prose`
    categorize remembers the account, category and VAT treatment of every business booking under
    the merchant's name; use a template's id as template_id or counterparty_template_id.
  `,
  batchCategorizeDescription: prose`
    Each item {transaction_id, category, account_number, vat_treatment, is_business,
    confirm_no_match} is booked as categorize would (account_number as account_override). Out:
    results[] {ok, request_index, data {voucher_number, ...} or error}, summary.
  `,
  categorizeTransactionDescription: prose`
    Business rows: category (bank_fees 6570, office_supplies 6110 + 25 % VAT, representation
    6072 with VAT capped at 36 kr per person, owner_withdrawal, owner_deposit, tax_account 1630,
    loan_repayment 2350, interest 8410/8311), template_id or counterparty_template_id, or
    account_override (+ vat_treatment). is_business false: booked to the owner's account
    (2013/2018 for a sole trader, 1685/2893 for a legal person); in a locked period a sole
    trader's private row is ignored instead, a legal person's gives
    TX_CATEGORIZE_PRIVATE_PERIOD_LOCKED. An outflow that looks like a supplier invoice's payment
    gives TX_CATEGORIZE_SUGGEST_SI_MATCH unless confirm_no_match. Unknown account:
    TX_CATEGORIZE_INVALID_ACCOUNT. Already booked: only the flags change. Emits
    transaction.categorized.
  `,
  suggestTransactionCategoriesDescription: prose`
    From the company's own data: an open invoice whose OCR reference or number the row carries,
    the merchant's remembered booking, open invoices or supplier invoices of the same amount,
    and the category rules. No body; writes nothing.
  `,
  ignoreTransactionDescription: prose`
    Works in locked periods. Booked rows (an entry of their own, a payment match, or a
    reconciliation link to an entry booked elsewhere): TX_IGNORE_ALREADY_BOOKED (409).
  `,
  uncategorizeTransactionDescription: prose`
    The storno is dated like the entry when its period is open, else today. Unbooked:
    TX_UNCATEGORIZE_NOT_BOOKED. A payment match cannot be reversed here (NOT_IMPLEMENTED).
  `,
};

/** Each route's summary and description (routes.ts: `on.post(WRITE, path, DOCS.x)`). */
export const DOCS = {
  listTransactions: {
    summary: "List bank transactions",
    description: PROSE.listTransactionsDescription,
  },
  getTransaction: {
    summary: "Get a bank transaction",
  },
  listMerchantTemplates: {
    summary: "List the booking templates remembered per merchant",
    description: PROSE.listMerchantTemplatesDescription,
  },
  batchCategorize: {
    summary: "Categorize up to 100 transactions (partial success)",
    description: PROSE.batchCategorizeDescription,
  },
  categorizeTransaction: {
    summary: "Book a transaction to a category, template or account",
    description: PROSE.categorizeTransactionDescription,
  },
  suggestTransactionCategories: {
    summary: "Ranked booking suggestions for a transaction",
    description: PROSE.suggestTransactionCategoriesDescription,
  },
  ignoreTransaction: {
    summary: "Ignore a transaction (no entry needed)",
    description: PROSE.ignoreTransactionDescription,
  },
  unignoreTransaction: {
    summary: "Restore an ignored transaction to unbooked",
    description: "Works in locked periods.",
  },
  uncategorizeTransaction: {
    summary: "Reverse a categorized transaction's entry (storno)",
    description: PROSE.uncategorizeTransactionDescription,
  },
};
