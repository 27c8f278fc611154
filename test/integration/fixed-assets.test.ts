// The fixed-asset register through the API (docs/fixed-assets.md): a computer bought on a
// supplier invoice, registered from its line, depreciated month by month, sold with a gain;
// the register equals the ledger. Figures computed by hand: 30 000 kr over 36 months is
// 833.33 kr a month with the rounding spread (833.33, 833.34, 833.33, ...).
import { describe, expect, it } from "vitest";
import { call, companyFixture, countOf, entryLines, line, newKey, postedEntry, write } from "../helpers";

const YEAR_2025 = {
  fiscal_year_start_month: 1,
  first_fiscal_year: { start_date: "2025-01-01", end_date: "2025-12-31" },
};
const shop = companyFixture({ name: "Datorbolaget AB", ...YEAR_2025 });
const url = (f: { companyId: string }, p: string) => `/api/v1/companies/${f.companyId}${p}`;

async function buyComputer(f: typeof shop) {
  const sup = await write(f.actor.key, "POST", url(f, "/suppliers"), {
    name: "Datorhuset AB",
    supplier_type: "swedish_business",
    default_expense_account: "4010",
    default_payment_terms: 30,
  });
  expect(sup.status).toBe(201);
  const si = await write(f.actor.key, "POST", url(f, "/supplier-invoices"), {
    supplier_id: sup.body.data.id,
    supplier_invoice_number: "D-1",
    invoice_date: "2025-01-15",
    items: [
      { description: "Bärbar dator", amount: 30000, vat_rate: 0.25, account_number: "1250" },
      { description: "Frakt", amount: 200, vat_rate: 0.25, account_number: "5710" },
    ],
  });
  expect(si.status).toBe(201);
  return si.body.data.id as string;
}

