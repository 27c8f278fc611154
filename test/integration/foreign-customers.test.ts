// Issue 29 "Smaller": a business outside the EU (a Norwegian aksjeselskap) is registered
// with its own country's organisation number, checked by Norway's mod-11 rule and never
// by the Swedish Luhn check, and invoiced as an export: no VAT, box 36 / 40.
import { describe, expect, it } from "vitest";
import { call, companyFixture, countOf, day, entryLines, write, yearAroundToday } from "../helpers";

const f = companyFixture({ name: "Export AB", ...yearAroundToday() });
const url = (p: string) => `/api/v1/companies/${f.companyId}${p}`;

/** Equinor ASA, Enhetsregisteret 923 609 016 (check digit verified in test/unit/identity.test.ts). */
const EQUINOR = { name: "Equinor ASA", customer_type: "swedish_business", country: "NO", city: "Stavanger" };

async function boxes(date: string): Promise<Record<string, number>> {
  const res = await call("GET", url(`/reports/vat-declaration?from_date=${date}&to_date=${date}`), {
    key: f.actor.key,
  });
  expect(res.status).toBe(200);
  return Object.fromEntries(
    Object.entries(res.body.data.boxes as Record<string, { amount: number }>)
      .map(([b, v]) => [b, v.amount])
      .filter(([, v]) => v !== 0),
  );
}

describe("a Norwegian business customer", () => {
  it("is registered with its organisasjonsnummer, checked by mod 11 and stored as nine digits", async () => {
    const res = await write(f.actor.key, "POST", url("/customers"), { ...EQUINOR, org_number: "923 609 016" });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({ name: "Equinor ASA", country: "NO", org_number: "923609016" });
  });

  it("refuses a Norwegian number with a wrong check digit, and a Swedish number given for Norway, writing nothing", async () => {
    const before = await countOf("SELECT COUNT(*) AS n FROM customers WHERE company_id = ?", f.companyId);
    for (const org_number of ["923609017", "556103-4249"]) {
      const res = await write(f.actor.key, "POST", url("/customers"), { ...EQUINOR, name: "Fel AS", org_number });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("VALIDATION_ERROR");
      expect(JSON.stringify(res.body.error)).toContain("Norwegian organisasjonsnummer");
    }
    expect(await countOf("SELECT COUNT(*) AS n FROM customers WHERE company_id = ?", f.companyId)).toBe(before);
  });

  it("keeps the Swedish check for a business in Sweden", async () => {
    const res = await write(f.actor.key, "POST", url("/customers"), {
      name: "Kund AB",
      customer_type: "swedish_business",
      org_number: "923609016",
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("VALIDATION_ERROR");
  });

  it("is invoiced as an export: 0 % VAT, goods on 3105 (box 36), services on 3305 (box 40)", async () => {
    const customer = await write(f.actor.key, "POST", url("/customers"), {
      ...EQUINOR,
      name: "Norsk Hydro ASA",
      org_number: "914778271",
    });
    expect(customer.status, JSON.stringify(customer.body)).toBe(201);
    const date = day(-20);
    const created = await write(f.actor.key, "POST", url("/invoices"), {
      customer_id: customer.body.data.id,
      invoice_date: date,
      items: [
        { description: "Ventil", unit_price: 8000, supply_type: "goods" },
        { description: "Montering", unit_price: 2000, supply_type: "services" },
      ],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data.vat_amount).toBe(0);
    const sent = await write(f.actor.key, "POST", url(`/invoices/${created.body.data.id}/mark-sent`));
    expect(sent.status).toBe(200);
    expect(await entryLines(f.actor.key, f.companyId, sent.body.data.journal_entry_id)).toEqual({
      "1510": [10000, 0],
      "3105": [0, 8000],
      "3305": [0, 2000],
    });
    expect(await boxes(date)).toEqual({ "36": 8000, "40": 2000 });
  });

  it("refuses Swedish VAT on the export", async () => {
    const customer = await write(f.actor.key, "POST", url("/customers"), {
      ...EQUINOR,
      name: "DNB Bank ASA",
      org_number: "984851006",
    });
    expect(customer.status).toBe(201);
    const res = await write(f.actor.key, "POST", url("/invoices"), {
      customer_id: customer.body.data.id,
      invoice_date: day(-19),
      items: [{ description: "Rådgivning", unit_price: 1000, vat_rate: 0.25 }],
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("INVOICE_CREATE_VAT_RULE_VIOLATION");
  });
});
