// Wages + benefits + tax from the books against the AGI, run by run (issue #40): what the
// avgifter basis report shows as agi_reconciliation. The books' side is read from each booked
// run's salary entry: cash pay = the net debit of the salary accounts 7010/7210/7220, benefits =
// the credit of the counter-account 7380 (booking.ts; by kind the debits of 7381/7382/7385/7389),
// tax = the credit of 2710. The AGI's side is the stored declaration's totals (011+131,
// 012+013+132+133, 497). Pay to F-skatt holders is booked but not declared (SFL 26 kap. 19 §), so
// it is shown apart and left out of the difference. What remains is the AGI's truncation to whole
// kronor per employee and field (skatteförfarandeförordningen 22 kap. 1 §): less than 1 kr per
// employee and field; anything more means the books and the AGI disagree.
import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { agiDeclarations } from "../../../db/schema";
import { entryAccountNets } from "../../../ledger/queries";
import { fromOre } from "../../../money";
import { SALARY_ACCOUNTS } from "../item-types";
import { BENEFIT_ACCOUNTS, BENEFIT_COUNTER_ACCOUNT } from "../runs/booking/rules";
import { effectiveTaxOre, periodOf } from "../runs/rules";
import type { RunEmployeeRow, SalaryRunRow } from "../rows";

export interface ReconciledFigures {
  cash_pay: number;
  benefits: number;
  tax: number;
}

export interface AgiReconciliationRun {
  salary_run_id: string;
  period: string;
  salary_entry_id: string | null;
  books: ReconciledFigures & { benefits_by_account: Record<string, number> };
  not_declared: ReconciledFigures;
  agi: ReconciledFigures | null;
  difference: ReconciledFigures | null;
}

const SALARY = new Set<string>(Object.values(SALARY_ACCOUNTS));
const BENEFIT = new Set<string>(Object.values(BENEFIT_ACCOUNTS));

/** The salary entry's figures, öre. */
function booksOf(nets: Map<string, number> | undefined) {
  let cash = 0;
  const byAccount: Record<string, number> = {};
  for (const [account, net] of nets ?? []) {
    if (SALARY.has(account)) cash += net;
    if (BENEFIT.has(account)) byAccount[account] = fromOre(net);
  }
  return {
    cash,
    benefits: -(nets?.get(BENEFIT_COUNTER_ACCOUNT) ?? 0),
    tax: -(nets?.get("2710") ?? 0),
    byAccount,
  };
}

/** The members the AGI leaves out (F-skatt), öre. */
function notDeclaredOf(members: RunEmployeeRow[]) {
  const out = { cash: 0, benefits: 0, tax: 0 };
  for (const m of members) {
    if ((m.breakdown as { f_skatt_status?: string } | null)?.f_skatt_status !== "f_skatt") continue;
    out.cash += m.grossOre;
    out.benefits += m.benefitsOre;
    out.tax += effectiveTaxOre(m);
  }
  return out;
}

export async function agiReconciliation(
  db: Database,
  companyId: string,
  runs: SalaryRunRow[],
  membersOf: Map<string, RunEmployeeRow[]>,
): Promise<AgiReconciliationRun[]> {
  const entryIds = runs.map((r) => r.salaryEntryId).filter((id): id is string => !!id);
  const nets = await entryAccountNets(db, companyId, entryIds);
  const agis = runs.length
    ? await db
        .select()
        .from(agiDeclarations)
        .where(
          and(
            eq(agiDeclarations.companyId, companyId),
            inArray(
              agiDeclarations.salaryRunId,
              runs.map((r) => r.id),
            ),
          ),
        )
        .all()
    : [];
  const agiOf = new Map(agis.map((a) => [a.salaryRunId, a]));
  return runs.map((run) => {
    const b = booksOf(run.salaryEntryId ? nets.get(run.salaryEntryId) : undefined);
    const nd = notDeclaredOf(membersOf.get(run.id) ?? []);
    const a = agiOf.get(run.id);
    const agi = a ? { cash_pay: a.totalCashPay, benefits: a.totalBenefits, tax: a.totalTax } : null;
    const diff = (booksOre: number, notOre: number, declared: number) => fromOre(booksOre - notOre - declared * 100);
    return {
      salary_run_id: run.id,
      period: periodOf(run),
      salary_entry_id: run.salaryEntryId,
      books: {
        cash_pay: fromOre(b.cash),
        benefits: fromOre(b.benefits),
        tax: fromOre(b.tax),
        benefits_by_account: b.byAccount,
      },
      not_declared: { cash_pay: fromOre(nd.cash), benefits: fromOre(nd.benefits), tax: fromOre(nd.tax) },
      agi,
      difference: agi
        ? {
            cash_pay: diff(b.cash, nd.cash, agi.cash_pay),
            benefits: diff(b.benefits, nd.benefits, agi.benefits),
            tax: diff(b.tax, nd.tax, agi.tax),
          }
        : null,
    };
  });
}
