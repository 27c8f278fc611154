// Issue #40 items 5-7, as a year: a takeover from a SIE file (test/fixtures/sie/
// takeover-class0-undisposed-result_4.SE) whose #IB 0 lacks last year's result (the other
// program leaves it undisposed), with class-0 statistics accounts given as #RES and the
// previous year (#RAR -1). The books, the export and the next year's opening must equal
// the file's figures; every expected figure below is read from the file itself.
import { beforeAll, describe, expect, it } from "vitest";
import { decodeCp437 } from "../../src/sweden/sie/encoding";
import { BASE, call, newActor, newCompany, settleOperation, sieFixture, write, type Actor } from "../helpers";
import { SELF } from "cloudflare:test";

const FIXTURE = "takeover-class0-undisposed-result_4.SE";
let actor: Actor;
let companyId = "";
let result: any;

/** The file's #IB/#UB/#RES of a year, account -> kronor, read with a regular expression (not the service's reader). */
function figures(text: string, label: "#IB" | "#UB" | "#RES", year: number): Map<string, number> {
  const out = new Map<string, number>();
  for (const m of text.matchAll(new RegExp(`^${label} (-?\\d+) (\\d{4}) (-?[\\d.]+)`, "gm")))
    if (Number(m[1]) === year) out.set(m[2], Number(m[3]));
  return out;
}
const fileText = () => decodeCp437(sieFixture(FIXTURE));
const isClass0 = (a: string) => a.startsWith("0");
const sum = (m: Map<string, number>, keep: (a: string) => boolean = () => true) =>
  Math.round([...m].filter(([a]) => keep(a)).reduce((s, [, v]) => s + v * 100, 0)) / 100;
const resultAccount = (a: string) => a >= "3000" && a <= "8989";

