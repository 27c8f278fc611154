// The balance sheet and income statement PDFs follow ÅRL bilaga 2 as K2 uses it: the
// previous year's column (the previous fiscal year at the same relative date, empty in a
// company's first year), an aktiebolag's equity split into bundet and fritt eget kapital,
// the current liabilities by their lines, and no "Årets resultat (ej bokslutat)" line once
// the year's result is booked on 2099. Read back as text (test/pdf-text.ts).
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BASE, companyFixture, line, postedEntry, settleOperation, write } from "../helpers";
import { pdfText } from "../pdf-text";

const ab = companyFixture({
  name: "Jämförelse Åkeri AB",
  first_fiscal_year: { start_date: "2026-01-01", end_date: "2026-12-31" },
  fiscal_year_start_month: 1,
});
const url = (p: string) => `/api/v1/companies/${ab.companyId}${p}`;
let nextId = "";

async function pdfLines(path: string): Promise<string[]> {
  const res = await SELF.fetch(`${BASE}${url(path)}`, { headers: { Authorization: `Bearer ${ab.actor.key}` } });
  const bytes = new Uint8Array(await res.arrayBuffer());
  expect(res.status, new TextDecoder().decode(bytes.slice(0, 400))).toBe(200);
  return (await pdfText(bytes)).split("\n");
}
const post = (periodId: string, date: string, description: string, lines: unknown[]) =>
  postedEntry(ab.actor.key, ab.companyId, periodId, { entry_date: date, description, lines });
const act = (periodId: string, action: string, body?: unknown) =>
  write(ab.actor.key, "POST", url(`/fiscal-periods/${periodId}/${action}`), body);
/** the strings of the block that starts at `from` and ends before `to` */
const between = (lines: string[], from: string, to: string) =>
  lines.slice(lines.indexOf(from), lines.indexOf(to, lines.indexOf(from)));

describe("the statements of a company's first year, before the year-end", () => {
  it("leaves the previous year's column empty and shows the unbooked result under fritt eget kapital", async () => {
    // 2026: capital 50 000; sale 100 000 + VAT 25 000; goods on credit 20 000 (2440);
    // rent 24 000 + VAT 6 000; accrued cost 3 000 (2990); estimated income tax 5 000 (2512)
    await post(ab.periodId, "2026-01-10", "Aktiekapital", [line("1930", 50000, 0), line("2081", 0, 50000)]);
    await post(ab.periodId, "2026-03-15", "Försäljning", [
      line("1930", 125000, 0),
      line("3001", 0, 100000),
      line("2611", 0, 25000),
    ]);
    await post(ab.periodId, "2026-04-01", "Varuinköp", [line("4010", 20000, 0), line("2440", 0, 20000)]);
    await post(ab.periodId, "2026-06-20", "Hyra", [
      line("5010", 24000, 0),
      line("2641", 6000, 0),
      line("1930", 0, 30000),
    ]);
    await post(ab.periodId, "2026-12-31", "Upplupen revision", [line("6420", 3000, 0), line("2990", 0, 3000)]);
    await post(ab.periodId, "2026-12-31", "Beräknad skatt", [line("8910", 5000, 0), line("2512", 0, 5000)]);

    const lines = await pdfLines(`/reports/balance-sheet/pdf?period_id=${ab.periodId}`);
    // the two columns' headings; the previous year's has no figures in a first year
    expect(lines.slice(lines.indexOf("2026-12-31"), lines.indexOf("2026-12-31") + 2)).toEqual([
      "2026-12-31",
      "Föregående år",
    ]);
    // assets: 1930 145 000; the VAT is shown net (sweden/vat-balance.ts): 25 000 output less 6 000 input
    // is a 19 000 liability, not 6 000 among the receivables (this test used to expect 151 000, gross).
    // One figure after each total, none for the previous year
    expect(lines.slice(lines.indexOf("Summa tillgångar"), lines.indexOf("Summa tillgångar") + 3)).toEqual([
      "Summa tillgångar",
      "145 000,00",
      "EGET KAPITAL OCH SKULDER",
    ]);
    // equity: bundet 50 000; fritt: the unbooked result 100 000 - 20 000 - 24 000 - 3 000 - 5 000 = 48 000
    expect(between(lines, "Eget kapital", "Kortfristiga skulder")).toEqual([
      "Eget kapital",
      "Bundet eget kapital",
      "2081",
      "Aktiekapital",
      "50 000,00",
      "Summa bundet eget kapital",
      "50 000,00",
      "Fritt eget kapital",
      "",
      "Årets resultat (ej bokslutat)",
      "48 000,00",
      "Summa fritt eget kapital",
      "48 000,00",
      "Summa eget kapital",
      "98 000,00",
    ]);
    // current liabilities by their K2 lines, in the schedule's order
    const current = between(lines, "Kortfristiga skulder", "Summa eget kapital och skulder");
    const headings = ["Leverantörsskulder", "Skatteskulder", "Övriga kortfristiga skulder"];
    headings.push("Upplupna kostnader och förutbetalda intäkter", "Summa kortfristiga skulder");
    expect(headings.map((h) => current.indexOf(h))).toEqual(
      [...headings.map((h) => current.indexOf(h))].sort((a, b) => a - b),
    );
    expect(current[current.indexOf("Summa leverantörsskulder") + 1]).toBe("20 000,00");
    expect(current[current.indexOf("Summa skatteskulder") + 1]).toBe("5 000,00");
    const other = between(current, "Övriga kortfristiga skulder", "Summa övriga kortfristiga skulder");
    expect(other).toContain("2611");
    expect(other).toContain("2641");
    expect(current[current.indexOf("Summa övriga kortfristiga skulder") + 1]).toBe("19 000,00");
    expect(current[current.indexOf("Summa upplupna kostnader och förutbetalda intäkter") + 1]).toBe("3 000,00");
    expect(current[current.indexOf("Summa kortfristiga skulder") + 1]).toBe("47 000,00");
    expect(lines[lines.indexOf("Summa eget kapital och skulder") + 1]).toBe("145 000,00");
  });
});

