// The budgets' commands: create, replace and delete a budget version, and import one from a
// CSV or a SIE file's #PBUDGET lines. Each reads (the year, the name's holder), decides with
// rules.ts (the lines made canonical) and the ledger's checks of chart and objects, then plans
// the statements.
import { and, eq } from "drizzle-orm";
import type { Command, CommandContext, Statement } from "../../commands/plan";
import type { Database } from "../../db/client";
import { insertFromJson } from "../../db/json-insert";
import { budgetLines, budgets } from "../../db/schema";
import { ApiError } from "../../errors/api-error";
import { newId } from "../../ids";
import type { FiscalPeriodRow } from "../../ledger/engine";
import { toOre } from "../../money";
import { additiveBudget, readPeriodBudgets } from "../../sweden/sie/budget";
import { decodeSie } from "../../sweden/sie/encoding";
import { type BudgetRow, budgetJson, budgetNamed, loadBudget } from "./queries";
import { type BudgetLine, type BudgetLineIn, canonicalLines, parseBudgetCsv, type Problem } from "./rules";
import type { BudgetCreateInput, BudgetImportInput, BudgetReplaceInput } from "./schemas";

const refuse = (problems: Problem[]) => new ApiError("VALIDATION_ERROR", { fields: problems });

function nameTaken(row: BudgetRow) {
  return new ApiError("BUDGET_NAME_TAKEN", { budget_id: row.id, name: row.name, fiscal_period_id: row.fiscalPeriodId });
}

/** The API's lines as rules.ts takes them (the schema has checked each amount). */
const fromApi = (lines: BudgetCreateInput["lines"]): BudgetLineIn[] =>
  lines.map((l) => ({
    account: l.account_number,
    month: l.month,
    objects: l.dimensions ?? {},
    amountOre: toOre(l.amount) as number,
  }));

/** The lines as the budget keeps them, refused on a month outside the year, an account not in the chart or an unknown object. */
async function checkedLines(
  ctx: CommandContext,
  input: BudgetLineIn[],
  period: FiscalPeriodRow,
  path: string,
): Promise<BudgetLine[]> {
  const { lines, problems } = canonicalLines(input, period, path);
  if (problems.length) throw refuse(problems);
  await ctx.ledger.assertAccountsActive(lines.map((l) => ({ accountNumber: l.account })));
  await ctx.ledger.assertDimensionsUsable(
    input.map((l) => l.objects),
    true,
  );
  return lines;
}

function lineRows(budgetId: string, companyId: string, lines: BudgetLine[]) {
  return lines.map((l) => ({
    budgetId,
    companyId,
    accountNumber: l.account,
    month: l.month,
    dimensions: l.dimensions,
    amountOre: l.amountOre,
  }));
}

/** The events of a budget's writes (webhooks: budget.created, .updated, .imported, .deleted). */
export type BudgetEvent = "budget.created" | "budget.updated" | "budget.imported";

/** A budget in an event: its head without the lines (a budget may have 50 000). */
function eventObject(data: ReturnType<typeof budgetJson>) {
  const { lines: _lines, ...rest } = data;
  return rest;
}

/** The statements that give a budget (new or existing) exactly these lines, its answer and its event. */
function planLines(db: Database, row: BudgetRow, lines: BudgetLine[], isNew: boolean, event: BudgetEvent) {
  const rows = lineRows(row.id, row.companyId, lines);
  const statements: Statement[] = isNew
    ? [db.insert(budgets).values(row)]
    : [
        db.update(budgets).set({ name: row.name, updatedAt: row.updatedAt }).where(eq(budgets.id, row.id)),
        db.delete(budgetLines).where(and(eq(budgetLines.companyId, row.companyId), eq(budgetLines.budgetId, row.id))),
      ];
  if (rows.length) statements.push(...insertFromJson(db, budgetLines, rows));
  const data = budgetJson(row, rows);
  return {
    status: isNew ? (201 as const) : (200 as const),
    data,
    statements,
    events: [
      {
        type: event,
        object: event === "budget.imported" ? { ...eventObject(data), replaced: !isNew } : eventObject(data),
      },
    ],
    audit: { action: isNew ? "budget.created" : "budget.replaced", resourceType: "budget", resourceId: row.id },
  };
}

