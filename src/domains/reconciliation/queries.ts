// Reads of reconciliation: the accounts to reconcile, one account's figures and items, its
// links and sign-offs. Bank rows come through bank-transactions' door, open items through the
// invoice domains', journal lines through src/ledger/queries.ts.
import Big from "big.js";
import { and, asc, eq, lte } from "drizzle-orm";
import { nowMs, todayUtc } from "../../clock";
import type { Database } from "../../db/client";
import { reconciliationLinks, reconciliationSignoffs, reconciliationTaxAccountRows } from "../../db/schema";
import { ApiError } from "../../errors/api-error";
import { fromOre } from "../../money";
import { declarationBoxes } from "../../sweden/vat-declaration";
import {
  accountBalanceThrough,
  accountLinesThrough,
  accountLinesWithCounterparts,
  entryDates,
  fiscalPeriodAt,
  lastPostingAfter,
  openingBalancesOf,
  vatDeclarationMovements,
  vatSettlementEntries,
} from "../../ledger/queries";
import {
  bankRowsForReconciliation,
  settlementAccountsWithRows,
  type ReconciliationBankRow,
} from "../bank-transactions";
import { loadCompany } from "../companies";
import { deadlinesOf } from "../compliance";
import { openReceivablesAt } from "../invoices";
import { bookedRunLiabilities } from "../payroll";
import { openSupplierItemsAt } from "../supplier-invoices";
import {
  addDays,
  reconcileBank,
  TIMING_WINDOW_DAYS,
  type BankReconciliation,
  type BridgeLine,
  type ClassifiedItem,
  type LinkRow,
} from "./bank";
import { closedVatPeriods } from "../../sweden/vat-periods";
import { type ExpectedCharge, unmetExpectedCharges } from "../../sweden/tax-account";
import {
  assignVatTransfers,
  PRIOR_YEAR,
  reconcileLiability,
  vatAccountNets,
  type LiabilitySource,
} from "./liabilities";

/** Outside data older than this makes an account stale (spec, Limits). */
export const STALE_AFTER_DAYS = 7;

export type SignoffRow = typeof reconciliationSignoffs.$inferSelect;

export type Kind =
  | "bank"
  | "receivables"
  | "payables"
  | "skattekonto"
  | "vat"
  | "preliminary_tax"
  | "employer_contributions";

export interface AccountKey {
  key: string;
  kind: Kind;
  account: string;
}

/** The keys other than bank:<19xx>, each its kind and account. */
const FIXED_KEYS: Record<string, string> = {
  receivables: "1510",
  payables: "2440",
  skattekonto: "1630",
  vat: "2650",
  preliminary_tax: "2710",
  employer_contributions: "2731",
};

/** `bank:<19xx>`, `receivables` (1510), `payables` (2440), `skattekonto` (1630), `vat` (2650), `preliminary_tax` (2710), `employer_contributions` (2731). */
export function parseAccountKey(key: string): AccountKey {
  const bank = /^bank:(19\d\d)$/.exec(key);
  if (bank) return { key, kind: "bank", account: bank[1] };
  if (Object.hasOwn(FIXED_KEYS, key)) return { key, kind: key as Kind, account: FIXED_KEYS[key] };
  throw new ApiError(
    "NOT_FOUND",
    { account_key: key },
    "No reconciliation account has this key (bank:<19xx>, receivables, payables, skattekonto, vat, preliminary_tax, employer_contributions).",
  );
}

/** Kinds whose items are outside rows against ledger lines (links, proposals, the items list). */
export const hasItems = (k: AccountKey) => k.kind === "bank" || k.kind === "skattekonto";

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

/** The registered skattekonto rows dated through a date, oldest first, as reconciliation's outside rows. */
export async function taxAccountRows(db: Database, companyId: string, until: string): Promise<ReconciliationBankRow[]> {
  const rows = await db
    .select()
    .from(reconciliationTaxAccountRows)
    .where(and(eq(reconciliationTaxAccountRows.companyId, companyId), lte(reconciliationTaxAccountRows.date, until)))
    .orderBy(
      asc(reconciliationTaxAccountRows.date),
      asc(reconciliationTaxAccountRows.createdAt),
      asc(reconciliationTaxAccountRows.position),
      asc(reconciliationTaxAccountRows.dedupeKey),
    )
    .all();
  return rows.map((r) => ({
    id: r.id,
    date: r.date,
    description: r.description,
    amountOre: r.amountOre,
    currency: "SEK",
    reference: null,
    merchantName: null,
    // an entry booked from the row (tax-account-booking.ts) matches its 1630 line as a bank row's does
    journalEntryId: r.journalEntryId,
    isIgnored: false,
    balanceAfterOre: r.balanceAfterOre,
    source: "api" as const,
    createdAt: r.createdAt,
  }));
}

