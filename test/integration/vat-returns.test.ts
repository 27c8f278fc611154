// Issue #30, the VAT return: a quarter with domestic sales at 25/12/6 %, EU goods and services
// sales, a reverse-charge purchase of EU services and a domestic purchase is settled with one
// call: the declaration's boxes, one transfer entry (2650 whole kronor, 3740 the öre), the lock
// through the quarter's end, the stored return, its eSKD file and PDF. Then the refusals, the
// correction after an unlock, an empty quarter's zero return, and the tax calendar.
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { pdfText } from "../pdf-text";
import {
  BASE,
  call,
  companyFixture,
  countOf,
  entryLines,
  line,
  newActor,
  newCompany,
  postedEntry,
  uniqueKey,
  write,
} from "../helpers";

const f = companyFixture({ name: "Momsåret AB" });
const url = (path = "") => `/api/v1/companies/${f.companyId}${path}`;
const post = (date: string, description: string, lines: unknown[]) =>
  postedEntry(f.actor.key, f.companyId, f.periodId, { entry_date: date, description, lines });
const lockDate = async () =>
  (await call("GET", url("/fiscal-periods"), { key: f.actor.key })).body.data.fiscal_periods.find(
    (p: any) => p.id === f.periodId,
  ).lock_date;
const returnsCount = () => countOf("SELECT COUNT(*) AS n FROM vat_returns WHERE company_id = ?", f.companyId);
const entriesCount = () => countOf("SELECT COUNT(*) AS n FROM journal_entries WHERE company_id = ?", f.companyId);
const download = async (path: string) => {
  const res = await SELF.fetch(BASE + url(path), { headers: { Authorization: `Bearer ${f.actor.key}` } });
  return { status: res.status, type: res.headers.get("Content-Type"), bytes: new Uint8Array(await res.arrayBuffer()) };
};
const nonZero = (boxes: Record<string, number>) => Object.fromEntries(Object.entries(boxes).filter(([, v]) => v !== 0));

// Q1 2026 by hand (öre where a box drops them):
//   01-15 sale 25 %        1930 D 12 502.00 / 3001 C 10 001.60 / 2611 C 2 500.40
//   02-10 sale 12 %        1930 D  5 600.00 / 3002 C  5 000.00 / 2621 C   600.00
//   02-20 sale 6 %         1930 D  2 120.00 / 3003 C  2 000.00 / 2631 C   120.00
//   03-05 goods bought     4010 D 4 000.00, 2641 D 1 000.30 / 2440 C 5 000.30
//   03-10 EU service bought, reverse charge: 4535 D 8 000 / 2440 C 8 000; 2645 D 2 000 / 2614 C 2 000
//   03-20 EU sales         1510 D 4 500 / 3108 C 3 000 (goods, box 35), 3308 C 1 500 (services, box 39)
// Boxes: 05 = 10 001 + 5 000 + 2 000 = 17 001; 10 = 2 500; 11 = 600; 12 = 120; 21 = 8 000; 30 = 2 000;
// 35 = 3 000; 39 = 1 500; 48 = 1 000.30 + 2 000 = 3 000; 49 = 2 500 + 600 + 120 + 2 000 - 3 000 = 2 220.
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
// The accounts hold 2 220.10 net: 2650 takes 2 220, 3740 the 0.10.
const Q1_TRANSFER = {
  "2611": [2500.4, 0],
  "2614": [2000, 0],
  "2621": [600, 0],
  "2631": [120, 0],
  "2641": [0, 1000.3],
  "2645": [0, 2000],
  "2650": [0, 2220],
  "3740": [0, 0.1],
};

async function bookQ1() {
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
}

