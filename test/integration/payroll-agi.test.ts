import { XMLParser } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { call, companyFixture, write, countOf, hire } from "../helpers";
import example from "../fixtures/agi/skatteverket_Exempelfil_01_Vanliga_lontagare_v1.1.9.xml?raw";
import { booksDb } from "../books";
import { validateAgi } from "../fixtures/agi/validate-agi";

const f = companyFixture({ name: "Deklarationsbolaget AB" });
const url = (p: string) => `/api/v1/companies/${f.companyId}${p}`;
const CONTACT = { name: "Lena Lön", phone: "08-123 45 67", email: "lon@deklarationsbolaget.se" };
const EMPLOYER = "165560160680";

async function employee(body: Record<string, unknown>): Promise<string> {
  return (await hire(f, body)).id;
}

const count = countOf;

async function bookedRun(
  period_month: number,
  payment_date: string,
  add: Record<string, unknown>,
  items: [string, Record<string, unknown>][] = [],
) {
  const run = await write(f.actor.key, "POST", url("/salary-runs"), { period_year: 2026, period_month, payment_date });
  expect(run.status).toBe(201);
  const R = (p = "") => url(`/salary-runs/${run.body.data.id}${p}`);
  expect((await write(f.actor.key, "POST", R("/employees"), add)).status).toBe(200);
  for (const [emp, body] of items)
    expect((await write(f.actor.key, "POST", R(`/employees/${emp}/line-items`), body)).status).toBe(201);
  const calc = await write(f.actor.key, "POST", R("/calculate"));
  expect(calc.status, JSON.stringify(calc.body)).toBe(200);
  return { id: run.body.data.id as string, R, calc: calc.body.data };
}

async function finish(R: (p?: string) => string) {
  expect((await write(f.actor.key, "POST", R("/approve"))).status).toBe(200);
  expect((await write(f.actor.key, "POST", R("/mark-paid"), {})).status).toBe(200);
  const booked = await write(f.actor.key, "POST", R("/book"));
  expect(booked.status, JSON.stringify(booked.body)).toBe(200);
}

const parse = (xml: string) =>
  new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: "@_",
    parseTagValue: false,
    isArray: (name) => name === "agd:Blankett",
  }).parse(xml).Skatteverket;

/** One IU as [fältkod, value] in the file's order, after the two identity groups. */
function fieldsOf(iu: Record<string, any>): [string, string][] {
  return Object.entries(iu)
    .filter(([k]) => !k.endsWith("GROUP"))
    .map(([, v]) => [v["@_faltkod"], v["#text"]]);
}