/** The VAT period's name as the tax calendar gives it: "2026-03" (monthly), "2026-Q1" (quarterly); yearly: none. */
function vatPeriodLabel(moms: string, end: string): string | null {
  if (moms === "monthly") return end.slice(0, 7);
  if (moms === "quarterly") return `${end.slice(0, 4)}-Q${Math.ceil(Number(end.slice(5, 7)) / 3)}`;
  return null;
}

/**
 * The skattekonto charges the books predict through `to` (src/sweden/tax-account/expected.ts):
 * each VAT settlement entry's net on 2650 in the fiscal year, due on its VAT period's deadline
 * (the period that ended last on or before the entry; the next VAT deadline when none has), and
 * each booked salary run's withheld tax and employer contributions, due on the pay month's
 * payment deadline; the due dates from the company's tax calendar (compliance's deadlinesOf).
 */
export async function expectedTaxCharges(db: Database, companyId: string, to: string): Promise<ExpectedCharge[]> {
  const fiscal = await fiscalPeriodAt(db, companyId, to);
  if (!fiscal) return [];
  const out: ExpectedCharge[] = [];
  const transfers = await vatSettlementEntries(db, companyId, { periodId: fiscal.id, from: fiscal.start, to });
  const runs = await bookedRunLiabilities(db, companyId, fiscal.start, to);
  if (transfers.length === 0 && runs.length === 0) return out;
  const { deadlines } = await deadlinesOf(db, companyId, fiscal.start, addDays(to, 120));
  const moms = (await loadCompany(db, companyId)).companies.momsPeriod ?? "quarterly";
  for (const t of transfers) {
    const net = t.lines.filter((l) => l.account === "2650").reduce((s, l) => s + l.debitOre - l.creditOre, 0);
    if (net === 0) continue;
    const period = closedVatPeriods(moms, fiscal, t.date).at(-1);
    const label = period ? vatPeriodLabel(moms, period.end) : null;
    const vat = deadlines.filter((d) => d.type === "vat_declaration");
    const due = vat.find((d) => label !== null && d.period === label) ?? vat.find((d) => d.due_date > t.date);
    if (!due) continue;
    out.push({
      kind: "vat",
      source: "vat_settlement",
      reference: t.entryId,
      period: due.period,
      bookedOn: t.date,
      due_date: due.due_date,
      amountOre: net,
    });
  }
  for (const r of runs) {
    const month = r.paymentDate.slice(0, 7);
    const due = deadlines.find((d) => d.type === "tax_payment" && d.period === month);
    if (!due) continue;
    const base = { source: "salary_run" as const, reference: r.runId, period: month, bookedOn: r.paymentDate };
    if (r.taxOre > 0) out.push({ ...base, kind: "withheld_tax", due_date: due.due_date, amountOre: -r.taxOre });
    if (r.avgifterOre > 0)
      out.push({ ...base, kind: "employer_contributions", due_date: due.due_date, amountOre: -r.avgifterOre });
  }
  return out;
}

const EXPECTED_TEXT: Record<ExpectedCharge["kind"], string> = {
  vat: "Väntad debitering: moms",
  withheld_tax: "Väntad debitering: avdragen skatt",
  employer_contributions: "Väntad debitering: arbetsgivaravgifter",
};

/** An expected charge as an item: outside side, bucket upcoming, dated its due date. */
function expectedItem(c: ExpectedCharge): ClassifiedItem {
  return {
    itemId: `expected:${c.reference}:${c.kind}`,
    side: "external",
    bucket: "upcoming",
    date: c.due_date,
    description: `${EXPECTED_TEXT[c.kind]} ${c.period}`,
    amountOre: c.amountOre,
    currency: "SEK",
    awaitingExternal: true,
    expected: c,
  };
}

export function expectedChargeJson(c: ExpectedCharge) {
  return {
    kind: c.kind,
    source: c.source,
    reference: c.reference,
    period: c.period,
    booked_on: c.bookedOn,
    due_date: c.due_date,
    amount: fromOre(c.amountOre),
  };
}

