// Issue #31, the income-tax return's files: GET .../fiscal-periods/{id}/sru answers INFO.SRU
// and BLANKETTER.SRU (ISO 8859-1, CRLF) zipped or each alone. An aktiebolag's year (sales,
// costs, 6072 representation, an asset and its depreciation) -> the tax with a
// periodiseringsfond -> INK2, INK2R (equal to the ledger per field), INK2S (equal to the tax
// calculation); a sole trader's NE; the refusals write nothing.
import { SELF } from "cloudflare:test";
import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { BASE, call, companyFixture, line, postedEntry, settleOperation, write } from "../helpers";

type Fixture = ReturnType<typeof companyFixture>;
const YEAR = { first_fiscal_year: { start_date: "2026-01-01", end_date: "2026-12-31" }, fiscal_year_start_month: 1 };
const ADDRESS = { address_line1: "Storgatan 1", postal_code: "111 22", city: "Göteborg" };

const url = (f: Fixture, p: string) => `/api/v1/companies/${f.companyId}${p}`;
const sruUrl = (f: Fixture, query = "") => url(f, `/fiscal-periods/${f.periodId}/sru${query}`);

/** The raw answer: the files are bytes in ISO 8859-1, not JSON. */
async function download(f: Fixture, query = "") {
  const res = await SELF.fetch(BASE + sruUrl(f, query), { headers: { Authorization: `Bearer ${f.actor.key}` } });
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

const latin1 = (bytes: Uint8Array) => String.fromCharCode(...bytes);

/** The forms of BLANKETTER.SRU: code -> { field code -> value }. */
function formsOf(text: string): Record<string, Record<string, string>> {
  const forms: Record<string, Record<string, string>> = {};
  let current: Record<string, string> = {};
  for (const l of text.split("\r\n")) {
    const [post, a, b] = l.split(" ");
    if (post === "#BLANKETT") forms[a] = current = {};
    if (post === "#UPPGIFT") current[a] = b;
  }
  return forms;
}

async function trialBalance(f: Fixture): Promise<Record<string, number>> {
  const res = await call("GET", url(f, `/reports/trial-balance?period_id=${f.periodId}`), { key: f.actor.key });
  return Object.fromEntries(
    res.body.data.accounts
      .filter((a: any) => a.closing_balance !== 0)
      .map((a: any) => [a.account_number, a.closing_balance]),
  );
}

// the year, in kronor
const SALES = 1_000_000;
const COSTS = 300_000;
const REPRESENTATION = 4_321.5; // 6072, not deductible
const ASSET = 60_000; // 1220 inventarier
const DEPRECIATION = 12_000; // 7832 against 1229
const BOOK_RESULT = SALES - COSTS - REPRESENTATION - DEPRECIATION; // 683 678.50
const SURPLUS = BOOK_RESULT + REPRESENTATION; // 688 000
const FUND = SURPLUS * 0.25; // 172 000 (IL 30 kap 5 §)
const TAX = ((SURPLUS - FUND) * 206) / 1000; // 516 000 * 20.6 % = 106 296

/** The BAS accounts of this year and the INK2R field each writes on, with the side its balance is written from. */
const LEDGER_FIELDS: Record<string, [string, 1 | -1]> = {
  "1220": ["7215", 1],
  "1229": ["7215", 1],
  "1930": ["7281", 1],
  "2081": ["7301", -1],
  "2126": ["7321", -1],
  "2512": ["7368", -1],
  "2611": ["7369", -1],
  "3001": ["7410", -1],
  "5010": ["7513", 1],
  "6072": ["7513", 1],
  "7832": ["7515", 1],
  "8811": ["7525", 1],
  "8910": ["7528", 1],
};

async function bookYear(f: Fixture) {
  const post = (date: string, lines: unknown[]) =>
    postedEntry(f.actor.key, f.companyId, f.periodId, { entry_date: date, lines });
  await post("2026-01-02", [line("1930", 25_000, 0), line("2081", 0, 25_000)]);
  await post("2026-02-01", [line("1220", ASSET, 0), line("1930", 0, ASSET)]);
  await post("2026-03-15", [line("1510", SALES * 1.25, 0), line("3001", 0, SALES), line("2611", 0, SALES * 0.25)]);
  await post("2026-04-01", [line("1930", SALES * 1.25, 0), line("1510", 0, SALES * 1.25)]);
  await post("2026-04-10", [line("5010", COSTS, 0), line("1930", 0, COSTS)]);
  await post("2026-05-20", [line("6072", REPRESENTATION, 0), line("1930", 0, REPRESENTATION)]);
  await post("2026-12-31", [line("7832", DEPRECIATION, 0), line("1229", 0, DEPRECIATION)]);
}

describe("an aktiebolag's INK2 files", () => {
  const f = companyFixture({ name: "Åkerö Bygg AB", ...YEAR });

  it("are refused without the address, then without the tax, and answer the forms from the books and the tax", async () => {
    await bookYear(f);

    // no address in the settings: refused, naming what is missing
    const noAddress = await call("GET", sruUrl(f), { key: f.actor.key });
    expect(noAddress.status).toBe(409);
    expect(noAddress.body.error.code).toBe("SRU_COMPANY_DETAILS_MISSING");
    expect(noAddress.body.error.details.missing).toEqual(["address_line1", "postal_code", "city"]);
    const patched = await write(f.actor.key, "PATCH", url(f, "/settings"), ADDRESS);
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);

    // no tax calculation: INK2S has nothing to be made from
    const noTax = await call("GET", sruUrl(f), { key: f.actor.key });
    expect(noTax.status).toBe(409);
    expect(noTax.body.error.code).toBe("TAX_NOT_CALCULATED");
    expect(noTax.body.error.details.fiscal_period_id).toBe(f.periodId);

    // a file the route does not make
    const bad = await call("GET", sruUrl(f, "?file=K4.SRU"), { key: f.actor.key });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("VALIDATION_ERROR");

    // the year-end's readiness warns of the missing tax (a warning: the year-end could still run)
    const readiness = async () =>
      (
        await call("GET", url(f, `/compliance/check?type=year_end_readiness&fiscal_period_id=${f.periodId}`), {
          key: f.actor.key,
        })
      ).body.data;
    const before = await readiness();
    expect(before.findings.filter((x: any) => x.code === "TAX_NOT_CALCULATED")).toEqual([
      expect.objectContaining({ severity: "warning", code: "TAX_NOT_CALCULATED" }),
    ]);
    expect(before.findings.find((x: any) => x.code === "TAX_NOT_CALCULATED").message).toContain(
      `/fiscal-periods/${f.periodId}/tax`,
    );

    const taxed = await write(f.actor.key, "POST", url(f, `/fiscal-periods/${f.periodId}/tax`), {
      periodiseringsfond: true,
    });
    expect(taxed.status, JSON.stringify(taxed.body)).toBe(201);
    const calc = taxed.body.data;
    expect(calc).toMatchObject({ taxable_result: SURPLUS - FUND, tax: TAX, periodiseringsfond: { amount: FUND } });
    expect((await readiness()).findings.map((x: any) => x.code)).not.toContain("TAX_NOT_CALCULATED");

    // BLANKETTER.SRU alone: text/plain in ISO 8859-1, every line ended by CR LF
    const { res, bytes } = await download(f, "?file=BLANKETTER.SRU");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/plain; charset=ISO-8859-1");
    expect(res.headers.get("SRU-Unmapped-Accounts")).toBeNull();
    const text = latin1(bytes);
    expect(text.endsWith("#FIL_SLUT\r\n")).toBe(true);
    expect(text.replaceAll("\r\n", "").includes("\n")).toBe(false);
    expect(text.split("\r\n").filter((l) => l.startsWith("#BLANKETT "))).toEqual([
      "#BLANKETT INK2-2026P4",
      "#BLANKETT INK2R-2026P4",
      "#BLANKETT INK2S-2026P4",
    ]);
    expect(text).toMatch(/#IDENTITET 165560160680 \d{8} \d{6}\r\n#NAMN Åkerö Bygg AB\r\n/);
    // å and ö are one byte each (0xC5, 0xF6), not UTF-8's two
    expect(bytes.includes(0xc5) && bytes.includes(0xf6)).toBe(true);
    expect(bytes.includes(0xc3)).toBe(false);

    const forms = formsOf(text);
    for (const form of Object.values(forms)) expect(form).toMatchObject({ "7011": "20260101", "7012": "20261231" });

    // INK2R: each field the ledger's balances of its accounts, öre dropped; the result not yet on 2099 in 7302
    const tb = await trialBalance(f);
    const expected = new Map<string, number>();
    for (const [account, balance] of Object.entries(tb)) {
      const [field, side] = LEDGER_FIELDS[account];
      expected.set(field, (expected.get(field) ?? 0) + side * balance);
    }
    const resultAfterTax = BOOK_RESULT - FUND - TAX; // 405 382.50
    expected.set("7302", resultAfterTax);
    const written = Object.fromEntries([...expected].map(([k, v]) => [k, String(Math.trunc(v))]));
    expect(written).toMatchObject({ "7281": "910678", "7215": "48000", "7513": "304321", "7302": "405382" });
    // 3.26 is the sum of the written fields: 1 000 000 - 304 321 - 12 000 - 172 000 - 106 296
    const result = 405_383;
    expect(forms["INK2R-2026P4"]).toEqual({
      "7011": "20260101",
      "7012": "20261231",
      ...written,
      "7450": String(result),
    });

    // INK2S: the booked result and tax, the tax calculation's non-deductible 6072, the surplus as their sum
    expect(calc.adjustments).toEqual([
      {
        kind: "non_deductible",
        account_number: "6072",
        name: "Representation, ej avdragsgill",
        amount: REPRESENTATION,
      },
    ]);
    expect(forms["INK2S-2026P4"]).toEqual({
      "7011": "20260101",
      "7012": "20261231",
      "7650": String(result),
      "7651": String(calc.tax),
      "7653": String(Math.trunc(calc.adjustments[0].amount)),
      "7670": String(calc.taxable_result),
    });
    // INK2: 1.1 överskott, INK2S 4.15
    expect(forms["INK2-2026P4"]).toEqual({ "7011": "20260101", "7012": "20261231", "7104": "516000" });

    // INFO.SRU alone
    const info = await download(f, "?file=INFO.SRU");
    expect(info.res.headers.get("Content-Type")).toBe("text/plain; charset=ISO-8859-1");
    const infoText = latin1(info.bytes);
    expect(infoText.split("\r\n")).toEqual([
      "#DATABESKRIVNING_START",
      "#PRODUKT SRU",
      expect.stringMatching(/^#SKAPAD \d{8} \d{6}$/),
      "#PROGRAM Bokföring API 1.0",
      "#FILNAMN BLANKETTER.SRU",
      "#DATABESKRIVNING_SLUT",
      "#MEDIELEV_START",
      "#ORGNR 165560160680",
      "#NAMN Åkerö Bygg AB",
      "#ADRESS Storgatan 1",
      "#POSTNR 11122",
      "#POSTORT Göteborg",
      "#MEDIELEV_SLUT",
      "",
    ]);

    // the default answer: one zip of both files, under their names
    const zip = await download(f);
    expect(zip.res.status).toBe(200);
    expect(zip.res.headers.get("Content-Type")).toBe("application/zip");
    expect(zip.res.headers.get("Content-Disposition")).toBe('attachment; filename="sru-2026-12-31.zip"');
    const files = unzipSync(zip.bytes);
    expect(Object.keys(files)).toEqual(["INFO.SRU", "BLANKETTER.SRU"]);
    expect(formsOf(latin1(files["BLANKETTER.SRU"]))).toEqual(forms);
    expect((await download(f, "?format=zip")).res.headers.get("Content-Type")).toBe("application/zip");

    // after the year-end the result is on 2099: the forms are the same
    expect((await write(f.actor.key, "POST", url(f, `/fiscal-periods/${f.periodId}/lock`))).status).toBe(200);
    const started = await write(f.actor.key, "POST", url(f, `/fiscal-periods/${f.periodId}/year-end`));
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const op = await settleOperation(f.actor.key, started.body.data.operation_id);
    expect(op.status, JSON.stringify(op.error)).toBe("succeeded");
    expect((await trialBalance(f))["2099"]).toBe(-resultAfterTax);
    expect(formsOf(latin1((await download(f, "?file=BLANKETTER.SRU")).bytes))).toEqual(forms);
  });
});

describe("a sole trader's NE file", () => {
  const f = companyFixture({
    name: "Östlunds Snickeri",
    entity_type: "enskild_firma",
    org_number: "19811218-9876",
    vat_registered: false,
    moms_period: undefined,
    first_fiscal_year: undefined,
    fiscal_year_start_month: 1,
  });

  it("answers NE R1-R11 from the NE figures, under the owner's personnummer, without a tax calculation", async () => {
    const periods = (await call("GET", url(f, "/fiscal-periods"), { key: f.actor.key })).body.data.fiscal_periods;
    const period = periods.find((p: any) => p.id === f.periodId);
    const year = period.period_start.slice(0, 4);
    const post = (mmdd: string, lines: unknown[]) =>
      postedEntry(f.actor.key, f.companyId, f.periodId, { entry_date: `${year}-${mmdd}`, lines });
    // the owner's deposit (eget kapital, 2010) and a machine bought on credit (1220 / 2440)
    await post("01-02", [line("1930", 20_000, 0), line("2010", 0, 20_000)]);
    await post("01-03", [line("1220", 8_000, 0), line("2440", 0, 8_000)]);
    await post("02-01", [line("1930", 50_000, 0), line("3001", 0, 50_000)]);
    await post("02-02", [line("4010", 10_000, 0), line("1930", 0, 10_000)]);
    await post("02-03", [line("5010", 6_000.5, 0), line("1930", 0, 6_000.5)]);
    // a result account the räkenskapsschema has no field for (88xx): left out of R1-R11 and named
    await post("02-04", [line("8850", 100, 0), line("1930", 0, 100)]);
    expect((await write(f.actor.key, "PATCH", url(f, "/settings"), ADDRESS)).status).toBe(200);

    const ne = await call("GET", url(f, `/fiscal-periods/${f.periodId}/ne`), { key: f.actor.key });
    const wholeKronor = Object.fromEntries(ne.body.data.fields.map((x: any) => [x.field, x.whole_kronor]));

    const zip = await download(f);
    expect(zip.res.status).toBe(200);
    expect(zip.res.headers.get("SRU-Unmapped-Accounts")).toBe("8850");
    // the file name carries no personnummer
    expect(zip.res.headers.get("Content-Disposition")).not.toContain("9876");
    const files = unzipSync(zip.bytes);
    expect(Object.keys(files)).toEqual(["INFO.SRU", "BLANKETTER.SRU"]);
    const text = latin1(files["BLANKETTER.SRU"]);
    expect(text.startsWith(`#BLANKETT NE-${year}P4\r\n#IDENTITET 198112189876 `)).toBe(true);
    expect(text).toContain("#NAMN Östlunds Snickeri\r\n");
    expect(files["BLANKETTER.SRU"].includes(0xd6)).toBe(true);
    // not VAT-registered: the sales are momsfria intäkter, R2
    // the balance sheet at the year's end, in whole kronor (truncated): the bank 20 000 + 50 000
    // - 10 000 - 6 000.50 - 100 = 53 899.50; equity 20 000 + the year's result 33 899.50
    const bankOre = (20_000 + 50_000 - 10_000 - 6_000.5 - 100) * 100;
    const resultOre = (50_000 - 10_000 - 6_000.5 - 100) * 100;
    expect(formsOf(text)[`NE-${year}P4`]).toEqual({
      "7011": `${year}0101`,
      "7012": `${year}1231`,
      "7212": "8000", // B4 maskiner och inventarier
      "7280": String(Math.trunc(bankOre / 100)), // B9 kassa och bank
      "7300": String(Math.trunc((20_000 * 100 + resultOre) / 100)), // B10 eget kapital
      "7382": "8000", // B15 leverantörsskulder
      "7401": String(wholeKronor.R2),
      "7500": String(wholeKronor.R5),
      "7501": String(wholeKronor.R6),
      "7440": String(50_000 - 10_000 - 6_000),
      "7600": String(50_000 - 10_000 - 6_000), // R12, R11 carried
    });
    expect(wholeKronor).toMatchObject({
      R2: 50_000,
      R5: 10_000,
      R6: 6_000,
      B4: 8_000,
      B9: 53_899,
      B10: 53_899,
      B15: 8_000,
    });
    // the balance sheet balances: assets B1-B9 equal equity and liabilities B10-B16
    const amount = Object.fromEntries(ne.body.data.fields.map((x: any) => [x.field, x.amount]));
    const sum = (fs: string[]) => fs.reduce((s, x) => s + Math.round(amount[x] * 100), 0);
    expect(sum(["B1", "B2", "B3", "B4", "B5", "B6", "B7", "B8", "B9"])).toBe(
      sum(["B10", "B11", "B12", "B13", "B14", "B15", "B16"]),
    );
    expect(latin1(files["INFO.SRU"])).toContain("#ORGNR 198112189876\r\n");
  });
});
