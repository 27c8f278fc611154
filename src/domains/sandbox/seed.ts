// The sandbox's year of books (spec: Authentication 2, "test keys are bound to deterministic
// sandbox companies with the same surface"). A seeded sandbox company is made by the API's
// own commands, one after the other through the company's writer (src/commands/submit.ts),
// exactly as a client's requests would make it: the ledger engine posts every entry. The
// script below is fixed data (names, dates, amounts) in a fixed order, so every seeding
// gives the same books: the same voucher, invoice and customer numbers, dates and amounts
// (the rows' ids are new each time; ids are unique across companies).
import { nowIso } from "../../clock";
import { submit } from "../../commands/submit";
import type { CommandInput, CommandName } from "../../commands/names";
import type { RequestContext } from "../../commands/plan";
import type { Env } from "../../env";
import { ApiError } from "../../errors/api-error";
import { newId } from "../../ids";
import { placeCompany } from "../../db/homes";
import { archiveSandboxCompany, enterDirectory } from "../companies";

/** The seed's fiscal year: a calendar year, every date inside it fixed. */
export const SANDBOX_YEAR = { start_date: "2026-01-01", end_date: "2026-12-31" } as const;

export const SANDBOX_COMPANY = {
  name: "Sandlådan Konsult AB",
  entity_type: "aktiebolag",
  org_number: "556016-0680",
  vat_registered: true,
  moms_period: "quarterly",
  f_skatt: true,
  fiscal_year_start_month: 1,
  first_fiscal_year: SANDBOX_YEAR,
} as const;

/** Who the seed acts as: the test key and user that asked for the sandbox. */
export interface SeedActor {
  apiKeyId: string;
  userId: string;
}

type Step = { name: CommandName; input: unknown };

/** What the seed reads back from a command's answer: the row's id (a company's also names its first year). */
type Created = { id: string; fiscal_period: { id: string } } & Record<string, unknown>;

/** Runs one command in the company's writer as the actor; a refusal stops the seed (it is a bug in the script). */
async function run<N extends CommandName>(
  env: Env,
  ctx: RequestContext,
  name: N,
  input: CommandInput<N>,
  placement?: string,
): Promise<Created> {
  const step: Step = { name, input };
  const result = await submit(env, {
    ...step,
    ctx: { ...ctx, now: nowIso() },
    idempotency: null,
    ...(placement ? { placement } : {}),
  });
  if (!result.ok)
    throw new ApiError(
      "INTERNAL_ERROR",
      { sandbox_seed_step: name, refusal: result.error },
      `Seeding the sandbox stopped at ${name}: ${result.error.message}`,
    );
  return result.data as Created;
}

const saleItem = (description: string, quantity: number, unit_price: number) =>
  ({ description, quantity, unit_price, unit: "tim" }) as const;

/**
 * Creates a sandbox company owned by the actor and books its year: share capital, three
 * customers and four sales invoices (two paid, two open), two suppliers and their invoices
 * (one paid, one open), a bank fee, and the bank account's rows for the year. Answers the
 * company as POST /companies does, and what was seeded.
 */
export async function seedSandboxCompany(env: Env, actor: SeedActor, requestId: string, apiVersion: string) {
  const companyId = newId();
  const ctx: RequestContext = {
    companyId,
    requestId,
    apiKeyId: actor.apiKeyId,
    userId: actor.userId,
    role: "owner",
    unattendedCommitLimitOre: null,
    dryRun: false,
    now: nowIso(),
    apiVersion,
  };
  const placement = await placeCompany(env);
  const company = await run(env, ctx, "companies.create", { ...SANDBOX_COMPANY, sandbox: true }, placement);
  await enterDirectory(env, companyId, placement, actor.userId, ctx.now);
  try {
    await bookTheYear(env, ctx, company.fiscal_period.id);
  } catch (err) {
    // a seed that stopped half-way is archived, never left as a sandbox with half a year
    await archiveSandboxCompany(env, companyId, nowIso());
    throw err;
  }
  return {
    company,
    seeded: { customers: 3, suppliers: 2, invoices: 4, supplier_invoices: 2, bank_transactions: 5 },
  };
}

