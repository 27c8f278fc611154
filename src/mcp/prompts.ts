// The prompts' texts. A step names the tools it uses; a step whose tool the caller
// cannot see (its key lacks the scope, or the operation does not exist) is left out,
// so a prompt never sends an agent to a tool it cannot call.

type Step = [text: string, ...tools: string[]];

function render(available: Set<string>, intro: string, steps: Step[], outro: string): string {
  const kept = steps.filter(([, ...tools]) => tools.every((t) => available.has(t)));
  return [intro, ...kept.map(([text], i) => `${i + 1}. ${text}`), outro].join("\n");
}

const SAFETY =
  "Preview every write with dry_run: true and show me what would be booked (accounts, amounts, dates) before you repeat it without dry_run. " +
  "If a commit is refused with UNATTENDED_COMMIT_LIMIT_EXCEEDED, stop and tell me: the draft is kept for a person. Quote any error code you get.";

/** Book a receipt: the period, the accounts, a draft entry, its underlag, the commit. */
function bookReceiptPrompt(available: Set<string>, companyId: string, receipt: string): string {
  return render(
    available,
    `Book this receipt in company ${companyId}:\n\n${receipt}\n\nSteps:`,
    [
      ["Find the fiscal period that covers the receipt's date (`get_fiscal_periods`).", "get_fiscal_periods"],
      [
        "Choose the accounts from the company's chart (resource bokforing://companies/" +
          companyId +
          "/accounts, or `get_accounts`): the cost account by what was bought (e.g. 5410 " +
          "förbrukningsinventarier, 5460 förbrukningsmaterial, 6110 kontorsmateriel, 5611 drivmedel, 6071 " +
          "representation), 2641 for deductible input VAT, and what paid it (1930 företagskonto; 2893 when paid " +
          "privately by an owner of an aktiebolag, 2018 in an enskild firma).",
        "get_accounts",
      ],
      [
        "Create the entry with `post_journal_entries`: entry_date = the receipt's date, a description naming " +
          "the seller, lines debiting the cost (net) and 2641 (VAT) and crediting the payment account (total). " +
          "Preview with dry_run: true first.",
        "post_journal_entries",
      ],
      [
        "Upload the receipt's image or PDF with `post_documents` and link it to the entry " +
          "(`post_documents_link`): a verifikation needs its underlag.",
        "post_documents",
        "post_documents_link",
      ],
      [
        "When I have agreed, commit the draft with `post_journal_entries_commit` (dry_run first) and tell me the voucher number.",
        "post_journal_entries_commit",
      ],
    ],
    SAFETY,
  );
}

/** Reconcile 1930 for a month: import, match invoices and supplier invoices, book the rest, compare. */
function reconcileBankPrompt(available: Set<string>, companyId: string, month: string): string {
  return render(
    available,
    `Reconcile the bank account (1930) of company ${companyId} for ${month}. Steps:`,
    [
      [
        "If the month's statement is not imported yet, ask me for the file and import it with `post_imports_bank`.",
        "post_imports_bank",
      ],
      [
        `List the month's unbooked bank transactions (\`get_transactions\` with status=unbooked, date_from and date_to spanning ${month}).`,
        "get_transactions",
      ],
      [
        "For each incoming payment, find the open customer invoice (`get_invoices`, status sent or overdue, " +
          "by amount and OCR/reference) and match it with `post_transactions_match_invoice`.",
        "get_invoices",
        "post_transactions_match_invoice",
      ],
      [
        "For each outgoing payment, find the approved supplier invoice (`get_supplier_invoices`) and match it " +
          "with `post_transactions_match_supplier_invoice`.",
        "get_supplier_invoices",
        "post_transactions_match_supplier_invoice",
      ],
      [
        "For the rest (fees, card purchases, tax account), ask `post_transactions_suggest_categories` and " +
          "book with `post_transactions_categorize`; ask me when unsure.",
        "post_transactions_suggest_categories",
        "post_transactions_categorize",
      ],
      [
        "Compare the closing balance of 1930 in the general ledger (`get_reports_general_ledger`, " +
          "account_from=account_to=1930) at the month's end with the bank's balance, and list any difference line by line.",
        "get_reports_general_ledger",
      ],
    ],
    SAFETY,
  );
}

/** Close a month: the bank, drafts, receivables, payables, salaries, numbering, VAT, the trial balance. */
function closeMonthPrompt(available: Set<string>, companyId: string, month: string): string {
  return render(
    available,
    `Close ${month} for company ${companyId}. Report what is done and what needs me. Steps:`,
    [
      [
        "Check that the bank is reconciled: no unbooked transactions dated in the month (`get_transactions`, status=unbooked).",
        "get_transactions",
      ],
      [
        "List drafts dated in the month that were never committed (`get_journal_entries`, status=draft) and ask me about each.",
        "get_journal_entries",
      ],
      [
        "Check receivables: overdue customer invoices (`get_reports_ar_ledger`), and that 1510 in the trial balance equals the ledger's total.",
        "get_reports_ar_ledger",
      ],
      [
        "Check payables: supplier invoices due or overdue (`get_reports_supplier_ledger`), and 2440 against the ledger's total.",
        "get_reports_supplier_ledger",
      ],
      [
        "Check that the month's salaries are booked (`get_salary_runs`), with the employer contributions and the withheld tax for the AGI.",
        "get_salary_runs",
      ],
      [
        "Check the voucher numbering (`get_reports_continuity_check`): every gap needs an explanation.",
        "get_reports_continuity_check",
      ],
      [
        "If the month ends the company's VAT period, produce the VAT declaration " +
          "(`get_reports_vat_declaration`) and show me its boxes; the settlement against 2650 is booked after I " +
          "have filed it.",
        "get_reports_vat_declaration",
      ],
      [
        "Finish with the trial balance (`get_reports_trial_balance`) and the income statement " +
          "(`get_reports_income_statement`) for the month, and point out anything unusual.",
        "get_reports_trial_balance",
        "get_reports_income_statement",
      ],
    ],
    `Change nothing without asking me. ${SAFETY}`,
  );
}

export function promptTexts(available: Set<string>) {
  return {
    bookReceipt: (companyId: string, receipt: string) => bookReceiptPrompt(available, companyId, receipt),
    reconcileBank: (companyId: string, month: string) => reconcileBankPrompt(available, companyId, month),
    closeMonth: (companyId: string, month: string) => closeMonthPrompt(available, companyId, month),
  };
}
