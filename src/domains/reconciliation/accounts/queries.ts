// Reads of reconciliation: the accounts to reconcile, one account's figures and items, its
// links and sign-offs. Bank rows come through bank-transactions' door, open items through the
// invoice domains', journal lines through src/ledger/queries.ts.
import Big from "big.js";
import { and, asc, eq } from "drizzle-orm";
import { nowMs, todayUtc } from "../../../clock";
import type { Database } from "../../../db/client";
import { reconciliationLinks, reconciliationSignoffs, reconciliationTaxAccountRows } from "../../../db/schema";
import { ApiError } from "../../../errors/api-error";
import { fromOre } from "../../../money";
import {
  accountBalanceThrough,
  accountLinesThrough,
  entryDates,
  fiscalPeriodAt,
  lastPostingAfter,
} from "../../../ledger/queries";
import { bankRowsForReconciliation, settlementAccountsWithRows } from "../../bank-transactions";
import { loadCompany } from "../../companies";
import { openReceivablesAt } from "../../invoices";
import { bookedRunLiabilities } from "../../payroll";
import { openSupplierItemsAt } from "../../supplier-invoices";
import {
  addDays,
  reconcileBank,
  TIMING_WINDOW_DAYS,
  type BridgeLine,
  type ClassifiedItem,
  type LinkRow,
} from "../bank/rules";
import { closedVatPeriods } from "../../../sweden/vat-periods";
import { unmetExpectedCharges } from "../../../sweden/tax-account";

import {
  TAX_LABELS,
  expectedChargeJson,
  expectedItem,
  expectedTaxCharges,
  otherCurrencyTotals,
  taxAccountRows,
} from "../tax-account/queries";
import { liabilityState } from "../liabilities/queries";
import { type AccountKey, type AccountState, type Kind, accountName, parseAccountKey } from "./keys";

/** Outside data older than this makes an account stale (spec, Limits). */
export const STALE_AFTER_DAYS = 7;

export type SignoffRow = typeof reconciliationSignoffs.$inferSelect;

export function defaultRange(q: { date_from?: string; date_to?: string }): { from: string; to: string } {
  const to = q.date_to ?? todayUtc();
  const from = q.date_from ?? `${to.slice(0, 4)}-01-01`;
  if (from > to)
    throw new ApiError(
      "VALIDATION_ERROR",
      { fields: [{ path: "date_from", message: "must not be after date_to" }] },
      "date_from is after date_to.",
    );
  return { from, to };
}

/**
 * The accounts to reconcile through `to`: the bank accounts with rows, receivables, payables, and
 * the kinds the company has data for: skattekonto (registered rows or lines on 1630), vat (a
 * VAT-registered company with a closed VAT period or lines on 2650 in the year), preliminary_tax
 * and employer_contributions (a booked salary run or lines on 2710 / 2731 in the year).
 */
export async function accountKeysOf(db: Database, companyId: string, to: string): Promise<AccountKey[]> {
  const banks = (await settlementAccountsWithRows(db, companyId)).filter((a) => /^19\d\d$/.test(a));
  const keys = [
    ...banks.map((a) => parseAccountKey(`bank:${a}`)),
    parseAccountKey("receivables"),
    parseAccountKey("payables"),
  ];
  const lines = async (account: string) => (await accountBalanceThrough(db, companyId, account, to)).lineCount > 0;
  const taxRow = await db
    .select({ id: reconciliationTaxAccountRows.id })
    .from(reconciliationTaxAccountRows)
    .where(eq(reconciliationTaxAccountRows.companyId, companyId))
    .limit(1)
    .get();
  if (taxRow || (await lines("1630"))) keys.push(parseAccountKey("skattekonto"));
  const fiscal = await fiscalPeriodAt(db, companyId, to);
  const moms = (await loadCompany(db, companyId)).companies.momsPeriod;
  if (moms && ((fiscal && closedVatPeriods(moms, fiscal, to).length > 0) || (await lines("2650"))))
    keys.push(parseAccountKey("vat"));
  const runs = fiscal ? await bookedRunLiabilities(db, companyId, fiscal.start, to) : [];
  if (runs.length > 0 || (await lines("2710"))) keys.push(parseAccountKey("preliminary_tax"));
  if (runs.length > 0 || (await lines("2731"))) keys.push(parseAccountKey("employer_contributions"));
  return keys;
}

