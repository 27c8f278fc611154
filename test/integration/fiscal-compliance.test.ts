import { describe, expect, it } from "vitest";
import { call, companyFixture, newKey, write, settleOperation } from "../helpers";
import { booksDb } from "../books";

type Fixture = ReturnType<typeof companyFixture>;
const url = (f: Fixture, p: string) => `/api/v1/companies/${f.companyId}${p}`;
const YEAR = { first_fiscal_year: { start_date: "2026-01-01", end_date: "2026-12-31" }, fiscal_year_start_month: 1 };

const settle = (f: Fixture, operationId: string) => settleOperation(f.actor.key, operationId);

const voucher = (n: number, date: string) => [
  `#VER A ${n} ${date} "Sale ${n}"`,
  "{",
  "#TRANS 1930 {} 100.00",
  "#TRANS 3001 {} -100.00",
  "}",
];
// vouchers A1, A2 and A5 of 2025: A3-A4 are missing
const SIE = `${[
  "#FLAGGA 0",
  "#SIETYP 4",
  '#FNAMN "Luckan AB"',
  "#RAR 0 20250101 20251231",
  '#KONTO 1930 "Bank"',
  '#KONTO 3001 "Sales"',
  ...voucher(1, "20250110"),
  ...voucher(2, "20250210"),
  ...voucher(5, "20250310"),
].join("\r\n")}\r\n`;

describe("voucher gaps and year-end readiness", () => {
  const f = companyFixture({ name: "Luckan AB", ...YEAR });

  it("lists every gap, blocks the year-end until it is explained, then closes the year", async () => {
    const started = await call("POST", url(f, "/imports/sie"), {
      key: f.actor.key,
      body: { file_base64: btoa(SIE), file_name: "luckan.se" },
    });
    expect(started.status).toBe(202);
    const imported = await settle(f, started.body.data.operation_id);
    expect(imported.status).toBe("succeeded");
    const periodId = imported.result.fiscal_period_id as string;
    const check = (type: string, key = f.actor.key) =>
      call("GET", url(f, `/compliance/check?type=${type}&fiscal_period_id=${periodId}`), { key });

    const gaps = await check("voucher_gaps");
    expect(gaps.status).toBe(200);
    expect(gaps.body.data).toMatchObject({
      type: "voucher_gaps",
      ready: false,
      summary: { gaps: 1, unexplained: 1 },
      params: { type: "voucher_gaps", fiscal_period_id: periodId },
    });
    expect(gaps.body.data.findings).toEqual([
      expect.objectContaining({
        severity: "blocker",
        code: "VOUCHER_GAP_UNEXPLAINED",
        details: expect.objectContaining({ voucher_series: "A", gap_start: 3, gap_end: 4, explained: false }),
      }),
    ]);

    const readiness = (await check("year_end_readiness")).body.data;
    expect(readiness.ready).toBe(false);
    expect(readiness.findings.filter((x: any) => x.severity === "blocker").map((x: any) => x.code)).toEqual([
      "PERIOD_NOT_LOCKED",
      "VOUCHER_GAP_UNEXPLAINED",
    ]);
    expect((await write(f.actor.key, "POST", url(f, `/fiscal-periods/${periodId}/lock`))).status).toBe(200);
    const ops = async () =>
      (await booksDb
        .prepare("SELECT count(*) AS n FROM operations WHERE company_id = ?")
        .bind(f.companyId)
        .first<{ n: number }>())!.n;
    const opsBefore = await ops();
    const refused = await write(f.actor.key, "POST", url(f, `/fiscal-periods/${periodId}/year-end`));
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe("YEAR_END_FAILED");
    expect(refused.body.error.details.findings[0]).toMatchObject({
      code: "VOUCHER_GAP_UNEXPLAINED",
      details: { gap_start: 3, gap_end: 4 },
    });
    expect(await ops()).toBe(opsBefore);

    const explain = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
      write(
        f.actor.key,
        "POST",
        url(f, "/voucher-gap-explanations"),
        {
          fiscal_period_id: periodId,
          voucher_series: "A",
          gap_start: 3,
          gap_end: 4,
          explanation: "Makulerade i det tidigare programmet",
          ...body,
        },
        headers,
      );
    expect((await explain({ gap_start: 2 })).body.error.code).toBe("VALIDATION_ERROR");
    expect((await explain({ gap_end: 2 })).body.error.code).toBe("VALIDATION_ERROR");
    expect((await explain({ voucher_series: "ab" })).body.error.code).toBe("VALIDATION_ERROR");
    expect((await explain({ fiscal_period_id: "nope" })).body.error.code).toBe("PERIOD_NOT_FOUND");
    const dry = await explain({}, { "X-Dry-Run": "true" });
    expect(dry.status).toBe(201);
    expect((await check("voucher_gaps")).body.data.ready).toBe(false);
    const ok = await explain({});
    expect(ok.status).toBe(201);
    expect(ok.body.data).toMatchObject({ fiscal_period_id: periodId, voucher_series: "A", gap_start: 3, gap_end: 4 });
    expect((await explain({})).body.error.code).toBe("CONFLICT");

    const after = (await check("voucher_gaps")).body.data;
    expect(after).toMatchObject({ ready: true, summary: { gaps: 1, unexplained: 0 } });
    expect(after.findings[0]).toMatchObject({
      severity: "info",
      code: "VOUCHER_GAP_EXPLAINED",
      details: { explanation_ids: [ok.body.data.id] },
    });
    expect((await check("year_end_readiness")).body.data.ready).toBe(true);

    const op = await settle(
      f,
      (await write(f.actor.key, "POST", url(f, `/fiscal-periods/${periodId}/year-end`))).body.data.operation_id,
    );
    expect(op.status).toBe("succeeded");
    expect(op.result).toMatchObject({ year_result: 300, result_account: "2099" });

    // scope compliance:read
    const narrow = await newKey(f.actor.userId, { scopes: ["reports:read"] });
    expect((await check("voucher_gaps", narrow.key)).body.error.code).toBe("INSUFFICIENT_SCOPE");
    expect(
      (await call("GET", url(f, `/compliance/check?type=vat_close&fiscal_period_id=${periodId}`), { key: f.actor.key }))
        .body.error.code,
    ).toBe("VALIDATION_ERROR");
  });
});