describe("VAT returns", () => {
  let originalId = "";

  it("refuses a period that is not one of the company's VAT periods, or has not ended, changing nothing", async () => {
    const cases: [unknown, string][] = [
      [{ period: "2026-03" }, "period"], // a month, but the company declares quarters
      [{ period: "2027-Q1" }, "period"], // no fiscal year holds it
      [{ period: "2026-Q4" }, "period"], // has not ended (the tests run in 2026)
      [{ period_start: "2026-01-01", period_end: "2026-02-28" }, "period_start"],
      [{ period: "2026-Q1", period_start: "2026-01-01", period_end: "2026-03-31" }, "period"],
      [{}, "period_start"],
    ];
    for (const [body, path] of cases) {
      const res = await write(f.actor.key, "POST", url("/vat-returns"), body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe("VALIDATION_ERROR");
      expect(res.body.error.details.fields[0].path).toBe(path);
    }
    expect(await returnsCount()).toBe(0);
  });

  it("previews the whole return on a dry run and writes nothing", async () => {
    await bookQ1();
    const entries = await entriesCount();
    const res = await write(f.actor.key, "POST", url("/vat-returns"), { period: "2026-Q1" }, { "X-Dry-Run": "true" });
    expect(res.status).toBe(201);
    expect(res.headers.get("X-Dry-Run")).toBe("true");
    const r = res.body.data;
    expect(r).toMatchObject({
      kind: "original",
      period: "2026-Q1",
      period_start: "2026-01-01",
      period_end: "2026-03-31",
    });
    expect(nonZero(r.boxes)).toEqual(Q1);
    expect(r.transfer.lines).toEqual(
      Object.entries(Q1_TRANSFER).map(([account_number, [debit_amount, credit_amount]]) => ({
        account_number,
        debit_amount,
        credit_amount,
      })),
    );
    expect(await returnsCount()).toBe(0);
    expect(await entriesCount()).toBe(entries);
    expect(await lockDate()).toBeNull();
  });

  it("settles the quarter with one call: boxes, one transfer entry to the öre, the lock, the stored return", async () => {
    const key = uniqueKey();
    const res = await call("POST", url("/vat-returns"), {
      key: f.actor.key,
      body: { period: "2026-Q1" },
      headers: { "Idempotency-Key": key },
    });
    expect(res.status).toBe(201);
    const r = res.body.data;
    originalId = r.id;
    expect(r).toMatchObject({
      kind: "original",
      corrects_id: null,
      box_49: 2220,
      to_pay: 2220,
      to_reclaim: 0,
      transfer: { settlement_amount: 2220, rounding_amount: 0.1 },
    });
    expect(nonZero(r.boxes)).toEqual(Q1);
    expect(r.declared_boxes).toEqual(r.boxes);
    // the entry: every VAT account of the quarter to 2650 in whole kronor, the öre to 3740, dated the last day
    expect(await entryLines(f.actor.key, f.companyId, r.journal_entry_id)).toEqual(Q1_TRANSFER);
    const entry = (await call("GET", url(`/journal-entries/${r.journal_entry_id}`), { key: f.actor.key })).body.data;
    expect(entry).toMatchObject({ entry_date: "2026-03-31", status: "posted" });
    expect(r.voucher_number).toBe(`${entry.voucher_series}${entry.voucher_number}`);
    expect(res.body.meta.audit.voucher_number).toBe(r.voucher_number);
    // the lock through the quarter's end
    expect(await lockDate()).toBe("2026-03-31");
    // the declaration the report shows is unchanged by the transfer (a settlement entry)
    const report = await call("GET", url("/reports/vat-declaration?from_date=2026-01-01&to_date=2026-03-31"), {
      key: f.actor.key,
    });
    expect(report.body.data.boxes["49"].amount).toBe(2220);
    // stored, readable, listed; and announced
    const got = (await call("GET", url(`/vat-returns/${r.id}`), { key: f.actor.key })).body.data;
    expect(got).toMatchObject({ id: r.id, journal_entry_id: r.journal_entry_id, voucher_number: r.voucher_number });
    expect(nonZero(got.boxes)).toEqual(Q1);
    const list = (await call("GET", url("/vat-returns"), { key: f.actor.key })).body;
    expect(list.data.map((x: any) => x.id)).toEqual([r.id]);
    expect(
      await countOf(
        "SELECT COUNT(*) AS n FROM outbox_events WHERE company_id = ? AND type = 'vat_return.created'",
        f.companyId,
      ),
    ).toBe(1);

    // the same request again is the same answer, and nothing more is written
    const entries = await entriesCount();
    const replay = await call("POST", url("/vat-returns"), {
      key: f.actor.key,
      body: { period: "2026-Q1" },
      headers: { "Idempotency-Key": key },
    });
    expect(replay.status).toBe(201);
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
    expect(replay.body.data.id).toBe(r.id);
    expect(await returnsCount()).toBe(1);
    expect(await entriesCount()).toBe(entries);
  });

  it("writes the eSKD file from the stored boxes: ISO-8859-1, the period's last month, non-zero boxes, MomsBetala", async () => {
    const file = await download(`/vat-returns/${originalId}/eskd`);
    expect(file.status).toBe(200);
    expect(file.type).toBe("application/xml; charset=ISO-8859-1");
    const xml = new TextDecoder("latin1").decode(file.bytes);
    expect(xml).toBe(
      [
        '<?xml version="1.0" encoding="ISO-8859-1"?>',
        '<!DOCTYPE eSKDUpload PUBLIC "-//Skatteverket, Sweden//DTD Skatteverket eSKDUpload-DTD Version 6.0//SV" "https://www1.skatteverket.se/demoeskd/eSKDUpload_6p0.dtd">',
        '<eSKDUpload Version="6.0">',
        "  <OrgNr>556016-0680</OrgNr>",
        "  <Moms>",
        "    <Period>202603</Period>",
        "    <ForsMomsEjAnnan>17001</ForsMomsEjAnnan>",
        "    <InkopTjanstAnnatEg>8000</InkopTjanstAnnatEg>",
        "    <ForsVaruAnnatEg>3000</ForsVaruAnnatEg>",
        "    <ForsTjSkskAnnatEg>1500</ForsTjSkskAnnatEg>",
        "    <MomsUtgHog>2500</MomsUtgHog>",
        "    <MomsUtgMedel>600</MomsUtgMedel>",
        "    <MomsUtgLag>120</MomsUtgLag>",
        "    <MomsInkopUtgHog>2000</MomsInkopUtgHog>",
        "    <MomsIngAvdr>3000</MomsIngAvdr>",
        "    <MomsBetala>2220</MomsBetala>",
        "  </Moms>",
        "</eSKDUpload>",
      ].join("\r\n"),
    );
  });

  it("renders the declaration as a PDF laid out by SKV 4700's sections, Swedish letters intact", async () => {
    const file = await download(`/vat-returns/${originalId}/pdf`);
    expect(file.status).toBe(200);
    expect(file.type).toBe("application/pdf");
    const text = await pdfText(file.bytes);
    for (const s of [
      "Momsdeklaration",
      "Momsåret AB",
      "556016-0680",
      "A  Momspliktig försäljning eller uttag exkl. moms",
      "E  Försäljning m.m. som är undantagen från moms",
      "G  Moms att betala eller få tillbaka",
      "17 001",
      "2 220",
      "Moms att betala: 2 220 kr",
    ])
      expect(text).toContain(s);
  });

  it("refuses a second original (409) and an entry dated in the declared quarter (the lock)", async () => {
    const entries = await entriesCount();
    const again = await write(f.actor.key, "POST", url("/vat-returns"), {
      period_start: "2026-01-01",
      period_end: "2026-03-31",
    });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("VAT_RETURN_ALREADY_EXISTS");
    expect(again.body.error.details.vat_return_id).toBe(originalId);
    const late = await write(f.actor.key, "POST", url("/journal-entries"), {
      fiscal_period_id: f.periodId,
      entry_date: "2026-03-25",
      description: "Glömd försäljning",
      lines: [line("1930", 1250.55, 0), line("3001", 0, 1000.44), line("2611", 0, 250.11)],
    });
    expect(late.status).toBe(400);
    expect(late.body.error.code).toBe("PERIOD_LOCKED");
    expect(await returnsCount()).toBe(1);
    expect(await entriesCount()).toBe(entries);
    // a correction of a quarter without a return
    const none = await write(f.actor.key, "POST", url("/vat-returns"), { period: "2026-Q2", correction: true });
    expect(none.status).toBe(409);
    expect(none.body.error.code).toBe("VAT_RETURN_NO_ORIGINAL");
    // nothing to correct while the books are unchanged
    const same = await write(f.actor.key, "POST", url("/vat-returns"), { period: "2026-Q1", correction: true });
    expect(same.status).toBe(409);
    expect(same.body.error.code).toBe("VAT_RETURN_UNCHANGED");
  });

  it("after an unlock and a corrected entry, a correction return carries the difference with its own entry, and re-locks", async () => {
    const unlock = await write(f.actor.key, "POST", url(`/fiscal-periods/${f.periodId}/unlock`));
    expect(unlock.status).toBe(200);
    expect(await lockDate()).toBeNull();
    // a forgotten sale: 3001 C 1 000.44, 2611 C 250.11
    await post("2026-03-25", "Glömd försäljning", [
      line("1930", 1250.55, 0),
      line("3001", 0, 1000.44),
      line("2611", 0, 250.11),
    ]);
    const res = await write(f.actor.key, "POST", url("/vat-returns"), { period: "2026-Q1", correction: true });
    expect(res.status).toBe(201);
    const r = res.body.data;
    // 05: 18 002.04 -> 18 002, one krona more than 17 001 + 1 000 (the öre of 10 001.60 and 1 000.44 meet);
    // 10: 2 750.51 -> 2 750; 49: 2 470
    expect(r).toMatchObject({ kind: "correction", corrects_id: originalId, box_49: 250 });
    expect(nonZero(r.boxes)).toEqual({ "05": 1001, "10": 250, "49": 250 });
    expect(nonZero(r.declared_boxes)).toEqual({ ...Q1, "05": 18002, "10": 2750, "49": 2470 });
    expect(await entryLines(f.actor.key, f.companyId, r.journal_entry_id)).toEqual({
      "2611": [250.11, 0],
      "2650": [0, 250],
      "3740": [0, 0.11],
    });
    expect(await lockDate()).toBe("2026-03-31");
    const pdf = await pdfText((await download(`/vat-returns/${r.id}/pdf`)).bytes);
    for (const s of [
      "Rättelse (ersätter tidigare lämnad deklaration)",
      "18 002",
      "Ändringar mot tidigare redovisat",
      "+1 001",
    ])
      expect(pdf).toContain(s);
    // the original is untouched; the database refuses any change to a stored return
    const original = (await call("GET", url(`/vat-returns/${originalId}`), { key: f.actor.key })).body.data;
    expect(nonZero(original.boxes)).toEqual(Q1);
    await expect(
      countOf("UPDATE vat_returns SET box_49 = 0 WHERE id = ? RETURNING 1 AS n", originalId),
    ).rejects.toThrow(/immutable/);
    // the correction's eSKD file is the whole corrected declaration, as Skatteverket takes it
    const xml = new TextDecoder("latin1").decode((await download(`/vat-returns/${r.id}/eskd`)).bytes);
    expect(xml).toContain("<ForsMomsEjAnnan>18002</ForsMomsEjAnnan>");
    expect(xml).toContain("<MomsUtgHog>2750</MomsUtgHog>");
    expect(xml).toContain("<MomsBetala>2470</MomsBetala>");
    // 2650 holds the declared 2 470 in whole kronor, 3740 the 0.21 the boxes dropped
    const tb = await call("GET", url(`/reports/trial-balance?period_id=${f.periodId}`), { key: f.actor.key });
    const balanceOf = (a: string) => tb.body.data.accounts.find((x: any) => x.account_number === a);
    expect(balanceOf("2650")).toMatchObject({ closing_balance: -2470 });
    expect(balanceOf("3740")).toMatchObject({ closing_balance: -0.21 });
    const list = (await call("GET", url("/vat-returns?period=2026-Q1"), { key: f.actor.key })).body.data;
    expect(list.map((x: any) => x.kind)).toEqual(["correction", "original"]);
  });

  it("gives an empty quarter a return of zeros without an entry, and locks it", async () => {
    const entries = await entriesCount();
    const res = await write(f.actor.key, "POST", url("/vat-returns"), { period: "2026-Q2" });
    expect(res.status).toBe(201);
    const r = res.body.data;
    expect(nonZero(r.boxes)).toEqual({});
    expect(r).toMatchObject({ box_49: 0, journal_entry_id: null, voucher_number: null, transfer: { lines: [] } });
    expect(await entriesCount()).toBe(entries);
    expect(await lockDate()).toBe("2026-06-30");
    const xml = new TextDecoder("latin1").decode((await download(`/vat-returns/${r.id}/eskd`)).bytes);
    expect(xml).toContain("<Period>202606</Period>\r\n    <MomsBetala>0</MomsBetala>\r\n  </Moms>");
  });

  it("marks the declared quarters done in the tax calendar", async () => {
    const res = await call("GET", url("/tax-deadlines?from=2026-04-01&to=2026-12-31&type=vat_declaration"), {
      key: f.actor.key,
    });
    expect(res.status).toBe(200);
    const byPeriod = Object.fromEntries(res.body.data.deadlines.map((d: any) => [d.period, d.done]));
    expect(byPeriod).toMatchObject({ "2026-Q1": true, "2026-Q2": true, "2026-Q3": false });
    const other = await call("GET", url("/tax-deadlines?from=2026-04-01&to=2026-12-31&type=employer_declaration"), {
      key: f.actor.key,
    });
    for (const d of other.body.data.deadlines) expect(d.done).toBeNull();
  });
});

describe("VAT returns of a broken fiscal year (May to April, quarterly VAT)", () => {
  it("clips the quarters to the fiscal years: a quarter the year end cuts is two returns, named by their dates", async () => {
    const actor = await newActor();
    const c = await newCompany(actor.key, {
      name: "Brutet År AB",
      fiscal_year_start_month: 5,
      first_fiscal_year: { start_date: "2025-05-01", end_date: "2026-04-30" },
    });
    const next = await write(actor.key, "POST", `/api/v1/companies/${c.id}/fiscal-periods`);
    expect(next.status).toBe(201);
    const cu = (path: string) => `/api/v1/companies/${c.id}${path}`;
    // April 2026 in the first year, May 2026 in the second: calendar Q2 2026 in two parts
    await postedEntry(actor.key, c.id, c.fiscal_period.id, {
      entry_date: "2026-04-10",
      description: "Försäljning april",
      lines: [line("1930", 1250, 0), line("3001", 0, 1000), line("2611", 0, 250)],
    });
    await postedEntry(actor.key, c.id, next.body.data.id, {
      entry_date: "2026-05-10",
      description: "Försäljning maj",
      lines: [line("1930", 625, 0), line("3001", 0, 500), line("2611", 0, 125)],
    });
    const ambiguous = await write(actor.key, "POST", cu("/vat-returns"), { period: "2026-Q2" });
    expect(ambiguous.status).toBe(400);
    expect(ambiguous.body.error.details.fields[0].message).toContain(
      "2026-04-01 to 2026-04-30, 2026-05-01 to 2026-06-30",
    );
    const april = await write(actor.key, "POST", cu("/vat-returns"), {
      period_start: "2026-04-01",
      period_end: "2026-04-30",
    });
    expect(april.status).toBe(201);
    expect(april.body.data).toMatchObject({ period: "2026-Q2", fiscal_period_id: c.fiscal_period.id, box_49: 250 });
    expect(await entryLines(actor.key, c.id, april.body.data.journal_entry_id)).toEqual({
      "2611": [250, 0],
      "2650": [0, 250],
    });
    // the tax calendar's 2026-Q2 is done only when both parts are declared
    const done = async () =>
      (
        await call("GET", cu("/tax-deadlines?from=2026-08-01&to=2026-08-31&type=vat_declaration"), { key: actor.key })
      ).body.data.deadlines.find((d: any) => d.period === "2026-Q2").done;
    expect(await done()).toBe(false);
    const mayJune = await write(actor.key, "POST", cu("/vat-returns"), {
      period_start: "2026-05-01",
      period_end: "2026-06-30",
    });
    expect(mayJune.status).toBe(201);
    expect(mayJune.body.data).toMatchObject({ period: "2026-Q2", fiscal_period_id: next.body.data.id, box_49: 125 });
    const entry = (await call("GET", cu(`/journal-entries/${mayJune.body.data.journal_entry_id}`), { key: actor.key }))
      .body.data;
    expect(entry.entry_date).toBe("2026-06-30");
    expect(await done()).toBe(true);
    // the first year's first quarter is its short first period
    const first = await write(actor.key, "POST", cu("/vat-returns"), { period: "2025-Q2" });
    expect(first.body.data).toMatchObject({ period_start: "2025-05-01", period_end: "2025-06-30" });
  });
});

describe("A quarter whose VAT was moved to 2650 by hand before the first return", () => {
  it("refuses the return, naming the entry, until that entry is reversed; then books its own transfer once", async () => {
    const actor = await newActor();
    const c = await newCompany(actor.key, { name: "Handomföring AB" });
    const cu = (path: string) => `/api/v1/companies/${c.id}${path}`;
    await postedEntry(actor.key, c.id, c.fiscal_period.id, {
      entry_date: "2026-02-10",
      description: "Försäljning",
      lines: [line("1930", 12500, 0), line("3001", 0, 10000), line("2611", 0, 2500)],
    });
    // the accountant's own momsomföring of Q1, dated after the quarter as usual
    const { id: byHand } = await postedEntry(actor.key, c.id, c.fiscal_period.id, {
      entry_date: "2026-05-12",
      description: "Momsomföring Q1",
      lines: [line("2611", 2500, 0), line("2650", 0, 2500)],
    });
    const before = await countOf("SELECT COUNT(*) AS n FROM journal_entries WHERE company_id = ?", c.id);
    const refused = await write(actor.key, "POST", cu("/vat-returns"), { period: "2026-Q1" });
    expect(refused.status).toBe(409);
    expect(refused.body.error.details).toMatchObject({ reason: "transfer_booked_by_hand", journal_entry_id: byHand });
    expect(await countOf("SELECT COUNT(*) AS n FROM journal_entries WHERE company_id = ?", c.id)).toBe(before);
    expect(await countOf("SELECT COUNT(*) AS n FROM vat_returns WHERE company_id = ?", c.id)).toBe(0);

    const reversed = await write(actor.key, "POST", cu(`/journal-entries/${byHand}/reverse`), {
      reversal_date: "2026-05-12",
    });
    expect(reversed.status).toBeLessThan(300);
    const filed = await write(actor.key, "POST", cu("/vat-returns"), { period: "2026-Q1" });
    expect(filed.status).toBe(201);
    expect(await entryLines(actor.key, c.id, filed.body.data.journal_entry_id)).toEqual({
      "2611": [2500, 0],
      "2650": [0, 2500],
    });
    // 2611 is zero and 2650 holds the quarter's VAT once: the hand entry and its storno cancel
    const balance = async (account: string) =>
      countOf(
        "SELECT COALESCE(SUM(credit_ore - debit_ore), 0) AS n FROM journal_lines WHERE company_id = ? AND account_number = ?",
        c.id,
        account,
      );
    expect(await balance("2611")).toBe(0);
    expect(await balance("2650")).toBe(250000);
  });
});