const run = (f: typeof shop, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  write(f.actor.key, "POST", url(f, "/fixed-assets/depreciation-runs"), body, headers);

const assetRows = (companyId: string) =>
  countOf("SELECT COUNT(*) AS n FROM fixed_assets WHERE company_id = ?", companyId);

describe("a computer from a supplier invoice: depreciation by month, sale with a gain", () => {
  let invoiceId = "";
  let assetId = "";

  it("registers the asset from the invoice's line, without booking anything", async () => {
    invoiceId = await buyComputer(shop);
    const entriesBefore = await countOf(
      "SELECT COUNT(*) AS n FROM journal_entries WHERE company_id = ?",
      shop.companyId,
    );

    // the freight line is an expense, not an asset: refused, nothing stored
    const freight = await write(shop.actor.key, "POST", url(shop, "/fixed-assets"), {
      name: "Frakt",
      category: "datorer",
      supplier_invoice_id: invoiceId,
      line_index: 1,
      useful_life_months: 36,
    });
    expect(freight.status).toBe(400);
    expect(freight.body.error.code).toBe("VALIDATION_ERROR");
    expect(await assetRows(shop.companyId)).toBe(0);

    const res = await write(shop.actor.key, "POST", url(shop, "/fixed-assets"), {
      name: "Bärbar dator",
      category: "datorer",
      supplier_invoice_id: invoiceId,
      line_index: 0,
      useful_life_months: 36,
    });
    expect(res.status).toBe(201);
    assetId = res.body.data.id;
    expect(res.body.data).toMatchObject({
      acquisition_date: "2025-01-15",
      acquisition_value: 30000,
      depreciation_start: "2025-01",
      asset_account: "1250",
      accumulated_account: "1229",
      cost_account: "7832",
      monthly_depreciation: 833.33,
      acquisition_journal_entry_id: null,
      status: "active",
    });
    expect(res.body.meta.audit.voucher_number).toBeNull();
    expect(await countOf("SELECT COUNT(*) AS n FROM journal_entries WHERE company_id = ?", shop.companyId)).toBe(
      entriesBefore,
    );

    const twice = await write(shop.actor.key, "POST", url(shop, "/fixed-assets"), {
      name: "Samma dator",
      category: "datorer",
      supplier_invoice_id: invoiceId,
      line_index: 0,
      useful_life_months: 36,
    });
    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe("CONFLICT");
    expect(twice.body.error.details).toMatchObject({ reason: "line_already_registered", fixed_asset_id: assetId });
    expect(await assetRows(shop.companyId)).toBe(1);
  });

  it("a dry run shows January's entry and writes nothing", async () => {
    const dry = await run(shop, { period_from: "2025-01" }, { "X-Dry-Run": "true" });
    expect(dry.status).toBe(201);
    expect(dry.body.meta.dry_run).toBe(true);
    expect(dry.body.data.lines).toEqual([
      { account_number: "7832", debit_amount: 833.33, credit_amount: 0 },
      { account_number: "1229", debit_amount: 0, credit_amount: 833.33 },
    ]);
    expect(await countOf("SELECT COUNT(*) AS n FROM depreciation_runs WHERE company_id = ?", shop.companyId)).toBe(0);
  });

  it("books one entry a run, to the öre, and refuses a month twice", async () => {
    const vouchers: string[] = [];
    for (const [month, amount] of [
      ["2025-01", 833.33],
      ["2025-02", 833.34],
      ["2025-03", 833.33],
    ] as const) {
      const res = await run(shop, { period_from: month });
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({
        entry_date: expect.stringMatching(/^2025-0[1-3]-3[01]|2025-02-28$/),
        total: amount,
      });
      expect(await entryLines(shop.actor.key, shop.companyId, res.body.data.journal_entry_id)).toEqual({
        "7832": [amount, 0],
        "1229": [0, amount],
      });
      vouchers.push(res.body.data.voucher_number);
    }
    const numbers = vouchers.map((v) => Number(v.slice(1)));
    expect(numbers[1]).toBe(numbers[0]! + 1);
    expect(numbers[2]).toBe(numbers[1]! + 1);

    // April to November in one run: 11 × 833.333… = 9 166.67 through November, less 2 500.00
    const rest = await run(shop, { period_from: "2025-04", period_to: "2025-11" });
    expect(rest.status).toBe(201);
    expect(rest.body.data).toMatchObject({ entry_date: "2025-11-30", total: 6666.67 });

    const runsBefore = await countOf(
      "SELECT COUNT(*) AS n FROM depreciation_runs WHERE company_id = ?",
      shop.companyId,
    );
    for (const body of [{ period_from: "2025-03" }, { period_from: "2025-10", period_to: "2025-12" }]) {
      const again = await run(shop, body);
      expect(again.status).toBe(409);
      expect(again.body.error.code).toBe("FIXED_ASSET_PERIOD_ALREADY_DEPRECIATED");
    }
    expect(await countOf("SELECT COUNT(*) AS n FROM depreciation_runs WHERE company_id = ?", shop.companyId)).toBe(
      runsBefore,
    );
  });

  it("the register in June equals the ledger, read with a key of the reports:read scope alone", async () => {
    const { key } = await newKey(shop.actor.userId, { scopes: ["reports:read"] });
    const res = await call("GET", url(shop, "/fixed-assets/register?as_of=2025-06-30"), { key });
    expect(res.status).toBe(200);
    expect(res.body.data.matches_ledger).toBe(true);
    expect(res.body.data.accounts).toEqual([
      {
        account_number: "1229",
        kind: "accumulated_depreciation",
        register_balance: -2500,
        ledger_balance: -2500,
        difference: 0,
      },
      { account_number: "1250", kind: "asset", register_balance: 30000, ledger_balance: 30000, difference: 0 },
    ]);
  });

  it("sells it in December: December's depreciation, the removal and the gain in one entry", async () => {
    const res = await write(shop.actor.key, "POST", url(shop, `/fixed-assets/${assetId}/dispose`), {
      date: "2025-12-20",
      sale_price: 25000,
      settlement_account: "1930",
    });
    expect(res.status).toBe(200);
    // 12 months: 10 000.00 written off, book value 20 000, sold for 25 000: a gain of 5 000
    expect(res.body.data).toMatchObject({
      depreciation_to_disposal: 833.33,
      accumulated_depreciation: 10000,
      book_value: 20000,
      gain_or_loss: 5000,
    });
    expect(await entryLines(shop.actor.key, shop.companyId, res.body.data.journal_entry_id)).toEqual({
      "7832": [833.33, 0],
      "1229": [10000, 833.33],
      "1250": [0, 30000],
      "1930": [25000, 0],
      "3973": [0, 5000],
    });
    const again = await write(shop.actor.key, "POST", url(shop, `/fixed-assets/${assetId}/dispose`), {
      date: "2025-12-21",
      sale_price: 0,
    });
    expect(again.status).toBe(409);
    expect(again.body.error.details.reason).toBe("already_disposed");
  });

  it("the register at year-end: addition, depreciation and disposal, equal to the ledger", async () => {
    const res = await call("GET", url(shop, "/fixed-assets/register?as_of=2025-12-31"), { key: shop.actor.key });
    expect(res.status).toBe(200);
    expect(res.body.data.assets).toEqual([
      {
        asset_id: assetId,
        name: "Bärbar dator",
        category: "datorer",
        opening_value: 0,
        additions: 30000,
        disposals: 20000,
        depreciation: 10000,
        closing_value: 0,
      },
    ]);
    expect(res.body.data.matches_ledger).toBe(true);
    expect(res.body.data.accounts.map((a: { ledger_balance: number }) => a.ledger_balance)).toEqual([0, 0]);
  });
});

const workshop = companyFixture({ name: "Verkstaden AB", ...YEAR_2025 });

describe("inventarier registered by hand", () => {
  it("refuses bad input with the field named, and writes nothing", async () => {
    const register = (body: Record<string, unknown>) =>
      write(workshop.actor.key, "POST", url(workshop, "/fixed-assets"), body);
    const cases: [Record<string, unknown>, string][] = [
      [{ name: "Svarv", category: "inventarier", acquisition_value: 100, useful_life_months: 60 }, "acquisition_date"],
      [
        {
          name: "Tomt",
          category: "mark",
          acquisition_date: "2025-01-02",
          acquisition_value: 100,
          useful_life_months: 60,
        },
        "useful_life_months",
      ],
      [
        {
          name: "Svarv",
          category: "inventarier",
          acquisition_date: "2025-01-02",
          acquisition_value: 100,
          useful_life_months: 60,
          cost_account: "5410",
        },
        "cost_account",
      ],
      [
        {
          name: "Svarv",
          category: "inventarier",
          acquisition_date: "2025-01-02",
          acquisition_value: 100,
          useful_life_months: 60,
          book_acquisition: true,
        },
        "counter_account",
      ],
    ];
    for (const [body, field] of cases) {
      const res = await register(body);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("VALIDATION_ERROR");
      expect(JSON.stringify(res.body.error.details)).toContain(field);
    }
    // a run across two fiscal years, or of a month to come
    for (const body of [{ period_from: "2025-12", period_to: "2026-01" }, { period_from: "2099-01" }]) {
      const res = await run(workshop, body);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("VALIDATION_ERROR");
    }
    expect(await assetRows(workshop.companyId)).toBe(0);
    expect(await countOf("SELECT COUNT(*) AS n FROM depreciation_runs WHERE company_id = ?", workshop.companyId)).toBe(
      0,
    );
  });

  it("books the acquisition when asked, and a hand entry on the account shows as a difference", async () => {
    const res = await write(workshop.actor.key, "POST", url(workshop, "/fixed-assets"), {
      name: "Svarv",
      category: "inventarier",
      acquisition_date: "2025-02-10",
      acquisition_value: 50000,
      useful_life_months: 60,
      book_acquisition: true,
      counter_account: "1930",
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ asset_account: "1220", accumulated_account: "1229", cost_account: "7832" });
    expect(
      await entryLines(workshop.actor.key, workshop.companyId, res.body.data.acquisition_journal_entry_id),
    ).toEqual({
      "1220": [50000, 0],
      "1930": [0, 50000],
    });

    // January: nothing to depreciate yet (taken into use in February); February: 50 000 / 60
    const jan = await run(workshop, { period_from: "2025-01" });
    expect(jan.status).toBe(201);
    expect(jan.body.data).toMatchObject({ total: 0, journal_entry_id: null, voucher_number: null });
    const feb = await run(workshop, { period_from: "2025-02" });
    expect(feb.body.data.total).toBe(833.33);

    await postedEntry(workshop.actor.key, workshop.companyId, workshop.periodId, {
      entry_date: "2025-02-20",
      description: "Verktyg bokfört för hand",
      lines: [line("1220", 1000, 0), line("1930", 0, 1000)],
    });
    const reg = await call("GET", url(workshop, "/fixed-assets/register?as_of=2025-02-28"), {
      key: workshop.actor.key,
    });
    expect(reg.body.data.matches_ledger).toBe(false);
    expect(reg.body.data.accounts).toContainEqual({
      account_number: "1220",
      kind: "asset",
      register_balance: 50000,
      ledger_balance: 51000,
      difference: 1000,
    });
  });

  it("year-end tax depreciation: the 30-regeln's maximum, the difference to the plan as överavskrivningar", async () => {
    // March to December by plan: 11 months × 833.333… = 9 166.67 through December, less February's 833.33
    const rest = await run(workshop, { period_from: "2025-03", period_to: "2025-12" });
    expect(rest.body.data.total).toBe(8333.34);

    const tax = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
      write(workshop.actor.key, "POST", url(workshop, "/fixed-assets/tax-depreciation"), body, headers);
    // bought for 50 000 this year: the 30-regeln allows 15 000 (closing at least 35 000), the 20-regeln
    // 10 000 (80 % of 50 000 held); the plan booked 9 166.67, so 5 833.33 goes to överavskrivningar
    const dry = await tax({ fiscal_period_id: workshop.periodId }, { "X-Dry-Run": "true" });
    expect(dry.status).toBe(201);
    expect(dry.body.data).toMatchObject({
      opening_tax_value: 0,
      additions: 50000,
      base: 50000,
      rule_30: { minimum_closing_value: 35000, maximum_depreciation: 15000 },
      rule_20: { minimum_closing_value: 40000, maximum_depreciation: 10000 },
      chosen_rule: "30",
      tax_depreciation: 15000,
      plan_depreciation: 9166.67,
      over_depreciation_change: 5833.33,
      closing_tax_value: 35000,
      lines: [
        { account_number: "8853", debit_amount: 5833.33, credit_amount: 0 },
        { account_number: "2153", debit_amount: 0, credit_amount: 5833.33 },
      ],
    });
    expect(await countOf("SELECT COUNT(*) AS n FROM tax_depreciations WHERE company_id = ?", workshop.companyId)).toBe(
      0,
    );

    const tooMuch = await tax({ fiscal_period_id: workshop.periodId, rule: "20", amount: 12000 });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.error.code).toBe("VALIDATION_ERROR");

    const res = await tax({ fiscal_period_id: workshop.periodId });
    expect(res.status).toBe(201);
    expect(await entryLines(workshop.actor.key, workshop.companyId, res.body.data.journal_entry_id)).toEqual({
      "8853": [5833.33, 0],
      "2153": [0, 5833.33],
    });
    const again = await tax({ fiscal_period_id: workshop.periodId });
    expect(again.status).toBe(409);
    expect(again.body.error.details.reason).toBe("tax_depreciation_exists");
  });
});