const url = (p: string) => `/api/v1/companies/${companyId}${p}`;
const get = async (p: string) => {
  const res = await call("GET", url(p), { key: actor.key });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
const periods = async () => (await get("/fiscal-periods")).fiscal_periods as any[];
const periodOf = async (start: string) => (await periods()).find((p) => p.period_start === start);
async function trialBalance(periodId: string): Promise<Record<string, [number, number]>> {
  const tb = await get(`/reports/trial-balance?period_id=${periodId}`);
  return Object.fromEntries(
    tb.accounts
      .filter((a: any) => a.opening_balance !== 0 || a.closing_balance !== 0)
      .map((a: any) => [a.account_number, [a.opening_balance, a.closing_balance]]),
  );
}

beforeAll(async () => {
  actor = await newActor();
  const c = await newCompany(actor.key, { name: "Övertagna Bolaget AB" });
  companyId = c.id;
  const started = await call("POST", url("/imports/sie"), {
    key: actor.key,
    body: { file_base64: btoa(String.fromCharCode(...sieFixture(FIXTURE))), file_name: FIXTURE },
  });
  expect(started.status).toBe(202);
  const op = await settleOperation(actor.key, started.body.data.operation_id);
  expect(op.status, JSON.stringify(op.error)).toBe("succeeded");
  result = op.result;
});

describe("a takeover from a SIE file with class-0 accounts and an undisposed result", () => {
  it("books last year's result (−Σ #RES -1), which #IB 0 lacks, to 2098 and says so", () => {
    const text = fileText();
    const priorResult = -sum(figures(text, "#RES", -1), resultAccount);
    const ibSum = sum(figures(text, "#IB", 0));
    expect(ibSum).toBe(priorResult); // the file carries exactly last year's result undisposed
    expect(result.opening_difference).toEqual({
      amount: -priorResult,
      account: "2098",
      reason: "prior_year_result",
      prior_year_result: priorResult,
      in_file_closing: false,
    });
    expect(result.warnings.join("\n")).toContain("booked to 2098");
    expect(result.accounts_renamed).toEqual([]);
  });

  it("the year's books equal the file's #IB 0, #UB 0 and #RES 0, with 2098 beside them; class 0 as the file gives it", async () => {
    const text = fileText();
    const ib = figures(text, "#IB", 0);
    const ub = figures(text, "#UB", 0);
    const res = figures(text, "#RES", 0);
    const toPrior = -sum(ib);
    const want: Record<string, [number, number]> = { "2098": [toPrior, toPrior] };
    for (const [a, v] of ub) want[a] = [ib.get(a) ?? 0, v];
    for (const [a, v] of res) want[a] = [0, v];
    const year = await periodOf("2025-01-01");
    expect(await trialBalance(year.id)).toEqual(want);

    // class 0 is in neither the balance sheet nor the income statement
    const sheet = await get(`/reports/balance-sheet?period_id=${year.id}`);
    expect(JSON.stringify(sheet)).not.toMatch(/"035[19]"/);
    const income = await get(`/reports/income-statement?period_id=${year.id}`);
    expect(income.netResult).toBe(-sum(res, resultAccount));
    expect(JSON.stringify(income)).not.toMatch(/"035[19]"/);
  });

  it("keeps the previous year as a closed year of the file's #UB -1 and #RES -1 (class 0 left out)", async () => {
    const text = fileText();
    const ib = figures(text, "#IB", -1);
    const ub = figures(text, "#UB", -1);
    const res = figures(text, "#RES", -1);
    const prior = await periodOf("2024-01-01");
    expect(prior).toMatchObject({ period_end: "2024-12-31", is_closed: true, closed_externally: true });
    expect(result.prior_year).toEqual({
      fiscal_period_id: prior.id,
      period_start: "2024-01-01",
      period_end: "2024-12-31",
    });
    const want: Record<string, [number, number]> = {};
    for (const [a, v] of ub) want[a] = [ib.get(a) ?? 0, v];
    for (const [a, v] of res) if (!isClass0(a)) want[a] = [0, v];
    expect(await trialBalance(prior.id)).toEqual(want);
    expect(result.warnings.join("\n")).not.toContain("previous year (#RAR -1) is not kept");
  });

  it("the continuity check compares the other program's closing with our opening: only last year's result on 2098", async () => {
    const year = await periodOf("2025-01-01");
    const check = await get(`/reports/continuity-check?period_id=${year.id}`);
    const priorResult = -sum(figures(fileText(), "#RES", -1), resultAccount);
    expect(check.discrepancies).toEqual([
      { account_number: "2098", prior_closing: 0, opening: -priorResult, difference: -priorResult },
    ]);
  });

  it("the export writes #RAR -1, the file's figures of both years, and class 0 in the record it came in", async () => {
    const year = await periodOf("2025-01-01");
    const res = await SELF.fetch(`${BASE}${url(`/reports/sie-export?period_id=${year.id}`)}`, {
      headers: { Authorization: `Bearer ${actor.key}` },
    });
    expect(res.status).toBe(200);
    const exported = decodeCp437(new Uint8Array(await res.arrayBuffer())).replaceAll("\r\n", "\n");
    const text = fileText();
    expect(exported).toContain("#RAR -1 20240101 20241231");
    const toPrior = -sum(figures(text, "#IB", 0));
    const withPrior = (m: Map<string, number>) => new Map([...m, ["2098", toPrior]]);
    const sorted = (m: Map<string, number>) => [...m].sort(([a], [b]) => a.localeCompare(b));
    expect(sorted(figures(exported, "#IB", 0))).toEqual(sorted(withPrior(figures(text, "#IB", 0))));
    expect(sorted(figures(exported, "#UB", 0))).toEqual(sorted(withPrior(figures(text, "#UB", 0))));
    expect(sorted(figures(exported, "#RES", 0))).toEqual(sorted(figures(text, "#RES", 0)));
    expect(sorted(figures(exported, "#IB", -1))).toEqual(sorted(figures(text, "#IB", -1)));
    expect(sorted(figures(exported, "#UB", -1))).toEqual(sorted(figures(text, "#UB", -1)));
    const priorRes = new Map([...figures(text, "#RES", -1)].filter(([a]) => !isClass0(a)));
    expect(sorted(figures(exported, "#RES", -1))).toEqual(sorted(priorRes));
    // the kind of a class-0 account comes from the file: #KTYP I as given, K from its #RES
    expect(exported).toContain("#KTYP 0359 I");
    expect(exported).toContain("#KTYP 0351 K");
  });

  it("the annual report answers, with the previous year's column and flerårsöversikt from the file", async () => {
    const text = fileText();
    const year = await periodOf("2025-01-01");
    expect((await write(actor.key, "POST", url(`/fiscal-periods/${year.id}/lock`))).status).toBe(200);
    const made = await write(
      actor.key,
      "POST",
      url(`/fiscal-periods/${year.id}/annual-report`),
      {
        business_description: "Bolaget säljer varor. Säte: Göteborg.",
        board_members: [{ name: "Åsa Ödman" }],
        place: "Göteborg",
        signing_date: "2026-03-15",
      },
      { "X-Dry-Run": "true" },
    );
    expect(made.status, JSON.stringify(made.body)).toBeLessThan(300);
    const report = made.body.data.report;
    const netSales = report.income_statement.find((l: any) => l.key === "net_sales");
    expect(netSales.current.amount).toBe(-sum(figures(text, "#RES", 0), (a) => a >= "3000" && a <= "3799"));
    expect(netSales.previous.amount).toBe(-sum(figures(text, "#RES", -1), (a) => a >= "3000" && a <= "3799"));
    const overview = report.management_report?.multi_year_overview ?? report.multi_year_overview;
    expect(overview.map((y: any) => y.net_sales.amount)).toEqual([10000, 80000]);
    expect(JSON.stringify(report)).not.toMatch(/"035[19]"/);
  });

  it("the next year's opening is the closing of the file's balance accounts, the year's result on 2099, no class 0", async () => {
    const text = fileText();
    const year = await periodOf("2025-01-01");
    const started = await write(actor.key, "POST", url(`/fiscal-periods/${year.id}/year-end`));
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const done = await settleOperation(actor.key, started.body.data.operation_id);
    expect(done.status, JSON.stringify(done.error)).toBe("succeeded");
    expect((await write(actor.key, "POST", url(`/fiscal-periods/${year.id}/close`))).status).toBe(200);
    const next = await periodOf("2026-01-01");
    const opened = await write(actor.key, "POST", url(`/fiscal-periods/${year.id}/opening-balances`), {
      next_period_id: next.id,
    });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    const ub = figures(text, "#UB", 0);
    const want: Record<string, number> = { "2098": -sum(figures(text, "#IB", 0)) };
    for (const [a, v] of ub) want[a] = v;
    want["2099"] = sum(figures(text, "#RES", 0), resultAccount); // the result, credit when a profit
    const tb = await trialBalance(next.id);
    const opening = Object.fromEntries(
      Object.entries(tb)
        .filter(([, [o]]) => o !== 0)
        .map(([a, [o]]) => [a, o]),
    );
    expect(opening).toEqual(want);
  });
});