export async function linksOf(db: Database, companyId: string, accountKey: string): Promise<LinkRow[]> {
  return db
    .select({
      linkId: reconciliationLinks.linkId,
      side: reconciliationLinks.side,
      itemId: reconciliationLinks.itemId,
      amountOre: reconciliationLinks.amountOre,
      method: reconciliationLinks.method,
    })
    .from(reconciliationLinks)
    .where(and(eq(reconciliationLinks.companyId, companyId), eq(reconciliationLinks.accountKey, accountKey)))
    .all();
}

/** The account without its figures (with_status=false). */
export function bareAccountJson(key: AccountKey) {
  return {
    account_key: key.key,
    kind: key.kind,
    account_number: key.account,
    name: accountName(key),
    currency: "SEK",
    source: null,
    status: null,
    superseded_by: null,
  };
}

export async function accountState(
  db: Database,
  companyId: string,
  key: AccountKey,
  from: string,
  to: string,
): Promise<AccountState> {
  const ledger = await accountBalanceThrough(db, companyId, key.account, to);
  const ledgerPrint = `ledger:${ledger.lineCount}:${ledger.debitOre}:${ledger.creditOre}`;
  if (key.kind === "vat" || key.kind === "preliminary_tax" || key.kind === "employer_contributions")
    return liabilityState(db, companyId, key, from, to, ledger, ledgerPrint);
  if (key.kind === "bank" || key.kind === "skattekonto") {
    const tax = key.kind === "skattekonto";
    const fetched = tax
      ? await taxAccountRows(db, companyId, addDays(to, TIMING_WINDOW_DAYS))
      : await bankRowsForReconciliation(db, companyId, key.account, addDays(to, TIMING_WINDOW_DAYS));
    // The ledger is kept in SEK: rows of another currency are never added to SEK figures nor
    // matched against SEK lines; while the account holds any, it has no comparable outside balance.
    const allRows = fetched.filter((r) => r.currency === "SEK");
    const otherCurrency = otherCurrencyTotals(fetched.filter((r) => r.currency !== "SEK" && r.date <= to));
    const rows = allRows.filter((r) => r.date <= to);
    const lines = ledger.periodId ? await accountLinesThrough(db, companyId, ledger.periodId, key.account, to) : [];
    const links = await linksOf(db, companyId, key.key);
    const dates = await entryDates(
      db,
      companyId,
      allRows.map((r) => r.journalEntryId).filter((x): x is string => !!x),
    );
    const recon = reconcileBank({ through: to, rows: allRows, lines, links, entryDates: dates });
    // the charges the books predict and no statement row through `to` has met: upcoming items,
    // on neither side of the difference yet, so they count in no bucket and no bridge line
    const expected = tax ? unmetExpectedCharges(await expectedTaxCharges(db, companyId, to), rows) : [];
    if (expected.length > 0) {
      recon.items.push(...expected.map(expectedItem));
      recon.items.sort((a, b) => (a.date === b.date ? (a.itemId < b.itemId ? -1 : 1) : a.date < b.date ? -1 : 1));
    }
    const last = rows[rows.length - 1];
    const sum = rows.reduce((s, r) => s + r.amountOre, 0);
    const external = last?.balanceAfterOre ?? sum;
    const syncedAt = allRows.reduce<string | null>((m, r) => (m === null || r.createdAt > m ? r.createdAt : m), null);
    const stale = syncedAt !== null && nowMs() - Date.parse(syncedAt) > STALE_AFTER_DAYS * 86_400_000;
    const sourceType = tax ? "manual" : allRows.some((r) => r.source === "file") ? "bank_file" : "psd2";
    if (tax) for (const b of recon.bridge) if (TAX_LABELS[b.key]) [b.label_sv, b.label_en] = TAX_LABELS[b.key];
    // a skattekonto without registered rows has no outside balance yet: not_configured
    const externalBalance = (tax && allRows.length === 0) || otherCurrency.length > 0 ? null : external;
    return {
      key,
      from,
      to,
      externalBalanceOre: externalBalance,
      ledgerBalanceOre: ledger.balanceOre,
      bridge: recon.bridge,
      recon,
      source: { type: sourceType, synced_at: syncedAt, stale },
      kind: {
        type: key.kind,
        ...(tax ? {} : { settlement_account: key.account }),
        transactions_sum: fromOre(sum),
        statement_balance: last?.balanceAfterOre == null ? null : fromOre(last.balanceAfterOre),
        external_balance_from:
          otherCurrency.length > 0
            ? "not_comparable"
            : last?.balanceAfterOre == null
              ? "transactions_sum"
              : "statement_balance",
        transaction_count: rows.length,
        ...(tax
          ? { expected_charges: expected.map(expectedChargeJson) }
          : { other_currency_transactions: otherCurrency }),
      },
      fingerprint: `${ledgerPrint}|external:${rows.length}:${sum}${otherCurrency.map(currencyPrint).join("")}`,
      name: accountName(key),
    };
  }
  const open =
    key.kind === "receivables"
      ? await openReceivablesAt(db, companyId, to)
      : await openSupplierItemsAt(db, companyId, to);
  // Payables are credit balances on 2440: the open amount counts negative, as the ledger's debit minus credit.
  const sign = key.kind === "receivables" ? 1 : -1;
  const openSek = open.reduce(
    (s, i) =>
      s +
      Number(
        new Big(i.openOre)
          .times(i.currency === "SEK" ? 1 : i.exchangeRate)
          .round(0, Big.roundHalfUp)
          .toString(),
      ),
    0,
  );
  const foreign = open.filter((i) => i.currency !== "SEK").length;
  return {
    key,
    from,
    to,
    externalBalanceOre: sign * openSek,
    ledgerBalanceOre: ledger.balanceOre,
    bridge: [],
    recon: null,
    source: { type: "manual", synced_at: null, stale: false },
    kind: {
      type: key.kind,
      open_items: open.length,
      open_items_foreign_currency: foreign,
      valued_at: "the invoice's exchange rate",
    },
    fingerprint: `${ledgerPrint}|external:${open.length}:${openSek}`,
    name: accountName(key),
  };
}

