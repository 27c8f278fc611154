// Report shapes, assembled from what the queries read. Amounts leave as kronor; every
// sum is taken in öre first. Which account counts where is src/sweden/bas.ts's
// classification, laid out under headings by src/sweden/report-layout.ts.
import { groupBy } from "../../db/group";
import { fromOre } from "../../money";
import { accountTypeOf, isBalanceAccount, isResultAccount, makesResult, resultOf } from "../../sweden/bas";
import { addMonths } from "../../sweden/fiscal-year";
import {
  BALANCE_ASSETS,
  BALANCE_EQUITY_LIABILITIES,
  balanceSectionOf,
  GROSS_MARGIN_KEYS,
  INCOME_SECTIONS,
  OPERATING_KEYS,
  sectionOf,
  type Section,
} from "../../sweden/report-layout";
import { netVatDebitOre } from "../../sweden/vat-balance";
import { BOX_NAMES, declarationBoxes, vatToPayAndReclaim } from "../../sweden/vat-declaration";
import type { FiscalPeriodRow } from "../../ledger/engine";
import { entryJson } from "../../ledger/entry-json";
import {
  byAccount,
  net,
  type AccountNames,
  type journalRegisterPage,
  type MonthlyMovement,
  type Movement,
} from "./queries";

export function periodRef(p: FiscalPeriodRow) {
  return {
    id: p.id,
    name: p.name,
    period_start: p.periodStart,
    period_end: p.periodEnd,
    is_closed: p.isClosed,
    locked_at: p.lockedAt,
  };
}

export function trialBalance(
  period: FiscalPeriodRow,
  toDate: string,
  opening: Movement[],
  closing: Movement[],
  names: AccountNames,
) {
  const open = byAccount(opening);
  const close = byAccount(closing);
  const numbers = [...new Set([...open.keys(), ...close.keys()])].sort();
  let tOpen = 0;
  let tDebit = 0;
  let tCredit = 0;
  let tClose = 0;
  const rows = numbers.map((account) => {
    const o = open.get(account);
    const c = close.get(account);
    const debit = (c?.debitOre ?? 0) - (o?.debitOre ?? 0);
    const credit = (c?.creditOre ?? 0) - (o?.creditOre ?? 0);
    tOpen += net(o);
    tDebit += debit;
    tCredit += credit;
    tClose += net(c);
    return {
      account_number: account,
      name: names.get(account)?.name ?? null,
      type: names.get(account)?.type ?? null,
      opening_balance: fromOre(net(o)),
      debit: fromOre(debit),
      credit: fromOre(credit),
      closing_balance: fromOre(net(c)),
    };
  });
  return {
    period: periodRef(period),
    to_date: toDate,
    accounts: rows,
    totals: {
      opening_balance: fromOre(tOpen),
      debit: fromOre(tDebit),
      credit: fromOre(tCredit),
      closing_balance: fromOre(tClose),
    },
    balanced: tDebit === tCredit && tClose === tOpen,
  };
}

/** The section of the asset side that holds liability accounts shown as a receivable (the VAT accounts' net claim). */
const RECEIVABLE_SECTION = "current_receivables";

function sectionRows(
  sections: Section[],
  entries: { account: string; ore: number }[],
  names: AccountNames,
  foreignSection?: string,
) {
  // an entry no section's ranges hold (a class-2 account on the asset side) goes to foreignSection
  const home = (account: string) => sectionOf(sections, account)?.key ?? foreignSection;
  return sections.map((s) => {
    const rows = entries
      .filter((e) => home(e.account) === s.key && e.ore !== 0)
      .sort((a, b) => a.account.localeCompare(b.account));
    const totalOre = rows.reduce((sum, r) => sum + r.ore, 0);
    return {
      key: s.key,
      name: s.name,
      accounts: rows.map((r) => ({
        account_number: r.account,
        name: names.get(r.account)?.name ?? null,
        amount: fromOre(r.ore),
      })),
      total: fromOre(totalOre),
      totalOre,
    };
  });
}

const strip = <T extends { totalOre: number }>(s: T) => {
  const { totalOre: _t, ...rest } = s;
  return rest;
};

/**
 * Assets positive on the debit side, equity and liabilities on the credit side, the result not
 * yet closed shown in equity. The VAT accounts are shown net (sweden/vat-balance.ts): all on the
 * asset side among the receivables when their sum is a claim, else among the current liabilities.
 */