function newBudgetRow(ctx: CommandContext, periodId: string, name: string): BudgetRow {
  return {
    id: newId(),
    companyId: ctx.companyId,
    fiscalPeriodId: periodId,
    name,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  };
}

export const createBudget: Command<BudgetCreateInput> = async (db, input, ctx) => {
  const period = await ctx.ledger.loadPeriod(input.fiscal_period_id);
  const holder = await budgetNamed(db, ctx.companyId, period.id, input.name);
  if (holder) throw nameTaken(holder);
  const lines = await checkedLines(ctx, fromApi(input.lines), period, "lines");
  return planLines(db, newBudgetRow(ctx, period.id, input.name), lines, true, "budget.created");
};

export const replaceBudget: Command<BudgetReplaceInput> = async (db, input, ctx) => {
  const current = await loadBudget(db, ctx.companyId, input.id);
  const period = await ctx.ledger.loadPeriod(current.fiscalPeriodId);
  const name = input.name ?? current.name;
  const holder = name === current.name ? null : await budgetNamed(db, ctx.companyId, period.id, name);
  if (holder) throw nameTaken(holder);
  const lines = await checkedLines(ctx, fromApi(input.lines), period, "lines");
  return planLines(db, { ...current, name, updatedAt: ctx.now }, lines, false, "budget.updated");
};

export const deleteBudget: Command<{ id: string }> = async (db, input, ctx) => {
  const current = await loadBudget(db, ctx.companyId, input.id);
  return {
    status: 204,
    data: null,
    statements: [
      db.delete(budgetLines).where(and(eq(budgetLines.companyId, ctx.companyId), eq(budgetLines.budgetId, current.id))),
      db.delete(budgets).where(eq(budgets.id, current.id)),
    ],
    events: [
      {
        type: "budget.deleted",
        object: {
          id: current.id,
          fiscal_period_id: current.fiscalPeriodId,
          name: current.name,
          created_at: current.createdAt,
          updated_at: current.updatedAt,
        },
      },
    ],
    audit: { action: "budget.deleted", resourceType: "budget", resourceId: current.id },
  };
};

/** The file's bytes from base64, refused (not thrown as 500) when it is no base64. */
function base64Bytes(text: string): Uint8Array {
  try {
    return Uint8Array.from(atob(text.replace(/\s/g, "")), (ch) => ch.charCodeAt(0));
  } catch {
    throw refuse([{ path: "sie_base64", message: "not base64" }]);
  }
}

/** The lines a file gives, or the problems of the lines it cannot give. */
export function linesOfFile(input: Pick<BudgetImportInput, "format" | "csv_text" | "sie_base64">): BudgetLineIn[] {
  if (input.format === "csv") {
    if (input.csv_text === undefined) throw refuse([{ path: "csv_text", message: "format csv needs csv_text" }]);
    const { lines, problems } = parseBudgetCsv(input.csv_text);
    if (problems.length) throw refuse(problems);
    return lines;
  }
  if (input.sie_base64 === undefined) throw refuse([{ path: "sie_base64", message: "format sie needs sie_base64" }]);
  const { lines, problems } = readPeriodBudgets(decodeSie(base64Bytes(input.sie_base64)).text);
  if (problems.length) throw refuse(problems.map((message) => ({ path: "sie_base64", message })));
  return additiveBudget(lines).lines.map((l) => ({ ...l }));
}

export const importBudget: Command<BudgetImportInput> = async (db, input, ctx) => {
  const period = await ctx.ledger.loadPeriod(input.fiscal_period_id);
  const holder = await budgetNamed(db, ctx.companyId, period.id, input.name);
  if (holder && !input.replace) throw nameTaken(holder);
  const path = input.format === "csv" ? "csv_text" : "sie_base64";
  const lines = await checkedLines(ctx, linesOfFile(input), period, path);
  const row = holder ? { ...holder, updatedAt: ctx.now } : newBudgetRow(ctx, period.id, input.name);
  return planLines(db, row, lines, !holder, "budget.imported");
};
