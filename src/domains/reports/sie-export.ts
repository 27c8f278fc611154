// SIE 4 export of one fiscal period (SIE 4C). The vouchers are read page by page and
// streamed out, so a year of a million lines never sits in memory at once.
import type { Database } from "../../db/client";
import type { FiscalPeriodRow } from "../../ledger/engine";
import { isBalanceAccount, isStatisticalAccount, sieAccountTypeOf } from "../../sweden/bas";
import { encodeCp437 } from "../../sweden/sie/encoding";
import { groupBy } from "../../db/group";
import { Ksumma } from "../../sweden/sie/ksumma";
import { amount, field, objectList, record, sieDate, sumLine } from "../../sweden/sie/write";
import { sruFieldOf } from "../../sweden/sru/ink2";
import { budgetRecords, objectSaldoRecords } from "./sie-balances";
import {
  chartInOrder,
  companyHeading,
  dimensionsInOrder,
  monthlyMovements,
  movements,
  net,
  OPENING_SOURCE,
  periodTotals,
  postedEntriesPage,
  postedLinesBetween,
  previousPeriod,
  type RegisterLine,
} from "./queries";

// Vouchers a page: two queries each (the vouchers, then all their lines by range).
const PAGE = 2000;

async function header(
  db: Database,
  companyId: string,
  period: FiscalPeriodRow,
  version: string,
  now: string,
  budgetId: string | undefined,
): Promise<string[]> {
  const company = await companyHeading(db, companyId);
  const prior = await previousPeriod(db, companyId, period);
  const out = [
    record("#FLAGGA", 0),
    // SIE 4C §10.4: the file is checksummed; the closing #KSUMMA is its last line
    "#KSUMMA",
    record("#FORMAT", "PC8"),
    record("#SIETYP", 4),
    record("#PROGRAM", field("Bokföring API"), field(version)),
    record("#GEN", sieDate(now.slice(0, 10))),
    record("#FNAMN", field(company.name)),
  ];
  if (company.orgNumber) out.push(record("#ORGNR", field(company.orgNumber)));
  out.push(record("#RAR", 0, sieDate(period.periodStart), sieDate(period.periodEnd)));
  if (prior) out.push(record("#RAR", -1, sieDate(prior.periodStart), sieDate(prior.periodEnd)));

  const chart = await chartInOrder(db, companyId);
  // a class-0 account is written as the kind its type says (bas.ts isStatisticalAccount):
  // #UB for T and S, #RES for I and K, as the file it came from gave it
  const closingKind = new Map(chart.map((a) => [a.number, sieAccountTypeOf(a.type)]));
  const isUb = (account: string) =>
    isStatisticalAccount(account) ? ["T", "S"].includes(closingKind.get(account) ?? "K") : isBalanceAccount(account);
  for (const a of chart) {
    out.push(record("#KONTO", a.number, field(a.name)));
    out.push(record("#KTYP", a.number, sieAccountTypeOf(a.type)));
    const sru = sruFieldOf(a.number);
    if (sru) out.push(record("#SRU", a.number, sru));
  }
  const { dims, codes } = await dimensionsInOrder(db, companyId);
  for (const d of dims) out.push(record("#DIM", d.dimensionId, field(d.name)));
  for (const c of codes) out.push(record("#OBJEKT", c.dimensionId, field(c.code), field(c.name)));

  const balances = async (p: FiscalPeriodRow, year: number) => {
    const ib = await movements(db, companyId, { periodId: p.id, opening: "only" });
    const totals = await periodTotals(db, companyId, p.id);
    for (const m of ib.filter((x) => net(x) !== 0).sort((a, b) => a.account.localeCompare(b.account)))
      out.push(record("#IB", year, m.account, amount(net(m))));
    const sorted = totals.filter((x) => net(x) !== 0).sort((a, b) => a.account.localeCompare(b.account));
    for (const m of sorted.filter((x) => isUb(x.account))) out.push(record("#UB", year, m.account, amount(net(m))));
    for (const m of sorted.filter((x) => !isUb(x.account))) out.push(record("#RES", year, m.account, amount(net(m))));
  };
  await balances(period, 0);
  if (prior) await balances(prior, -1);

  for (const m of await monthlyMovements(db, companyId, period.id, { opening: "exclude" })) {
    const value = net(m);
    if (value !== 0) out.push(record("#PSALDO", 0, m.month.replace("-", ""), m.account, "{}", amount(value)));
  }
  out.push(...(await objectSaldoRecords(db, companyId, period)));
  out.push(...(await budgetRecords(db, companyId, period, budgetId)));
  return out;
}

export async function exportSie(
  db: Database,
  companyId: string,
  period: FiscalPeriodRow,
  version: string,
  now: string,
  budgetId?: string,
) {
  const head = await header(db, companyId, period, version, now, budgetId);
  const { orgNumber } = await companyHeading(db, companyId);
  let after: { series: string; number: number } | null = null;
  let headerSent = false;
  let done = false;
  const sum = new Ksumma();
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true;
        for (const line of head.slice(2)) sumLine(sum, line);
        controller.enqueue(encodeCp437(`${head.join("\r\n")}\r\n`));
        return;
      }
      if (done) {
        controller.enqueue(encodeCp437(`#KSUMMA ${sum.value()}\r\n`));
        controller.close();
        return;
      }
      const rows = await postedEntriesPage(db, companyId, period.id, after, PAGE);
      const page = rows.slice(0, PAGE).filter((e) => e.sourceType !== OPENING_SOURCE);
      const last = rows.slice(0, PAGE).at(-1);
      let lines = new Map<string, RegisterLine[]>();
      if (last) {
        const next = { series: last.voucherSeries, number: last.voucherNumber };
        lines = groupBy(await postedLinesBetween(db, companyId, period.id, after, next), (l) => l.entryId);
        after = next;
      }
      done = rows.length <= PAGE;
      const out: string[] = [];
      for (const e of page) {
        out.push(
          record(
            "#VER",
            field(e.voucherSeries),
            e.voucherNumber,
            sieDate(e.entryDate),
            field(e.description),
            sieDate((e.postedAt ?? e.createdAt).slice(0, 10)),
          ),
        );
        out.push("{");
        for (const l of lines.get(e.id) ?? []) {
          const t = record("#TRANS", l.accountNumber, objectList(l.dimensions), amount(l.debitOre - l.creditOre));
          out.push(l.lineDescription ? `${t} "" ${field(l.lineDescription)}` : t);
        }
        out.push("}");
      }
      for (const line of out) sumLine(sum, line);
      if (out.length) controller.enqueue(encodeCp437(`${out.join("\r\n")}\r\n`));
    },
  });
  const year = period.periodEnd.slice(0, 4);
  return { bytes: stream, fileName: `SIE4_${(orgNumber ?? "foretag").replace(/\D/g, "")}_${year}.se` };
}