export function figures(s: AccountState) {
  const explained = s.bridge.reduce((t, b) => t + b.amountOre, 0);
  const diff = s.externalBalanceOre === null ? null : s.externalBalanceOre - s.ledgerBalanceOre;
  const unexplained = diff === null ? null : diff - explained;
  const counts = s.recon?.counts ??
    s.counts ?? { proposed: 0, unmatched_external: 0, unmatched_ledger: 0, matched: 0, ignored: 0 };
  const open = counts.proposed + counts.unmatched_external + counts.unmatched_ledger;
  const isReconciled = unexplained === 0 && open === 0;
  return { explained, diff, unexplained, counts, open, isReconciled };
}

function bridgeJson(b: BridgeLine) {
  return {
    key: b.key,
    label_sv: b.label_sv,
    label_en: b.label_en,
    amount: fromOre(b.amountOre),
    count: b.count,
    items_bucket: b.items_bucket,
  };
}

function statusJson(s: AccountState) {
  const f = figures(s);
  const state =
    s.externalBalanceOre === null
      ? "not_configured"
      : s.source?.stale
        ? "stale"
        : f.isReconciled
          ? "reconciled"
          : "open";
  return {
    state,
    as_of: s.to,
    unexplained_difference: f.unexplained === null ? null : fromOre(f.unexplained),
    open_counts: {
      proposed: f.counts.proposed,
      unmatched_external: f.counts.unmatched_external,
      unmatched_ledger: f.counts.unmatched_ledger,
    },
  };
}

