// Report shapes. Amounts leave as kronor; every sum is taken in öre first.
import { fromOre } from "../../ledger/money";
import {
  BALANCE_ASSETS,
  BALANCE_EQUITY_LIABILITIES,
  GROSS_MARGIN_KEYS,
  INCOME_SECTIONS,
  isBalanceAccount,
  OPERATING_KEYS,
  sectionOf,
  type Section,
} from "../../sweden/report-layout";
import type { FiscalPeriodRow } from "../../ledger/engine";
import { byAccount, net, type Movement } from "./queries";

type Names = Map<string, { name: string; type: string }>;

export function periodRef(p: FiscalPeriodRow) {
  return { id: p.id, name: p.name, period_start: p.periodStart, period_end: p.periodEnd, is_closed: p.isClosed, locked_at: p.lockedAt };
}

export function trialBalance(period: FiscalPeriodRow, toDate: string, opening: Movement[], closing: Movement[], names: Names) {
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
    totals: { opening_balance: fromOre(tOpen), debit: fromOre(tDebit), credit: fromOre(tCredit), closing_balance: fromOre(tClose) },
    balanced: tDebit === tCredit && tClose === tOpen,
  };
}

function sectionRows(sections: Section[], entries: { account: string; ore: number }[], names: Names) {
  return sections.map((s) => {
    const rows = entries.filter((e) => sectionOf([s], e.account) && e.ore !== 0).sort((a, b) => a.account.localeCompare(b.account));
    const totalOre = rows.reduce((sum, r) => sum + r.ore, 0);
    return {
      key: s.key,
      name: s.name,
      accounts: rows.map((r) => ({ account_number: r.account, name: names.get(r.account)?.name ?? null, amount: fromOre(r.ore) })),
      total: fromOre(totalOre),
      totalOre,
    };
  });
}

const strip = <T extends { totalOre: number }>(s: T) => {
  const { totalOre: _t, ...rest } = s;
  return rest;
};

/** Assets positive on the debit side; equity and liabilities on the credit side; the result not yet closed shown in equity. */
export function balanceSheet(period: FiscalPeriodRow, asOf: string, closing: Movement[], names: Names) {
  const assets = sectionRows(BALANCE_ASSETS, closing.filter((m) => m.account < "2000").map((m) => ({ account: m.account, ore: net(m) })), names);
  const liab = sectionRows(BALANCE_EQUITY_LIABILITIES, closing.filter((m) => isBalanceAccount(m.account) && m.account >= "2000").map((m) => ({ account: m.account, ore: -net(m) })), names);
  const resultOre = closing.filter((m) => !isBalanceAccount(m.account)).reduce((sum, m) => sum - net(m), 0);
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
    totals: { assets: fromOre(assetsOre), equity_and_liabilities: fromOre(eqLiabOre), difference: fromOre(assetsOre - eqLiabOre) },
    differenceOre: assetsOre - eqLiabOre,
  };
}

/** Revenue positive, costs negative; the sum of the sections is the result. */
export function incomeStatement(period: FiscalPeriodRow, from: string, to: string, moves: Movement[], names: Names) {
  const sections = sectionRows(INCOME_SECTIONS, moves.filter((m) => !isBalanceAccount(m.account)).map((m) => ({ account: m.account, ore: -net(m) })), names);
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
