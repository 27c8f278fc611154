// Issue #34 item 6: personal data at rest and in URLs. The personnummer is in no stored
// row in plaintext (employees, agi_declarations, idempotency_records); bank account
// numbers are stored encrypted and shown masked on lists, in write answers and to viewers;
// a full personnummer is searched in a POST body, never in the GET query. Each assertion
// on the stored rows failed before the fix (the AGI XML and the generate-agi answer held
// the personnummer; bank_account_number was the plaintext digits).
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { admin, BASE, call, companyFixture, hire, newActor, write } from "../helpers";
import { validateAgi } from "../fixtures/agi/validate-agi";
import { booksDb } from "../books";

const f = companyFixture({ name: "Personuppgifter AB" });
const url = (p: string) => `/api/v1/companies/${f.companyId}${p}`;
const CONTACT = { name: "Lena Lön", phone: "08-123 45 67", email: "lon@personuppgifter.se" };
const PNR = "198503121231";
const ACCOUNT = "123456789";

/** Every row of a company in a table, as one JSON text: what someone reading the database sees. */
async function rowsText(table: string): Promise<string> {
  const { results } = await booksDb.prepare(`SELECT * FROM ${table} WHERE company_id = ?`).bind(f.companyId).all();
  expect(results.length, table).toBeGreaterThan(0);
  return JSON.stringify(results);
}

/** No form of the personnummer (12 or 10 digits, with or without hyphen) in the text. */
function expectNoPersonnummer(text: string, where: string) {
  for (const form of [PNR, PNR.slice(2), "850312-1231", "19850312-1231"]) expect(text, where).not.toContain(form);
}

async function viewerKey(): Promise<string> {
  const viewer = await newActor();
  const res = await admin("POST", `/admin/v1/companies/${f.companyId}/members`, {
    user_id: viewer.userId,
    role: "viewer",
  });
  expect(res.status).toBe(201);
  return viewer.key;
}

async function bookedRun(employeeId: string) {
  const run = await write(f.actor.key, "POST", url("/salary-runs"), {
    period_year: 2026,
    period_month: 3,
    payment_date: "2026-04-25",
  });
  expect(run.status).toBe(201);
  const R = (p = "") => url(`/salary-runs/${run.body.data.id}${p}`);
  expect((await write(f.actor.key, "POST", R("/employees"), { employees: [{ employee_id: employeeId }] })).status).toBe(
    200,
  );
  for (const [step, body] of [
    ["/calculate", undefined],
    ["/approve", undefined],
    ["/mark-paid", {}],
    ["/book", undefined],
  ] as const) {
    const res = await write(f.actor.key, "POST", R(step), body);
    expect(res.status, `${step} ${JSON.stringify(res.body)}`).toBe(200);
  }
  return R;
}