/** Rows in currencies other than SEK, summed per currency (never across currencies). */
function otherCurrencyTotals(rows: ReconciliationBankRow[]) {
  const by = new Map<string, { count: number; ore: number }>();
  for (const r of rows) {
    const t = by.get(r.currency) ?? { count: 0, ore: 0 };
    by.set(r.currency, { count: t.count + 1, ore: t.ore + r.amountOre });
  }
  return [...by]
    .sort()
    .map(([currency, t]) => ({ currency, transaction_count: t.count, transactions_sum: fromOre(t.ore) }));
}

/** The bridge labels of the skattekonto (the bank's speak of bank transactions). */
const TAX_LABELS: Record<string, [string, string]> = {
  unbooked_transactions: ["Skattekontohändelser som inte är bokförda", "Tax account transactions not booked"],
  entries_without_transaction: [
    "Bokförda poster utan händelse på skattekontot",
    "Ledger entries without a tax account transaction",
  ],
  in_transit_ledger: [
    "Bokfört men på skattekontot först efter datumet (tidsskillnad)",
    "Booked, on the tax account only after the date (timing)",
  ],
  in_transit_external: [
    "På skattekontot men bokfört först efter datumet (tidsskillnad)",
    "On the tax account, booked only after the date (timing)",
  ],
};

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

/** One account's computed state through a date: figures, bridge, items (bank only), and the fingerprint of the books behind them. */
export interface AccountState {
  key: AccountKey;
  from: string;
  to: string;
  externalBalanceOre: number | null;
  ledgerBalanceOre: number;
  bridge: BridgeLine[];
  recon: BankReconciliation | null;
  /** counts of the kinds without items (vat, payroll liabilities) */
  counts?: BankReconciliation["counts"];
  source: { type: string; synced_at: string | null; stale: boolean } | null;
  kind: Record<string, unknown>;
  fingerprint: string;
  name: string;
}

const NAMES: Record<Exclude<Kind, "bank">, string> = {
  receivables: "Kundfordringar",
  payables: "Leverantörsskulder",
  skattekonto: "Skattekonto",
  vat: "Redovisningskonto för moms",
  preliminary_tax: "Personalens källskatt",
  employer_contributions: "Avräkning lagstadgade sociala avgifter",
};