/** The year's business, in a fixed order: every command as a client would send it. */
async function bookTheYear(env: Env, ctx: RequestContext, periodId: string): Promise<void> {
  const post = async (entry_date: string, description: string, lines: [string, number, number][]) => {
    const draft = await run(env, ctx, "journal_entries.create", {
      fiscal_period_id: periodId,
      entry_date,
      description,
      lines: lines.map(([account_number, debit_amount, credit_amount]) => ({
        account_number,
        debit_amount,
        credit_amount,
      })),
    });
    return run(env, ctx, "journal_entries.commit", { id: draft.id });
  };

  await post("2026-01-02", "Aktiekapital inbetalt", [
    ["1930", 50000, 0],
    ["2081", 0, 50000],
  ]);

  const customer = (name: string, customer_type: "swedish_business" | "individual", email: string) =>
    run(env, ctx, "customers.create", { name, customer_type, email, country: "SE" });
  const solen = await customer("Kafé Solen AB", "swedish_business", "ekonomi@kafesolen.example");
  const bygg = await customer("Bygg & Montage i Norr AB", "swedish_business", "faktura@byggnorr.example");
  const anna = await customer("Anna Svensson", "individual", "anna.svensson@example.se");

  const supplier = (name: string, default_expense_account: string) =>
    run(env, ctx, "suppliers.create", {
      name,
      supplier_type: "swedish_business",
      default_expense_account,
      country: "SE",
    });
  const lokal = await supplier("Kontorshotellet i Stan AB", "5010");
  const tele = await supplier("Telekom Nord AB", "6212");

  // sales are created, sent (numbered and booked) and paid to 1930; purchases registered,
  // approved (booked) and paid. The helpers first, then the year in date order, so the
  // vouchers are numbered in the order of their dates, as löpande bokföring has it.
  const invoice = async (customer_id: string, invoice_date: string, items: ReturnType<typeof saleItem>[]) => {
    const draft = await run(env, ctx, "invoices.create", {
      customer_id,
      invoice_date,
      currency: "SEK",
      document_type: "invoice",
      is_self_billed: false,
      items: items.map((i) => ({ ...i, vat_rate: 0.25 })),
    });
    return run(env, ctx, "invoices.mark_sent", { id: draft.id });
  };
  const pay = (id: string, payment_date: string) =>
    run(env, ctx, "invoices.pay", { id, payment_date, settlement_account: "1930", force: false });
  const supplierInvoice = async (supplier_id: string, number: string, invoice_date: string, amount: number) => {
    const si = await run(env, ctx, "supplier_invoices.create", {
      supplier_id,
      supplier_invoice_number: number,
      invoice_date,
      items: [{ amount, vat_rate: 0.25, apply_slp: false, reverse_charge: false }],
    });
    return run(env, ctx, "supplier_invoices.approve", { id: si.id });
  };

  const rent = await supplierInvoice(lokal.id, "H-2026-01", "2026-01-20", 12000);
  await run(env, ctx, "supplier_invoices.pay", { id: rent.id, payment_date: "2026-01-30", settlement_account: "1930" });
  const i1 = await invoice(solen.id, "2026-02-03", [saleItem("Konsulttimmar januari", 10, 950)]);
  await pay(i1.id, "2026-03-05");
  await post("2026-03-31", "Bankavgift första kvartalet", [
    ["6570", 125, 0],
    ["1930", 0, 125],
  ]);
  const i2 = await invoice(bygg.id, "2026-04-10", [saleItem("Projektledning etapp 1", 20, 950)]);
  await pay(i2.id, "2026-05-08");
  await invoice(solen.id, "2026-09-15", [saleItem("Konsulttimmar augusti", 8, 950)]);
  await invoice(anna.id, "2026-10-01", [saleItem("Rådgivning", 2, 1200)]);
  await supplierInvoice(tele.id, "TN-884120", "2026-10-05", 800);

  // the bank account's rows for what went through it, after the payments were registered
  // (a row first would make each payment look like a duplicate of it)
  const row = (external_id: string, date: string, description: string, amount: number) =>
    ({ external_id, date, description, amount, currency: "SEK" }) as const;
  await run(env, ctx, "bank_transactions.ingest", {
    settlement_account: "1930",
    transactions: [
      row("sandbox-0001", "2026-01-02", "Insättning aktiekapital", 50000),
      row("sandbox-0002", "2026-01-30", "Kontorshotellet i Stan AB", -15000),
      row("sandbox-0003", "2026-03-05", "Kafé Solen AB", 11875),
      row("sandbox-0004", "2026-03-31", "Bankavgift", -125),
      row("sandbox-0005", "2026-05-08", "Bygg & Montage i Norr AB", 23750),
    ],
  });
}