const fastPlan = companyFixture({ name: "Snabbavskrivning AB", ...YEAR_2025 });

describe("a plan faster than the tax rules", () => {
  it("books no negative överavskrivningar when none were booked before", async () => {
    const res = await write(fastPlan.actor.key, "POST", url(fastPlan, "/fixed-assets"), {
      name: "Server",
      category: "datorer",
      acquisition_date: "2025-01-05",
      acquisition_value: 30000,
      useful_life_months: 12,
      book_acquisition: true,
      counter_account: "1930",
    });
    expect(res.status).toBe(201);
    const year = await run(fastPlan, { period_from: "2025-01", period_to: "2025-12" });
    expect(year.body.data.total).toBe(30000);
    // the 30-regeln allows 9 000 against the plan's 30 000: the 21 000 are added back in the
    // return, and 2153 (nothing booked on it) is not debited
    const tax = await write(fastPlan.actor.key, "POST", url(fastPlan, "/fixed-assets/tax-depreciation"), {
      fiscal_period_id: fastPlan.periodId,
    });
    expect(tax.status).toBe(201);
    expect(tax.body.data).toMatchObject({
      chosen_rule: "30",
      tax_depreciation: 9000,
      plan_depreciation: 30000,
      over_depreciation_change: 0,
      closing_tax_value: 21000,
      journal_entry_id: null,
      lines: [],
    });
  });
});