describe("after the year-end and the close, and in the next year", () => {
  it("closes 2026 and opens 2027", async () => {
    expect((await act(ab.periodId, "lock")).status).toBe(200);
    const started = await act(ab.periodId, "year-end");
    expect(started.status).toBe(202);
    expect((await settleOperation(ab.actor.key, started.body.data.operation_id)).status).toBe("succeeded");
    expect((await act(ab.periodId, "close")).status).toBe(200);
    const next = await write(ab.actor.key, "POST", url("/fiscal-periods"));
    expect(next.status).toBe(201);
    nextId = next.body.data.id;
    expect((await act(ab.periodId, "opening-balances", { next_period_id: nextId })).status).toBe(201);
    // 2027: a sale of 40 000 + VAT in June, the supplier paid
    await post(nextId, "2027-06-10", "Försäljning", [
      line("1930", 50000, 0),
      line("3001", 0, 40000),
      line("2611", 0, 10000),
    ]);
    await post(nextId, "2027-08-01", "Betalning leverantör", [line("2440", 20000, 0), line("1930", 0, 20000)]);
  });

  it("prints the closed year with 2099 Årets resultat and no unbooked line", async () => {
    const lines = await pdfLines(`/reports/balance-sheet/pdf?period_id=${ab.periodId}`);
    expect(lines.join("\n")).not.toContain("ej bokslutat");
    expect(between(lines, "Fritt eget kapital", "Summa eget kapital")).toEqual([
      "Fritt eget kapital",
      "2099",
      "Årets resultat",
      "48 000,00",
      "Summa fritt eget kapital",
      "48 000,00",
    ]);
    expect(lines[lines.indexOf("Summa eget kapital och skulder") + 1]).toBe("145 000,00");
  });

  it("prints the next year's balance sheet beside the previous year's at the period end", async () => {
    const lines = await pdfLines(`/reports/balance-sheet/pdf?period_id=${nextId}`);
    expect(lines.slice(lines.indexOf("2027-12-31"), lines.indexOf("2027-12-31") + 2)).toEqual([
      "2027-12-31",
      "2026-12-31",
    ]);
    // 2027: 1930 145 000 + 50 000 - 20 000 = 175 000; 2026: 145 000 (the VAT, net, is a liability in both)
    expect(lines.slice(lines.indexOf("Summa tillgångar") + 1, lines.indexOf("Summa tillgångar") + 3)).toEqual([
      "175 000,00",
      "145 000,00",
    ]);
    // fritt eget kapital: 2098 carried (48 000, none the year before), 2099 only the year
    // before, and this year's result 40 000 not yet booked (none the year before)
    expect(between(lines, "Fritt eget kapital", "Summa eget kapital")).toEqual([
      "Fritt eget kapital",
      "2098",
      "Vinst eller förlust från föregående år",
      "48 000,00",
      "2099",
      "Årets resultat",
      "48 000,00",
      "",
      "Årets resultat (ej bokslutat)",
      "40 000,00",
      "Summa fritt eget kapital",
      "88 000,00",
      "48 000,00",
    ]);
    // the supplier paid in 2027: nothing owed now, 20 000 the year before
    expect(
      lines.slice(lines.indexOf("Summa leverantörsskulder") + 1, lines.indexOf("Summa leverantörsskulder") + 3),
    ).toEqual(["0,00", "20 000,00"]);
    expect(lines.slice(lines.indexOf("Summa eget kapital och skulder") + 1)).toEqual(
      expect.arrayContaining(["175 000,00", "145 000,00"]),
    );
    expect(lines[lines.indexOf("Summa eget kapital och skulder") + 2]).toBe("145 000,00");
  });

  it("compares a date inside the year with the same date of the previous year", async () => {
    const lines = await pdfLines(`/reports/balance-sheet/pdf?period_id=${nextId}&as_of=2027-06-30`);
    expect(lines.slice(lines.indexOf("2027-06-30"), lines.indexOf("2027-06-30") + 2)).toEqual([
      "2027-06-30",
      "2026-06-30",
    ]);
    // 2027-06-30: 1930 195 000; 2026-06-30: 1930 145 000 (the net VAT a liability on both dates)
    expect(lines.slice(lines.indexOf("Summa tillgångar") + 1, lines.indexOf("Summa tillgångar") + 3)).toEqual([
      "195 000,00",
      "145 000,00",
    ]);
  });

  it("prints the next year's income statement beside the previous year's", async () => {
    const lines = await pdfLines(`/reports/income-statement/pdf?period_id=${nextId}`);
    expect(lines).toContain("2026-01-01 –");
    const both = (h: string) => lines.slice(lines.indexOf(h) + 1, lines.indexOf(h) + 3);
    expect(both("Summa rörelseintäkter")).toEqual(["40 000,00", "100 000,00"]);
    expect(both("Rörelseresultat")).toEqual(["40 000,00", "53 000,00"]);
    // the tax step: nothing this year, 5 000 the year before
    expect(both("Summa skatt på årets resultat")).toEqual(["0,00", "-5 000,00"]);
    expect(both("Årets resultat")).toEqual(["40 000,00", "48 000,00"]);
  });
});