export function balanceSheet(period: FiscalPeriodRow, asOf: string, closing: Movement[], names: AccountNames) {
  const balances = closing.filter((m) => isBalanceAccount(m.account));
  const vatNet = netVatDebitOre(balances.map((m) => [m.account, net(m)] as const));
  // which side an account shows on is report-layout's rule
  const onAssetSide = (m: Movement) =>
    balanceSectionOf(m.account, accountTypeOf(m.account) === "asset", vatNet).side === "assets";
  const assets = sectionRows(
    BALANCE_ASSETS,
    balances.filter(onAssetSide).map((m) => ({ account: m.account, ore: net(m) })),
    names,
    RECEIVABLE_SECTION,
  );
  const liab = sectionRows(
    BALANCE_EQUITY_LIABILITIES,
    balances.filter((m) => !onAssetSide(m)).map((m) => ({ account: m.account, ore: -net(m) })),
    names,
  );
  // every result account, the closing ones (8990-8999) too: what they moved already sits in 2099
  const resultOre = closing.filter((m) => isResultAccount(m.account)).reduce((sum, m) => sum - net(m), 0);
  const equity = liab.find((s) => s.key === "equity")!;
  equity.accounts.push({ account_number: "", name: "Årets resultat (ej bokslutat)", amount: fromOre(resultOre) });
  equity.totalOre += resultOre;
  equity.total = fromOre(equity.totalOre);
  const assetsOre = assets.reduce((s, x) => s + x.totalOre, 0);
  const eqLiabOre = liab.reduce((s, x) => s + x.totalOre, 0);
  return {
    period: periodRef(period),
    as_of: asOf,
    is_preliminary: !period.isClosed,
    sections: { assets: assets.map(strip), equity_and_liabilities: liab.map(strip) },
    result_for_period: fromOre(resultOre),
    totals: {
      assets: fromOre(assetsOre),
      equity_and_liabilities: fromOre(eqLiabOre),
      difference: fromOre(assetsOre - eqLiabOre),
    },
    differenceOre: assetsOre - eqLiabOre,
  };
}

/** Revenue positive, costs negative; the sum of the sections is the result (bas.ts resultOf). */
export function incomeStatement(
  period: FiscalPeriodRow,
  from: string,
  to: string,
  moves: Movement[],
  names: AccountNames,
) {
  const sections = sectionRows(
    INCOME_SECTIONS,
    moves.filter((m) => makesResult(m.account)).map((m) => ({ account: m.account, ore: -net(m) })),
    names,
  );
  const sum = (keys: string[]) => sections.filter((s) => keys.includes(s.key)).reduce((t, s) => t + s.totalOre, 0);
  const operating = sum(OPERATING_KEYS);
  const afterFinancial = operating + sum(["financial_items"]);
  const netOre = sections.reduce((t, s) => t + s.totalOre, 0);
  return {
    period: periodRef(period),
    from_date: from,
    to_date: to,
    is_preliminary: !period.isClosed,
    sections: sections.map(strip),
    grossMargin: fromOre(sum(GROSS_MARGIN_KEYS)),
    operatingResult: fromOre(operating),
    resultAfterFinancialItems: fromOre(afterFinancial),
    netResult: fromOre(netOre),
  };
}

/** The prior period's closing balance of each balance account against this period's opening. */
export function continuityCheck(
  period: FiscalPeriodRow,
  figures: { prior: FiscalPeriodRow; closing: Movement[]; opening: Movement[] } | null,
) {
  if (!figures) return { period: periodRef(period), prior_period: null, is_continuous: true, discrepancies: [] };
  const closing = byAccount(figures.closing.filter((m) => isBalanceAccount(m.account)));
  const opening = byAccount(figures.opening);
  const discrepancies = [...new Set([...closing.keys(), ...opening.keys()])]
    .sort()
    .map((account) => ({ account, prior: net(closing.get(account)), open: net(opening.get(account)) }))
    .filter((x) => x.prior !== x.open)
    .map((x) => ({
      account_number: x.account,
      prior_closing: fromOre(x.prior),
      opening: fromOre(x.open),
      difference: fromOre(x.open - x.prior),
    }));
  return {
    period: periodRef(period),
    prior_period: periodRef(figures.prior),
    is_continuous: discrepancies.length === 0,
    discrepancies,
  };
}

export function vatDeclaration(range: { from: string; to: string }, period: FiscalPeriodRow | null, moves: Movement[]) {
  const boxes = declarationBoxes(moves);
  const { toPay, toReclaim } = vatToPayAndReclaim(boxes["49"]);
  return {
    from_date: range.from,
    to_date: range.to,
    period: period ? periodRef(period) : null,
    boxes: Object.fromEntries(
      Object.entries(boxes)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([box, amount]) => [box, { amount, label: BOX_NAMES[box as keyof typeof BOX_NAMES] }]),
    ),
    to_pay: toPay,
    to_reclaim: toReclaim,
  };
}

/** Revenue, costs and result of every month of the period, months without entries as zero. */
export function monthlyBreakdown(period: FiscalPeriodRow, moves: MonthlyMovement[]) {
  const byMonth = groupBy(moves, (m) => m.month);
  const months = [];
  for (
    let month = period.periodStart.slice(0, 7);
    month <= period.periodEnd.slice(0, 7);
    month = addMonths(`${month}-01`, 1).slice(0, 7)
  ) {
    const r = resultOf(byMonth.get(month) ?? []);
    months.push({ month, revenue: fromOre(r.revenueOre), costs: fromOre(r.expenseOre), result: fromOre(r.resultOre) });
  }
  const total = resultOf(moves);
  return {
    period: periodRef(period),
    months,
    total: { revenue: fromOre(total.revenueOre), result: fromOre(total.resultOre) },
  };
}

export function journalRegister(
  period: FiscalPeriodRow,
  page: Pick<Awaited<ReturnType<typeof journalRegisterPage>>, "entries" | "lines">,
) {
  return { period: periodRef(period), entries: page.entries.map((e) => entryJson(e, page.lines.get(e.id) ?? [])) };
}