export function accountName(key: AccountKey): string {
  return key.kind === "bank" ? `Bankkonto ${key.account}` : NAMES[key.kind];
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
      fingerprint: `${ledgerPrint}|external:${rows.length}:${sum}${otherCurrency.map((o) => `|${o.currency}:${o.transaction_count}:${o.transactions_sum}`).join("")}`,
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

/**
 * 2650 against the VAT declarations of the closed VAT periods, 2710 / 2731 against the booked
 * salary runs (./liabilities.ts). The declared VAT of a period is the declaration's box 49 made
 * from the period's entries, the VAT settlement entries left out (vatDeclarationMovements, the
 * same read as the momsdeklaration report's).
 */
async function liabilityState(
  db: Database,
  companyId: string,
  key: AccountKey,
  from: string,
  to: string,
  ledger: Awaited<ReturnType<typeof accountBalanceThrough>>,
  ledgerPrint: string,
): Promise<AccountState> {
  const fiscal = await fiscalPeriodAt(db, companyId, to);
  let lines = fiscal ? await accountLinesWithCounterparts(db, companyId, fiscal.id, key.account, to) : [];
  const sources: LiabilitySource[] = [];
  let kind: Record<string, unknown>;
  let labels: { sv: string; en: string };
  let sourceType: string;
  if (key.kind === "vat") {
    const moms = (await loadCompany(db, companyId)).companies.momsPeriod;
    const periods = moms && fiscal ? closedVatPeriods(moms, fiscal, to) : [];
    const moves = periods.length
      ? await vatDeclarationMovements(db, companyId, {
          periodId: fiscal!.id,
          from: periods[0].start,
          to: periods[periods.length - 1].end,
        })
      : [];
    const declared = periods.map((p) => {
      const inPeriod = moves.filter((m) => m.month >= p.start.slice(0, 7) && m.month <= p.end.slice(0, 7));
      return { id: `${p.start}..${p.end}`, ...p, inPeriod, vatNets: vatAccountNets(inPeriod) };
    });
    // the momsomföringar: settlement entries that move VAT accounts, each to the period it settles
    const transfers = fiscal
      ? (await vatSettlementEntries(db, companyId, { periodId: fiscal.id, from: fiscal.start, to }))
          .map((e) => ({ entryId: e.entryId, date: e.date, vatNets: vatAccountNets(e.lines) }))
          .filter((t) => t.vatNets.size > 0)
      : [];
    const opening = fiscal ? vatAccountNets(await openingBalancesOf(db, companyId, fiscal.id)) : new Map();
    const settles = assignVatTransfers(declared, transfers, opening);
    // the prior year's last transfer, dated in this one, moves to 2650 what the opening entry
    // carried in on the VAT accounts: it counts with the opening balance, not as a stray line
    lines = lines.map((l) => (settles.get(l.entryId) === PRIOR_YEAR ? { ...l, isOpening: true } : l));
    for (const p of declared) {
      const box49 = declarationBoxes(p.inPeriod)["49"];
      sources.push({
        id: p.id,
        date: p.end,
        declaredOre: box49 * 100,
        books: (l) => settles.get(l.entryId) === p.id,
        detail: { period_start: p.start, period_end: p.end, declared_to_pay: box49 },
      });
    }
    kind = { type: "vat", moms_period: moms ?? null };
    labels = { sv: "Momsdeklaration inte omförd till 2650", en: "VAT declaration not transferred to 2650" };
    sourceType = "vat_declaration";
  } else {
    const runs = fiscal ? await bookedRunLiabilities(db, companyId, fiscal.start, to) : [];
    const tax = key.kind === "preliminary_tax";
    for (const r of runs) {
      const entryId = tax ? r.salaryEntryId : r.avgifterEntryId;
      const amount = tax ? r.taxOre : r.avgifterOre;
      const agi = r.agi ? (tax ? r.agi.totalTax : r.agi.totalContributions) : null;
      sources.push({
        id: r.runId,
        date: r.paymentDate,
        declaredOre: amount,
        books: (l) => entryId !== null && l.entryId === entryId,
        detail: {
          salary_run_id: r.runId,
          period: `${r.periodYear}-${String(r.periodMonth).padStart(2, "0")}`,
          payment_date: r.paymentDate,
          [tax ? "tax_withheld" : "employer_contributions"]: fromOre(amount),
          agi_amount: agi,
          agi_submitted: r.agi?.submitted ?? null,
          // the AGI is in whole kronor, öre dropped
          agi_differs: agi === null ? null : agi !== Math.trunc(amount / 100),
        },
      });
    }
    kind = { type: key.kind };
    labels = { sv: "Lönekörning inte bokförd", en: "Salary run not booked" };
    sourceType = "salary_runs";
  }
  const recon = reconcileLiability({ lines, sources, labels });
  const declaredTotal = sources.reduce((t, s) => t + s.declaredOre, 0);
  const rename = (x: Record<string, unknown> & { bookedOre: number; differenceOre: number }) => {
    const { bookedOre, differenceOre, ...rest } = x;
    return { ...rest, booked_amount: fromOre(bookedOre), difference: fromOre(differenceOre) };
  };
  return {
    key,
    from,
    to,
    externalBalanceOre: recon.externalOre,
    ledgerBalanceOre: ledger.balanceOre,
    bridge: recon.bridge,
    recon: null,
    counts: recon.counts,
    source: { type: sourceType, synced_at: null, stale: false },
    kind: {
      ...kind,
      [key.kind === "vat" ? "periods" : "salary_runs"]: recon.sources.map(rename),
      other_lines: recon.otherLines.map((l) => ({
        item_id: l.lineId,
        journal_entry_id: l.entryId,
        voucher: `${l.voucherSeries}${l.voucherNumber}`,
        date: l.entryDate,
        description: l.description,
        amount: fromOre(l.amountOre),
      })),
    },
    fingerprint: `${ledgerPrint}|external:${sources.length}:${declaredTotal}`,
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
    id: row.id,
    account_key: row.accountKey,
    date_from: row.dateFrom,
    through_date: row.throughDate,
    external_balance: row.externalBalanceOre === null ? null : fromOre(row.externalBalanceOre),
    ledger_balance: fromOre(row.ledgerBalanceOre),
    unexplained_difference: row.unexplainedDifferenceOre === null ? null : fromOre(row.unexplainedDifferenceOre),
    note: row.note,
    signed_by: row.signedByUserId ?? row.signedByKeyId,
    signed_at: row.signedAt,
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