describe("the tax calendar", () => {
  // Testbolaget AB: quarterly VAT, F-skatt, calendar year 2026
  const f = companyFixture({ name: "Kalender AB", ...YEAR });
  const deadlines = async (q: string) => {
    const res = await call("GET", url(f, `/tax-deadlines?${q}`), { key: f.actor.key });
    expect(res.status).toBe(200);
    return res.body.data.deadlines.map((d: any) => [d.type, d.period, d.due_date]);
  };

  it("gives Skatteverket's 2026 dates for the company's VAT quarters and F-tax, moved to banking days", async () => {
    // Skatteverket, "Deklarera moms" 2026: quarters due 12 May, 17 August, 12 November
    expect(await deadlines("from=2026-01-01&to=2026-12-31&type=vat_declaration")).toEqual([
      ["vat_declaration", "2026-Q1", "2026-05-12"],
      ["vat_declaration", "2026-Q2", "2026-08-17"],
      ["vat_declaration", "2026-Q3", "2026-11-12"],
    ]);
    // F-skatt from February: the 12th, 17 August; 12 April 2026 is a Sunday, 12 July too, 12 September a Saturday, 12 December a Saturday
    const fTax = (await deadlines("from=2026-01-01&to=2026-12-31&type=f_tax_instalment")).map((d: string[]) => d[2]);
    expect(fTax).toEqual([
      "2026-02-12",
      "2026-03-12",
      "2026-04-13",
      "2026-05-12",
      "2026-06-12",
      "2026-07-13",
      "2026-08-17",
      "2026-09-14",
      "2026-10-12",
      "2026-11-12",
      "2026-12-14",
    ]);
    expect(await deadlines("from=2026-01-01&to=2026-12-31&type=employer_declaration")).toEqual([]);
    expect(
      (await call("GET", url(f, "/tax-deadlines?from=2026-05-01&to=2026-01-01"), { key: f.actor.key })).body.error.code,
    ).toBe("VALIDATION_ERROR");
  });

  it("follows the compliance settings: an employer declares monthly", async () => {
    expect((await call("GET", url(f, "/compliance/settings"), { key: f.actor.key })).body.data).toEqual({
      annual_turnover_sek: 0,
      has_employees: false,
      eu_trade: false,
      eu_sales_list_period: "monthly",
      updated_at: null,
    });
    const patched = await write(f.actor.key, "PATCH", url(f, "/compliance/settings"), { has_employees: true });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({ has_employees: true, annual_turnover_sek: 0 });
    // pay month January: declared and paid by 12 February; December's by 18 January 2027 (17 January is a Sunday)
    const employer = await deadlines("from=2026-02-01&to=2027-01-31&type=employer_declaration");
    expect(employer[0]).toEqual(["employer_declaration", "2026-01", "2026-02-12"]);
    expect(employer[employer.length - 1]).toEqual(["employer_declaration", "2026-12", "2027-01-18"]);
    expect(
      (await write(f.actor.key, "PATCH", url(f, "/compliance/settings"), { annual_turnover_sek: -1 })).body.error.code,
    ).toBe("VALIDATION_ERROR");
  });
});

describe("the tax calendar of a company with a payroll", () => {
  const f = companyFixture({ name: "Arbetsgivare AB", ...YEAR });

  it("lists the employer declarations once an employee is on the payroll, with the setting untouched", async () => {
    const deadlines = async () =>
      (
        await call("GET", url(f, "/tax-deadlines?from=2026-02-01&to=2026-03-31&type=employer_declaration"), {
          key: f.actor.key,
        })
      ).body.data.deadlines.map((d: any) => [d.period, d.due_date]);
    expect(await deadlines()).toEqual([]);
    const employee = await write(f.actor.key, "POST", url(f, "/employees"), {
      first_name: "Åsa",
      last_name: "Öberg",
      personnummer: "198112189876",
      tax_table_number: 33,
      tax_column: 1,
      salary_type: "monthly",
      monthly_salary: 35000,
      employment_start: "2024-01-01",
    });
    expect(employee.status, JSON.stringify(employee.body)).toBe(201);
    expect((await call("GET", url(f, "/compliance/settings"), { key: f.actor.key })).body.data.has_employees).toBe(
      false,
    );
    // pay months January and February: due 12 February and 12 March 2026
    expect(await deadlines()).toEqual([
      ["2026-01", "2026-02-12"],
      ["2026-02", "2026-03-12"],
    ]);
  });
});