export function accountSummaryJson(s: AccountState, withStatus: boolean) {
  return {
    account_key: s.key.key,
    kind: s.key.kind,
    account_number: s.key.account,
    name: s.name,
    currency: "SEK",
    source: s.source,
    status: withStatus ? statusJson(s) : null,
    superseded_by: null,
  };
}

export function accountDetailJson(s: AccountState) {
  const f = figures(s);
  return {
    ...accountSummaryJson(s, true),
    date_from: s.from,
    date_to: s.to,
    external_balance: s.externalBalanceOre === null ? null : fromOre(s.externalBalanceOre),
    ledger_balance: fromOre(s.ledgerBalanceOre),
    difference: f.diff === null ? null : fromOre(f.diff),
    explained_difference: fromOre(f.explained),
    unexplained_difference: f.unexplained === null ? null : fromOre(f.unexplained),
    is_reconciled: f.isReconciled,
    stale: s.source?.stale ?? false,
    bridge: s.bridge.map(bridgeJson),
    counts: f.counts,
    [s.key.kind]: s.kind,
  };
}

const ACTIONS: Record<string, string[]> = {
  "external:unmatched_external": ["categorize", "match_invoice", "match_supplier_invoice", "ignore", "link"],
  "ledger:unmatched_ledger": ["link", "reverse_entry"],
  "external:proposed": ["accept_proposal", "link"],
  "ledger:proposed": ["accept_proposal", "link"],
};

const TAX_ACTIONS: Record<string, string[]> = {
  "external:unmatched_external": ["link", "delete"],
  "ledger:unmatched_ledger": ["link", "reverse_entry"],
  "external:proposed": ["accept_proposal", "link"],
  "ledger:proposed": ["accept_proposal", "link"],
};

export function itemJson(i: ClassifiedItem, lineByItem: Map<string, ClassifiedItem>, kind: Kind = "bank") {
  const tax = kind === "skattekonto";
  // an expected charge has nothing to act on: the statement row that meets it replaces it
  const actions = i.expected
    ? []
    : i.matchedBy === "link"
      ? ["unlink"]
      : ((tax ? TAX_ACTIONS : ACTIONS)[`${i.side}:${i.bucket}`] ?? []);
  const counterpart = i.proposal ? lineByItem.get(i.proposal.counterpart_item_id) : undefined;
  const entryLine = i.side === "ledger" ? i.line : counterpart?.line;
  return {
    item_id: i.itemId,
    item_type: i.expected
      ? ("expected_charge" as const)
      : i.side === "external"
        ? tax
          ? ("skattekonto_transaction" as const)
          : ("transaction" as const)
        : ("journal_entry" as const),
    side: i.side,
    bucket: i.bucket,
    date: i.date,
    description: i.description,
    amount: fromOre(i.amountOre),
    currency: i.currency,
    journal_entry_id: i.side === "ledger" ? i.line!.entryId : (i.row?.journalEntryId ?? null),
    voucher: i.side === "ledger" ? `${i.line!.voucherSeries}${i.line!.voucherNumber}` : null,
    matched_by: i.matchedBy ?? null,
    link_id: i.linkId ?? null,
    proposal: i.proposal
      ? {
          counterpart_item_id: i.proposal.counterpart_item_id,
          journal_entry_id: entryLine?.entryId ?? null,
          voucher_number: entryLine?.voucherNumber ?? null,
          voucher_series: entryLine?.voucherSeries ?? null,
          entry_date: entryLine?.entryDate ?? null,
          description: counterpart?.description ?? null,
          entry_status: entryLine ? "posted" : null,
          confidence: i.proposal.confidence,
          reasons: i.proposal.reasons,
          auto_link: i.proposal.auto_link ?? false,
        }
      : null,
    link_problem: i.linkProblem ?? null,
    awaiting_external: i.awaitingExternal ?? false,
    actions,
  };
}