describe("generate-agi", () => {
  it("declares a month of every kind of employee field by field, keeps the specification numbers, and records the submission", async () => {
    const anna = await employee({
      first_name: "Anna",
      last_name: "Andersson",
      personnummer: "198503121231",
      salary_type: "monthly",
      monthly_salary: 35000,
      tax_table_number: 33,
    });
    const bo = await employee({
      first_name: "Bo",
      last_name: "Förmån",
      personnummer: "197511116787",
      salary_type: "monthly",
      monthly_salary: 40000,
      salary_exchange_monthly: 2000,
      tax_table_number: 33,
    });
    await employee({
      first_name: "Greta",
      last_name: "Gammal",
      personnummer: "193607019993",
      salary_type: "monthly",
      monthly_salary: 20000,
      f_skatt_status: "side_income",
    });
    await employee({
      first_name: "Sven",
      last_name: "Senior",
      personnummer: "195001013456",
      salary_type: "monthly",
      monthly_salary: 30100,
      tax_table_number: 34,
    });
    const sara = await employee({
      first_name: "Sara",
      last_name: "Sido",
      personnummer: "199002204569",
      salary_type: "hourly",
      hourly_rate: 200,
      personnel_category: "collective",
      f_skatt_status: "side_income",
    });
    await employee({
      first_name: "Pierre",
      last_name: "Sinkare",
      personnummer: "198803081234",
      salary_type: "monthly",
      monthly_salary: 30000,
      f_skatt_status: "sink",
    });
    await employee({
      first_name: "Ylva",
      last_name: "Ung",
      personnummer: "200506152347",
      salary_type: "monthly",
      monthly_salary: 28000,
      tax_table_number: 32,
    });
    await employee({
      first_name: "Kurt",
      last_name: "Konsult",
      personnummer: "197704045553",
      salary_type: "monthly",
      monthly_salary: 40000,
      f_skatt_status: "f_skatt",
    });

    const march = await bookedRun(
      3,
      "2026-04-25",
      { all_active: true, employees: [{ employee_id: sara, hours: 40.5 }] },
      [
        [bo, { item_type: "car_benefit", amount: 4000 }],
        [bo, { item_type: "meal_benefit", amount: 1000 }],
        [bo, { item_type: "bonus", amount: 10000 }],
        [bo, { item_type: "mileage_allowance", amount: 500 }],
        [bo, { item_type: "per_diem", amount: 300 }],
      ],
    );
    expect(march.calc).toMatchObject({ employee_count: 8, total_tax: 42389 });

    // not booked yet: refused, nothing stored
    const early = await write(f.actor.key, "POST", march.R("/generate-agi"), { contact: CONTACT });
    expect([early.status, early.body.error.code, early.body.error.details]).toEqual([
      409,
      "CONFLICT",
      { status: "review", required_status: "booked" },
    ]);
    const noAgi = await write(f.actor.key, "PATCH", march.R("/agi"), { submission_reference: "X" });
    expect([noAgi.status, noAgi.body.error.code]).toEqual([404, "NOT_FOUND"]);
    expect((await call("GET", march.R("/agi"), { key: f.actor.key })).status).toBe(404);
    await finish(march.R);

    // no contact in the body and none in the company's settings (with an empty body and with none)
    for (const body of [{}, undefined]) {
      const noContact = await write(f.actor.key, "POST", march.R("/generate-agi"), body);
      expect([noContact.status, noContact.body.error.code, noContact.body.error.details]).toEqual([
        400,
        "AGI_CONTACT_MISSING",
        { body: "contact", settings: "payroll_contact" },
      ]);
    }
    expect(await count("SELECT COUNT(*) AS n FROM agi_declarations WHERE company_id = ?", f.companyId)).toBe(0);
    expect(await count("SELECT COUNT(*) AS n FROM agi_specification_numbers WHERE company_id = ?", f.companyId)).toBe(
      0,
    );

    const gen = await write(f.actor.key, "POST", march.R("/generate-agi"), { contact: CONTACT });
    expect(gen.status, JSON.stringify(gen.body)).toBe(201);
    const agi = gen.body.data;
    expect(agi).toMatchObject({
      salary_run_id: march.id,
      period: { year: 2026, month: 3 },
      total_brutto: 199200,
      total_benefits: 5000,
      total_tax: 42389,
      total_avgifter: 48838,
      employee_count: 7,
      submission_reference: null,
      contributions_by_rate: [
        { percent: "31.42", basis: 129100, contribution: 40563 },
        { percent: "20.81", basis: 25000, contribution: 5202 },
        { percent: "10.21", basis: 30100, contribution: 3073 },
        { percent: "0", basis: 20000, contribution: 0 },
      ],
    });
    expect(agi.xml).toBe(agi.agi_xml);
    // against the field list (test/fixtures/agi/field-list.json; the XSD could not be obtained)
    expect(validateAgi(agi.agi_xml)).toEqual([]);

    const doc = parse(agi.agi_xml);
    const ex = parse(example.replace(/^\uFEFF/, ""));
    // the root and its namespaces as in Skatteverket's example
    for (const a of ["@_omrade", "@_xmlns", "@_xmlns:agd", "@_xmlns:xsi", "@_xsi:schemaLocation"])
      expect(doc[a], a).toBe(ex[a]);
    expect(Object.keys(doc).filter((k) => !k.startsWith("@_"))).toEqual([
      "agd:Avsandare",
      "agd:Blankettgemensamt",
      "agd:Blankett",
    ]);
    expect(doc["agd:Avsandare"]).toMatchObject({
      "agd:Programnamn": "bokforing-api",
      "agd:Organisationsnummer": EMPLOYER,
      "agd:TekniskKontaktperson": {
        "agd:Namn": "Lena Lön",
        "agd:Telefon": "08-123 45 67",
        "agd:Epostadress": CONTACT.email,
      },
    });
    expect(doc["agd:Avsandare"]["agd:Skapad"]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
    expect(doc["agd:Blankettgemensamt"]["agd:Arbetsgivare"]["agd:AgRegistreradId"]).toBe(EMPLOYER);

    const forms = doc["agd:Blankett"];
    expect(forms).toHaveLength(8);
    for (const b of forms)
      expect(b["agd:Arendeinformation"]).toEqual({ "agd:Arendeagare": EMPLOYER, "agd:Period": "202603" });
    const hu = forms[0]["agd:Blankettinnehall"]["agd:HU"];
    expect(Object.keys(hu)).toEqual(Object.keys(ex["agd:Blankett"][0]["agd:Blankettinnehall"]["agd:HU"]));
    expect(hu).toEqual({
      "agd:ArbetsgivareHUGROUP": { "agd:AgRegistreradId": { "@_faltkod": "201", "#text": EMPLOYER } },
      "agd:RedovisningsPeriod": { "@_faltkod": "006", "#text": "202603" },
      "agd:SummaArbAvgSlf": { "@_faltkod": "487", "#text": "48838" },
      "agd:SummaSkatteavdr": { "@_faltkod": "497", "#text": "42389" },
    });
    const ius = forms.slice(1).map((b: any) => b["agd:Blankettinnehall"]["agd:IU"]);
    const payees = ius.map(
      (iu: any) => iu["agd:BetalningsmottagareIUGROUP"]["agd:BetalningsmottagareIDChoice"]["agd:BetalningsmottagarId"],
    );
    expect(payees.map((p: any) => [p["@_faltkod"], p["#text"]])).toEqual(
      [
        "198503121231",
        "197511116787",
        "193607019993",
        "195001013456",
        "199002204569",
        "198803081234",
        "200506152347",
      ].map((p) => ["215", p]),
    );
    for (const iu of ius)
      expect(iu["agd:ArbetsgivareIUGROUP"]).toEqual({
        "agd:AgRegistreradId": { "@_faltkod": "201", "#text": EMPLOYER },
      });
    expect(ius.map(fieldsOf)).toEqual([
      [
        ["006", "202603"],
        ["570", "001"],
        ["011", "35000"],
        ["001", "7134"],
      ],
      [
        ["006", "202603"],
        ["570", "002"],
        ["011", "48000"],
        // kostförmån 1 000 in 012 with the other benefits: the schema has no meal field (issue #40)
        ["012", "1000"],
        ["013", "4000"],
        ["001", "11992"],
        ["050", "1"],
        ["051", "1"],
      ],
      [
        ["006", "202603"],
        ["570", "003"],
        ["131", "20000"],
        ["001", "6000"],
      ],
      [
        ["006", "202603"],
        ["570", "004"],
        ["011", "30100"],
        ["001", "2868"],
      ],
      [
        ["006", "202603"],
        ["570", "005"],
        ["011", "8100"],
        ["001", "2430"],
      ],
      [
        ["006", "202603"],
        ["570", "006"],
        ["011", "30000"],
        ["274", "6750"],
      ],
      [
        ["006", "202603"],
        ["570", "007"],
        ["011", "28000"],
        ["001", "5215"],
      ],
    ]);
    // the element names carry the codes of Skatteverket's field list
    expect(Object.keys(ius[1]).slice(2)).toEqual([
      "agd:RedovisningsPeriod",
      "agd:Specifikationsnummer",
      "agd:KontantErsattningUlagAG",
      "agd:SkatteplOvrigaFormanerUlagAG",
      "agd:SkatteplBilformanUlagAG",
      "agd:AvdrPrelSkatt",
      "agd:Bilersattning",
      "agd:Traktamente",
    ]);
    expect(Object.keys(ius[2])).toContain("agd:KontantErsattningEjUlagSA");
    expect(Object.keys(ius[5])).toContain("agd:AvdrSkattSINK");

    // read back, as JSON and as the file
    const read = await call("GET", march.R("/agi"), { key: f.actor.key });
    expect(read.body.data).toMatchObject({ agi_id: agi.agi_id, total_avgifter: 48838, agi_xml: agi.agi_xml });
    const file = await call("GET", march.R("/agi?format=xml"), { key: f.actor.key });
    expect(file.headers.get("Content-Type")).toContain("application/xml");
    expect(file.headers.get("Content-Disposition")).toBe('attachment; filename="agi-202603.xml"');
    expect(file.body).toBe(agi.agi_xml);

    // a second run: Anna keeps 001, the newcomer gets the next number; the May period is declared
    const nils = await employee({
      first_name: "Nils",
      last_name: "Ny",
      personnummer: "199509092467",
      salary_type: "monthly",
      monthly_salary: 30000,
      f_skatt_status: "decided_percent",
      tax_decided_percent: "30",
      tax_decision_reference: "SKV 2026-04-01",
    });
    const may = await bookedRun(5, "2026-05-25", { employees: [{ employee_id: nils }, { employee_id: anna }] });
    await finish(may.R);
    const mayAgi = await write(f.actor.key, "POST", may.R("/generate-agi"), {
      contact: CONTACT,
      technical_contact: { name: "Tekla Teknik", phone: "08-765 43 21", email: "it@deklarationsbolaget.se" },
    });
    expect(mayAgi.status).toBe(201);
    // 31.42 % of 65 000 = 20 423.00; tax 7 134 + 9 000
    expect(mayAgi.body.data).toMatchObject({
      period: { year: 2026, month: 5 },
      total_brutto: 65000,
      total_tax: 16134,
      total_avgifter: 20423,
      employee_count: 2,
    });
    const mayDoc = parse(mayAgi.body.data.agi_xml);
    expect(validateAgi(mayAgi.body.data.agi_xml)).toEqual([]);
    expect(mayDoc["agd:Avsandare"]["agd:TekniskKontaktperson"]["agd:Namn"]).toBe("Tekla Teknik");
    expect(mayDoc["agd:Blankettgemensamt"]["agd:Arbetsgivare"]["agd:Kontaktperson"]["agd:Namn"]).toBe("Lena Lön");
    expect(mayDoc["agd:Blankett"].slice(1).map((b: any) => fieldsOf(b["agd:Blankettinnehall"]["agd:IU"]))).toEqual([
      [
        ["006", "202605"],
        ["570", "001"],
        ["011", "35000"],
        ["001", "7134"],
      ],
      [
        ["006", "202605"],
        ["570", "008"],
        ["011", "30000"],
        ["001", "9000"],
      ],
    ]);

    // the company's contact person: all three fields, shown on the company; then the body may be left out
    const settings = `/api/v1/companies/${f.companyId}/settings`;
    const partial = await write(f.actor.key, "PATCH", settings, { payroll_contact: { name: "Pia Personal" } });
    expect([partial.status, partial.body.error.code]).toEqual([400, "VALIDATION_ERROR"]);
    const PIA = { name: "Pia Personal", phone: "08-111 22 33", email: "pia@deklarationsbolaget.se" };
    const set = await write(f.actor.key, "PATCH", settings, { payroll_contact: PIA });
    expect([set.status, set.body.data.payroll_contact]).toEqual([200, PIA]);
    expect(
      (await call("GET", `/api/v1/companies/${f.companyId}`, { key: f.actor.key })).body.data.settings.payroll_contact,
    ).toEqual(PIA);

    // generated again, without a body: the same declaration and numbers, 200, a new agi.generated
    const again = await write(f.actor.key, "POST", march.R("/generate-agi"));
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const againDoc = parse(again.body.data.agi_xml);
    expect(validateAgi(again.body.data.agi_xml)).toEqual([]);
    expect(againDoc["agd:Blankettgemensamt"]["agd:Arbetsgivare"]["agd:Kontaktperson"]).toEqual({
      "agd:Namn": PIA.name,
      "agd:Telefon": PIA.phone,
      "agd:Epostadress": PIA.email,
    });
    expect(againDoc["agd:Avsandare"]["agd:TekniskKontaktperson"]["agd:Namn"]).toBe(PIA.name);
    expect(again.body.data.agi_id).toBe(agi.agi_id);
    expect(ius.map(fieldsOf)).toEqual(
      parse(again.body.data.agi_xml)
        ["agd:Blankett"].slice(1)
        .map((b: any) => fieldsOf(b["agd:Blankettinnehall"]["agd:IU"])),
    );
    expect(await count("SELECT COUNT(*) AS n FROM agi_specification_numbers WHERE company_id = ?", f.companyId)).toBe(
      8,
    );
    expect(await count("SELECT COUNT(*) AS n FROM agi_declarations WHERE company_id = ?", f.companyId)).toBe(2);

    // the submission reference; then the declaration is not generated again
    const ref = await write(f.actor.key, "PATCH", march.R("/agi"), { submission_reference: "AGD-2026-03-4711" });
    expect(ref.status).toBe(200);
    expect(ref.body.data).toMatchObject({ agi_id: agi.agi_id, submission_reference: "AGD-2026-03-4711" });
    expect(ref.body.data.submission_recorded_at).toEqual(expect.any(String));
    const blank = await write(f.actor.key, "PATCH", march.R("/agi"), { submission_reference: "" });
    expect([blank.status, blank.body.error.code]).toEqual([400, "VALIDATION_ERROR"]);
    const late = await write(f.actor.key, "POST", march.R("/generate-agi"));
    expect([late.status, late.body.error.code, late.body.error.details.submission_reference]).toEqual([
      409,
      "CONFLICT",
      "AGD-2026-03-4711",
    ]);
    expect((await call("GET", march.R("/agi"), { key: f.actor.key })).body.data).toMatchObject({
      submission_reference: "AGD-2026-03-4711",
      agi_xml: again.body.data.agi_xml,
    });

    const events = await booksDb
      .prepare("SELECT object FROM outbox_events WHERE company_id = ? AND type = 'agi.generated' ORDER BY rowid")
      .bind(f.companyId)
      .all<{ object: string }>();
    expect(events.results).toHaveLength(3);
    const first = JSON.parse(events.results[0].object);
    expect(first).toMatchObject({
      agi_id: agi.agi_id,
      period: { year: 2026, month: 3 },
      total_avgifter: 48838,
      employee_count: 7,
    });
    expect(first.agi_xml).toBeUndefined();

    // a contact in the body wins over the company's; with the company's cleared, none is known again
    const own = await write(f.actor.key, "POST", may.R("/generate-agi"), { contact: CONTACT });
    expect(
      parse(own.body.data.agi_xml)["agd:Blankettgemensamt"]["agd:Arbetsgivare"]["agd:Kontaktperson"]["agd:Namn"],
    ).toBe("Lena Lön");
    const cleared = await write(f.actor.key, "PATCH", settings, { payroll_contact: null });
    expect([cleared.status, cleared.body.data.payroll_contact]).toEqual([200, null]);
    const none = await write(f.actor.key, "POST", may.R("/generate-agi"));
    expect([none.status, none.body.error.code]).toEqual([400, "AGI_CONTACT_MISSING"]);
    // the run itself is unchanged by the AGI
    expect((await call("GET", march.R(), { key: f.actor.key })).body.data).toMatchObject({
      status: "booked",
      total_tax: 42389,
    });
  });
});