describe("personal data at rest", () => {
  let employeeId = "";
  let runUrl: ((p?: string) => string) | null = null;

  it("stores the bank account number encrypted and shows it masked but on the detail read of a non-viewer", async () => {
    const created = await hire(f, {
      first_name: "Anna",
      last_name: "Andersson",
      personnummer: PNR,
      salary_type: "monthly",
      monthly_salary: 35000,
      tax_table_number: 33,
      clearing_number: "6000",
      bank_account_number: ACCOUNT,
    });
    employeeId = created.id;
    // the answer (kept under the idempotency key) is masked
    expect(created.bank_account_number).toBe("*****6789");
    expect(created.personnummer).toBeUndefined();

    const row = await booksDb.prepare("SELECT * FROM employees WHERE id = ?").bind(employeeId).first<any>();
    expect(row.bank_account_number).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain(ACCOUNT);
    expectNoPersonnummer(await rowsText("employees"), "employees");
    const records = await rowsText("idempotency_records");
    expectNoPersonnummer(records, "idempotency_records");
    expect(records).not.toContain(ACCOUNT);

    const list = await call("GET", url("/employees"), { key: f.actor.key });
    expect(list.body.data.find((e: any) => e.id === employeeId).bank_account_number).toBe("*****6789");
    const detail = await call("GET", url(`/employees/${employeeId}`), { key: f.actor.key });
    expect(detail.body.data).toMatchObject({ personnummer: PNR, bank_account_number: ACCOUNT });

    const viewer = await viewerKey();
    const asViewer = await call("GET", url(`/employees/${employeeId}`), { key: viewer });
    expect(asViewer.status).toBe(200);
    expect(asViewer.body.data.bank_account_number).toBe("*****6789");
    const viewerList = await call("GET", url("/employees"), { key: viewer });
    expect(JSON.stringify(viewerList.body)).not.toContain(ACCOUNT);
  });

  it("reads a row written before the encryption, and encrypts it on its next write", async () => {
    await booksDb.prepare("UPDATE employees SET bank_account_number = ? WHERE id = ?").bind(ACCOUNT, employeeId).run();
    const list = await call("GET", url("/employees"), { key: f.actor.key });
    expect(list.body.data.find((e: any) => e.id === employeeId).bank_account_number).toBe("*****6789");
    const detail = await call("GET", url(`/employees/${employeeId}`), { key: f.actor.key });
    expect(detail.body.data.bank_account_number).toBe(ACCOUNT);
    const patched = await write(f.actor.key, "PATCH", url(`/employees/${employeeId}`), { email: "anna@exempel.se" });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body.data.bank_account_number).toBe("*****6789");
    const row = await booksDb
      .prepare("SELECT bank_account_number AS b FROM employees WHERE id = ?")
      .bind(employeeId)
      .first<{ b: string }>();
    expect(row!.b).toMatch(/^v1\./);
  });

  it("keeps the AGI file encrypted and no personnummer in the idempotency record of generate-agi", async () => {
    const R = await bookedRun(employeeId);
    runUrl = R;
    const key = `agi-${crypto.randomUUID()}`;
    const gen = await write(f.actor.key, "POST", R("/generate-agi"), { contact: CONTACT }, { "Idempotency-Key": key });
    expect(gen.status, JSON.stringify(gen.body)).toBe(201);
    // the caller gets the file, with the personnummer Skatteverket needs
    expect(gen.body.data.agi_xml).toContain(PNR);
    expect(validateAgi(gen.body.data.agi_xml)).toEqual([]);

    const stored = await booksDb
      .prepare("SELECT xml FROM agi_declarations WHERE company_id = ?")
      .bind(f.companyId)
      .first<{ xml: string }>();
    expect(stored!.xml).toMatch(/^v1\./);
    expectNoPersonnummer(await rowsText("agi_declarations"), "agi_declarations");
    expectNoPersonnummer(await rowsText("idempotency_records"), "idempotency_records");

    // the replay answers the AGI without its file, and says where to read it
    const replay = await write(
      f.actor.key,
      "POST",
      R("/generate-agi"),
      { contact: CONTACT },
      { "Idempotency-Key": key },
    );
    expect(replay.status).toBe(201);
    expect(replay.body.data).toMatchObject({
      agi_id: gen.body.data.agi_id,
      total_brutto: gen.body.data.total_brutto,
      agi_xml: null,
      xml: null,
      xml_omitted: "replay",
    });

    const read = await call("GET", R("/agi"), { key: f.actor.key });
    expect(read.body.data.agi_xml).toBe(gen.body.data.agi_xml);
    const file = await SELF.fetch(`${BASE}${R("/agi?format=xml")}`, {
      headers: { Authorization: `Bearer ${f.actor.key}` },
    });
    expect(await file.text()).toBe(gen.body.data.agi_xml);

    // recording the submission answers the file too, and keeps none of it
    const patched = await write(f.actor.key, "PATCH", R("/agi"), { submission_reference: "SKV-2026-04-0001" });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body.data.agi_xml).toContain(PNR);
    expectNoPersonnummer(await rowsText("idempotency_records"), "idempotency_records");
    expectNoPersonnummer(await rowsText("agi_declarations"), "agi_declarations");
  });

  it("gives the salary payment file, full account numbers in it, to no viewer", async () => {
    const R = runUrl!;
    const viewer = await call("GET", R("/payment-file"), { key: await viewerKey() });
    expect(viewer.status).toBe(403);
    expect(viewer.body.error.code).toBe("FORBIDDEN");
    // an owner is not refused by the role (without the company's bank account, the file's own CONFLICT)
    const owner = await call("GET", R("/payment-file"), { key: f.actor.key });
    expect([200, 409]).toContain(owner.status);
  });

  it("reads an AGI stored in plaintext before the encryption", async () => {
    const plain = '<?xml version="1.0"?><Skatteverket/>';
    await booksDb.prepare("UPDATE agi_declarations SET xml = ? WHERE company_id = ?").bind(plain, f.companyId).run();
    const runId = (await booksDb
      .prepare("SELECT salary_run_id AS r FROM agi_declarations WHERE company_id = ?")
      .bind(f.companyId)
      .first<{ r: string }>())!.r;
    const read = await call("GET", url(`/salary-runs/${runId}/agi`), { key: f.actor.key });
    expect(read.body.data.agi_xml).toBe(plain);
  });
});

describe("search by personnummer", () => {
  it("refuses a full personnummer in the GET query and names the POST", async () => {
    for (const search of [PNR, "850312-1231", "8503121231", "19850312-1231"]) {
      const res = await call("GET", url(`/employees?search=${encodeURIComponent(search)}`), { key: f.actor.key });
      expect(res.status, search).toBe(400);
      expect(res.body.error.code).toBe("VALIDATION_ERROR");
      expect(JSON.stringify(res.body.error)).toContain("employees/search");
    }
    // a name and the 8-digit birth date stay in the GET
    const byDate = await call("GET", url("/employees?search=19850312"), { key: f.actor.key });
    expect(byDate.body.data.map((e: any) => e.first_name)).toEqual(["Anna"]);
    const byName = await call("GET", url("/employees?search=Andersson"), { key: f.actor.key });
    expect(byName.body.data).toHaveLength(1);
  });

  it("finds by personnummer in a POST body, 10 or 12 digits, masked, for viewers too", async () => {
    const viewer = await viewerKey();
    for (const [key, personnummer] of [
      [f.actor.key, PNR],
      [f.actor.key, "850312-1231"],
      [viewer, "8503121231"],
    ]) {
      const res = await call("POST", url("/employees/search"), { key, body: { personnummer } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data).toHaveLength(1);
      expect(res.body.data[0]).toMatchObject({ first_name: "Anna", personnummer_masked: "19850312-XXXX" });
      expect(res.body.data[0].bank_account_number).toBe("*****6789");
      expect(res.body.data[0].personnummer).toBeUndefined();
    }
    const none = await call("POST", url("/employees/search"), {
      key: f.actor.key,
      body: { personnummer: "197511116787" },
    });
    expect(none.body.data).toEqual([]);
    const bad = await call("POST", url("/employees/search"), { key: f.actor.key, body: { personnummer: "Anna" } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("VALIDATION_ERROR");
  });
});
