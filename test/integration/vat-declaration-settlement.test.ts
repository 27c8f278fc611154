// Issue 29 item 1: the momsdeklaration is made of the taxable events and is never undone by the
// quarter's VAT transfer (2610-2649 moved to 2650, öresavrundning on 3740) nor by its payment,
// whether the transfer is dated on the quarter's last day or in the quarter after (the 12th of
// the second month, with the declaration). The reconciliation of 2650 declares the same box 49.
import { describe, expect, it } from "vitest";
import { encodeCp437 } from "../../src/sweden/sie/encoding";
import { call, entryLines, line, newActor, newCompany, postedEntry, settleOperation, type Actor } from "../helpers";

// Q1 2026 of a quarterly filer, by hand (öre where the box drops them):
//   2026-01-15 sale 25 %           1930 D 12 502.00 / 3001 C 10 001.60 / 2611 C 2 500.40
//   2026-02-10 sale 12 %           1930 D  5 600.00 / 3002 C  5 000.00 / 2621 C   600.00
//   2026-02-20 sale 6 %            1930 D  2 120.00 / 3003 C  2 000.00 / 2631 C   120.00
//   2026-03-05 goods 25 %          4010 D 4 000.00, 2641 D 1 000.30 / 2440 C 5 000.30
//   2026-03-10 EU service, reverse 4535 D 8 000 / 2440 C 8 000; 2645 D 2 000 / 2614 C 2 000
//   2026-03-20 EU sales            1510 D 4 500 / 3108 C 3 000 (goods, 35), 3308 C 1 500 (services, 39)
// Boxes: 05 = 10 001 + 5 000 + 2 000 = 17 001; 10 = 2 500; 11 = 600; 12 = 120; 21 = 8 000;
// 30 = 2 000; 35 = 3 000; 39 = 1 500; 48 = 1 000.30 + 2 000 = 3 000 (öre dropped);
// 49 = 2 500 + 600 + 120 + 2 000 - 3 000 = 2 220.
const Q1 = {
  "05": 17001,
  "10": 2500,
  "11": 600,
  "12": 120,
  "21": 8000,
  "30": 2000,
  "35": 3000,
  "39": 1500,
  "48": 3000,
  "49": 2220,
};
// Q2: 2026-04-20 sale 25 % 1930 D 5 000 / 3001 C 4 000 / 2611 C 1 000;
//     2026-05-05 costs     6110 D 800, 2641 D 200 / 1930 C 1 000.   49 = 1 000 - 200 = 800.
const Q2 = { "05": 4000, "10": 1000, "48": 200, "49": 800 };

// The transfer of Q1 at its exact öre: the output VAT debited, the input VAT credited, the net
// 2 220.10 settled as 2 220 on 2650, the 0.10 on 3740 (öres- och kronutjämning).
const transferLines = [
  line("2611", 2500.4, 0),
  line("2621", 600, 0),
  line("2631", 120, 0),
  line("2614", 2000, 0),
  line("2641", 0, 1000.3),
  line("2645", 0, 2000),
  line("2650", 0, 2220),
  line("3740", 0, 0.1),
];

const nonZero = (boxes: Record<string, { amount: number }>) =>
  Object.fromEntries(
    Object.entries(boxes)
      .filter(([, v]) => v.amount !== 0)
      .map(([b, v]) => [b, v.amount]),
  );

/** A fresh quarterly AB with Q1's and Q2's taxable events booked. */
async function booksOfTwoQuarters() {
  const actor = await newActor();
  const c = await newCompany(actor.key, { name: "Omföring AB" });
  const post = (date: string, description: string, lines: unknown[]) =>
    postedEntry(actor.key, c.id, c.fiscal_period.id, { entry_date: date, description, lines });
  await post("2026-01-15", "Försäljning 25 %", [
    line("1930", 12502, 0),
    line("3001", 0, 10001.6),
    line("2611", 0, 2500.4),
  ]);
  await post("2026-02-10", "Försäljning 12 %", [line("1930", 5600, 0), line("3002", 0, 5000), line("2621", 0, 600)]);
  await post("2026-02-20", "Försäljning 6 %", [line("1930", 2120, 0), line("3003", 0, 2000), line("2631", 0, 120)]);
  await post("2026-03-05", "Varuinköp", [line("4010", 4000, 0), line("2641", 1000.3, 0), line("2440", 0, 5000.3)]);
  await post("2026-03-10", "Tjänst från EU, omvänd betalningsskyldighet", [
    line("4535", 8000, 0),
    line("2440", 0, 8000),
    line("2645", 2000, 0),
    line("2614", 0, 2000),
  ]);
  await post("2026-03-20", "Försäljning till EU", [
    line("1510", 4500, 0),
    line("3108", 0, 3000),
    line("3308", 0, 1500),
  ]);
  await post("2026-04-20", "Försäljning april", [line("1930", 5000, 0), line("3001", 0, 4000), line("2611", 0, 1000)]);
  await post("2026-05-05", "Förbrukningsinventarier", [
    line("6110", 800, 0),
    line("2641", 200, 0),
    line("1930", 0, 1000),
  ]);
  return { actor, companyId: c.id, periodId: c.fiscal_period.id, post };
}