export async function signoffsOf(db: Database, companyId: string, accountKey: string): Promise<SignoffRow[]> {
  return db
    .select()
    .from(reconciliationSignoffs)
    .where(and(eq(reconciliationSignoffs.companyId, companyId), eq(reconciliationSignoffs.accountKey, accountKey)))
    .orderBy(asc(reconciliationSignoffs.throughDate), asc(reconciliationSignoffs.signedAt))
    .all();
}

/** A sign-off's own figures as its JSON begins, signed by `signedBy`. */
export function signoffRowJson(row: SignoffRow, signedBy: string | null) {
  return {
    id: row.id,
    account_key: row.accountKey,
    date_from: row.dateFrom,
    through_date: row.throughDate,
    external_balance: row.externalBalanceOre === null ? null : fromOre(row.externalBalanceOre),
    ledger_balance: fromOre(row.ledgerBalanceOre),
    unexplained_difference: row.unexplainedDifferenceOre === null ? null : fromOre(row.unexplainedDifferenceOre),
    note: row.note,
    signed_by: signedBy,
    signed_at: row.signedAt,
  };
}

/** A sign-off with its reopening judged now: the books behind it (ledger through the date, outside data) against the fingerprint taken at signing. */
export async function signoffJson(db: Database, companyId: string, row: SignoffRow) {
  const key = parseAccountKey(row.accountKey);
  const now = await accountState(db, companyId, key, row.dateFrom, row.throughDate);
  const [ledgerThen, externalThen] = row.fingerprint.split("|");
  const [ledgerNow, externalNow] = now.fingerprint.split("|");
  const reopened = ledgerThen !== ledgerNow || externalThen !== externalNow;
  const reopenedAt = reopened
    ? ((await lastPostingAfter(db, companyId, key.account, row.throughDate, row.signedAt)) ?? null)
    : null;
  return {
    ...signoffRowJson(row, row.signedByUserId ?? row.signedByKeyId),
    reopened: reopened,
    reopened_at: reopenedAt,
    reopened_by: null,
    reopen_reason: !reopened ? null : ledgerThen !== ledgerNow ? "ledger_changed" : "external_changed",
    current: reopened
      ? {
          external_balance: now.externalBalanceOre === null ? null : fromOre(now.externalBalanceOre),
          ledger_balance: fromOre(now.ledgerBalanceOre),
        }
      : null,
  };
}

/** A foreign-currency tally's part of an account's fingerprint. */
function currencyPrint(o: { currency: string; transaction_count: number; transactions_sum: number }): string {
  return `|${o.currency}:${o.transaction_count}:${o.transactions_sum}`;
}

/**
 * The month's close (month-close): each account to reconcile through `to` (from `from`), its
 * state as the list shows it (reconciled, open, stale, not_configured), and whether a sign-off
 * through `to` or later still stands (its books unchanged since the signing).
 */
export async function reconciliationStatusThrough(db: Database, companyId: string, from: string, to: string) {
  const out = [];
  for (const key of await accountKeysOf(db, companyId, to)) {
    const state = await accountState(db, companyId, key, from, to);
    const f = figures(state);
    const status = state.externalBalanceOre === null ? "not_configured" : f.isReconciled ? "reconciled" : "open";
    const covering = (await signoffsOf(db, companyId, key.key)).filter((s) => s.throughDate >= to).reverse();
    let signoff: { id: string; through_date: string } | null = null;
    for (const s of covering) {
      if (!(await signoffJson(db, companyId, s)).reopened) {
        signoff = { id: s.id, through_date: s.throughDate };
        break;
      }
    }
    out.push({
      account_key: key.key,
      kind: key.kind,
      account_number: key.account,
      name: state.name,
      state: status,
      unexplained_difference: f.unexplained === null ? null : fromOre(f.unexplained),
      signed_off: signoff !== null,
      signoff_id: signoff?.id ?? null,
    });
  }
  return out;
}