async function reconciliationOfVat(actor: Actor, companyId: string, to: string) {
  const res = await call("GET", `/api/v1/companies/${companyId}/reconciliation/accounts/vat?date_to=${to}`, {
    key: actor.key,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

async function declaration(actor: Actor, companyId: string, query: string) {
  const res = await call("GET", `/api/v1/companies/${companyId}/reports/vat-declaration?${query}`, { key: actor.key });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

describe.each([
  ["on the quarter's last day", "2026-03-31"],
  ["in the quarter after, with the declaration", "2026-05-12"],
])("the momsdeklaration after the VAT transfer dated %s", (_, transferDate) => {
  it("keeps every box of Q1 and Q2; box 49 is the hand figure; the reconciliation of 2650 declares the same", async () => {
    const { actor, companyId, periodId, post } = await booksOfTwoQuarters();
    const read = async () => ({
      q1: await declaration(actor, companyId, "from_date=2026-01-01&to_date=2026-03-31"),
      q1InPeriod: await declaration(actor, companyId, `period_id=${periodId}&from_date=2026-01-01&to_date=2026-03-31`),
      q2: await declaration(actor, companyId, "from_date=2026-04-01&to_date=2026-06-30"),
      january: await declaration(actor, companyId, "from_date=2026-01-01&to_date=2026-01-31"),
      year: await declaration(actor, companyId, `period_id=${periodId}`),
    });
    const before = await read();
    expect(nonZero(before.q1.boxes)).toEqual(Q1);
    expect(before.q1).toMatchObject({ to_pay: 2220, to_reclaim: 0 });
    expect(nonZero(before.q2.boxes)).toEqual(Q2);

    const transfer = await post(transferDate, "Momsomföring kvartal 1", transferLines);
    // the books: the transfer as posted, the net on 2650 and the öre on 3740
    expect(await entryLines(actor.key, companyId, transfer.id)).toMatchObject({
      "2611": [2500.4, 0],
      "2641": [0, 1000.3],
      "2650": [0, 2220],
      "3740": [0, 0.1],
    });
    // and its payment from the skattekonto on the due date: 2650 against 1630
    await post("2026-05-12", "Moms kvartal 1 dragen från skattekontot", [line("2650", 2220, 0), line("1630", 0, 2220)]);

    const after = await read();
    expect(after).toEqual(before);
    expect(nonZero(after.q1.boxes)).toEqual(Q1);
    expect(after.q1.boxes["49"].amount).toBe(
      Q1["10"] + Q1["11"] + Q1["12"] + Q1["30"] - Q1["48"], // 10+11+12+30+31+32+60+61+62-48, the rest 0
    );
    // the quarter the transfer and payment are dated in (Q2 for the later date) declares its own events only
    expect(nonZero(after.q2.boxes)).toEqual(Q2);
    expect(after.year.boxes["49"].amount).toBe(Q1["49"] + Q2["49"]);

    // the reconciliation of 2650 declares what the report declares (through Q1's end, Q1 the one closed period)
    const rec = await call("GET", `/api/v1/companies/${companyId}/reconciliation/accounts/vat?date_to=2026-03-31`, {
      key: actor.key,
    });
    expect(rec.status).toBe(200);
    expect(rec.body.data.vat.periods).toMatchObject([
      { period_start: "2026-01-01", period_end: "2026-03-31", declared_to_pay: after.q1.boxes["49"].amount },
    ]);
    // through Q2's end the transfer settles Q1, wherever it is dated (its VAT lines empty Q1's
    // VAT accounts exactly); Q2 is declared and not yet transferred, which the bridge explains
    const halfYear = await reconciliationOfVat(actor, companyId, "2026-06-30");
    expect(halfYear.vat.periods).toEqual([
      {
        period_start: "2026-01-01",
        period_end: "2026-03-31",
        declared_to_pay: 2220,
        booked: true,
        booked_amount: 2220,
        difference: 0,
      },
      {
        period_start: "2026-04-01",
        period_end: "2026-06-30",
        declared_to_pay: 800,
        booked: false,
        booked_amount: 0,
        difference: 0,
      },
    ]);
    // 2650: -2 220 transferred + 2 220 paid = 0; outside: 2 220 paid - (2 220 + 800) declared = -800
    expect(halfYear).toMatchObject({ ledger_balance: 0, external_balance: -800, unexplained_difference: 0 });
    expect(halfYear.vat.other_lines).toEqual([]);
  });
});

describe("the momsdeklaration of a monthly filer", () => {
  it("is not changed by January's transfer dated in March nor February's dated on its last day", async () => {
    const actor = await newActor();
    const c = await newCompany(actor.key, { name: "Månadsmoms AB", moms_period: "monthly" });
    const post = (date: string, description: string, lines: unknown[]) =>
      postedEntry(actor.key, c.id, c.fiscal_period.id, { entry_date: date, description, lines });
    await post("2026-01-15", "Försäljning januari", [
      line("1930", 1250, 0),
      line("3001", 0, 1000),
      line("2611", 0, 250),
    ]);
    await post("2026-02-10", "Försäljning februari", [line("1930", 560, 0), line("3002", 0, 500), line("2621", 0, 60)]);
    await post("2026-03-03", "Försäljning mars", [line("1930", 106, 0), line("3003", 0, 100), line("2631", 0, 6)]);
    const months = async () => ({
      jan: nonZero((await declaration(actor, c.id, "from_date=2026-01-01&to_date=2026-01-31")).boxes),
      feb: nonZero((await declaration(actor, c.id, "from_date=2026-02-01&to_date=2026-02-28")).boxes),
      mar: nonZero((await declaration(actor, c.id, "from_date=2026-03-01&to_date=2026-03-31")).boxes),
    });
    const before = await months();
    expect(before).toEqual({
      jan: { "05": 1000, "10": 250, "49": 250 },
      feb: { "05": 500, "11": 60, "49": 60 },
      mar: { "05": 100, "12": 6, "49": 6 },
    });
    await post("2026-02-28", "Momsomföring februari", [line("2621", 60, 0), line("2650", 0, 60)]);
    await post("2026-03-12", "Momsomföring januari", [line("2611", 250, 0), line("2650", 0, 250)]);
    expect(await months()).toEqual(before);
    // the reconciliation of 2650 gives each transfer to the month it empties: January's, dated
    // in March, is January's, not February's (the month ended last before it)
    const rec = await reconciliationOfVat(actor, c.id, "2026-03-31");
    expect(rec.vat.periods.map((p: any) => [p.period_start, p.declared_to_pay, p.booked_amount, p.difference])).toEqual(
      [
        ["2026-01-01", 250, 250, 0],
        ["2026-02-01", 60, 60, 0],
        ["2026-03-01", 6, 0, 0],
      ],
    );
    expect(rec).toMatchObject({ ledger_balance: -310, external_balance: -316, unexplained_difference: 0 });
  });
});

describe("an entry on 2650 that records a sale", () => {
  it("stays in the declaration: only an entry without a taxable event is a settlement", async () => {
    const actor = await newActor();
    const c = await newCompany(actor.key, { name: "Direktmoms AB" });
    // output VAT booked straight to the settlement account: the sale is still box 05
    await postedEntry(actor.key, c.id, c.fiscal_period.id, {
      entry_date: "2026-01-20",
      description: "Försäljning, momsen direkt på 2650",
      lines: [line("1930", 1250, 0), line("3001", 0, 1000), line("2650", 0, 250)],
    });
    const d = await declaration(actor, c.id, "from_date=2026-01-01&to_date=2026-03-31");
    expect(d.boxes["05"].amount).toBe(1000);
  });
});

// The same rule for a transfer that arrives in an SIE file: recognised by what it does.
const SIE = [
  "#FLAGGA 0",
  "#FORMAT PC8",
  "#SIETYP 4",
  '#PROGRAM "Annat program" 1.0',
  "#GEN 20260415",
  '#FNAMN "Importerad moms AB"',
  "#RAR 0 20260101 20261231",
  '#KONTO 1930 "Företagskonto"',
  '#KONTO 2440 "Leverantörsskulder"',
  '#KONTO 2611 "Utgående moms på försäljning inom Sverige, 25 %"',
  '#KONTO 2641 "Debiterad ingående moms"',
  '#KONTO 2650 "Redovisningskonto för moms"',
  '#KONTO 3001 "Försäljning inom Sverige, 25 % moms"',
  '#KONTO 3740 "Öres- och kronutjämning"',
  '#KONTO 4010 "Inköp material och varor"',
  '#VER A 1 20260210 "Försäljning"',
  "{",
  "#TRANS 1930 {} 12501.25",
  "#TRANS 3001 {} -10001.00",
  "#TRANS 2611 {} -2500.25",
  "}",
  '#VER A 2 20260305 "Varuinköp"',
  "{",
  "#TRANS 4010 {} 800.00",
  "#TRANS 2641 {} 200.00",
  "#TRANS 2440 {} -1000.00",
  "}",
  '#VER A 3 20260331 "Momsredovisning Q1"',
  "{",
  "#TRANS 2611 {} 2500.25",
  "#TRANS 2641 {} -200.00",
  "#TRANS 2650 {} -2300.00",
  "#TRANS 3740 {} -0.25",
  "}",
].join("\r\n");

describe("a transfer imported from SIE", () => {
  it("is left out of the declaration like one posted by hand", async () => {
    const actor = await newActor();
    const c = await newCompany(actor.key, { name: "Importerad moms AB" });
    const bytes = encodeCp437(SIE);
    const started = await call("POST", `/api/v1/companies/${c.id}/imports/sie`, {
      key: actor.key,
      body: { file_base64: btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join("")), file_name: "q1.se" },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const op = await settleOperation(actor.key, started.body.data.operation_id);
    expect(op.status, JSON.stringify(op)).toBe("succeeded");
    expect(op.result.entries_imported).toBe(3);
    // 05 = 10 001; 10 = 2 500 (2 500.25); 48 = 200; 49 = 2 300
    const d = await declaration(actor, c.id, "from_date=2026-01-01&to_date=2026-03-31");
    expect(nonZero(d.boxes)).toEqual({ "05": 10001, "10": 2500, "48": 200, "49": 2300 });
  });
});

// The prior year's last quarter, carried in by the opening entry and transferred in February.
const CARRIED = [
  "#FLAGGA 0",
  "#FORMAT PC8",
  "#SIETYP 4",
  '#PROGRAM "Annat program" 1.0',
  "#GEN 20260615",
  '#FNAMN "Årsskifte AB"',
  "#RAR 0 20260101 20261231",
  "#IB 0 1930 800.00",
  "#IB 0 2611 -1000.00",
  "#IB 0 2641 200.00",
  '#VER A 1 20260115 "Försäljning"',
  "{",
  "#TRANS 1930 {} 12500.00",
  "#TRANS 3001 {} -10000.00",
  "#TRANS 2611 {} -2500.00",
  "}",
  '#VER A 2 20260212 "Momsredovisning kvartal 4 2025"',
  "{",
  "#TRANS 2611 {} 1000.00",
  "#TRANS 2641 {} -200.00",
  "#TRANS 2650 {} -800.00",
  "}",
  '#VER A 3 20260212 "Moms kvartal 4 2025 dragen"',
  "{",
  "#TRANS 2650 {} 800.00",
  "#TRANS 1630 {} -800.00",
  "}",
  '#VER A 4 20260512 "Momsredovisning kvartal 1"',
  "{",
  "#TRANS 2611 {} 2500.00",
  "#TRANS 2650 {} -2500.00",
  "}",
].join("\r\n");

describe("the prior year's last transfer, dated in the new year", () => {
  it("changes no box of the new year and counts with 2650's opening balance in the reconciliation", async () => {
    const actor = await newActor();
    const c = await newCompany(actor.key, { name: "Årsskifte AB" });
    const bytes = encodeCp437(CARRIED);
    const started = await call("POST", `/api/v1/companies/${c.id}/imports/sie`, {
      key: actor.key,
      body: { file_base64: btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join("")), file_name: "2026.se" },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const op = await settleOperation(actor.key, started.body.data.operation_id);
    expect(op.status, JSON.stringify(op)).toBe("succeeded");
    const q1 = await declaration(actor, c.id, "from_date=2026-01-01&to_date=2026-03-31");
    expect(nonZero(q1.boxes)).toEqual({ "05": 10000, "10": 2500, "49": 2500 });
    expect(nonZero((await declaration(actor, c.id, "from_date=2026-04-01&to_date=2026-06-30")).boxes)).toEqual({});

    const rec = await reconciliationOfVat(actor, c.id, "2026-06-30");
    expect(rec.vat.periods.map((p: any) => [p.period_start, p.declared_to_pay, p.booked_amount, p.difference])).toEqual(
      [
        ["2026-01-01", 2500, 2500, 0],
        ["2026-04-01", 0, 0, 0],
      ],
    );
    // 2650: -800 carried over and transferred + 800 paid - 2 500 (Q1) = -2 500, as declared
    expect(rec).toMatchObject({ ledger_balance: -2500, external_balance: -2500, unexplained_difference: 0 });
    expect(rec.vat.other_lines).toEqual([]);
  });
});
