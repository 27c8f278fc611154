// Issue #40: an e-mail address with å, ä or ö in its local part (RFC 6531, SMTPUTF8) is an
// address, on a customer, a supplier, an employee and the company; what is not an address
// is still refused (src/http/fields.ts, EmailSchema).
import { describe, expect, it } from "vitest";
import { call, companyFixture, hire, write } from "../helpers";

const f = companyFixture({ name: "Åsa Öberg AB" });
const url = (p: string) => `/api/v1/companies/${f.companyId}${p}`;

// RFC 6531 3.3: the local part's atext is widened by UTF8-non-ascii; "ö" decomposed is o + U+0308
const ACCEPTED = ["åsa.öberg@exempel.se", "Märta_Ängström+lön@foretag.se", "bjo\u0308rn@exempel.se", "ola@exempel.se"];
// no "@", two of them, a space, an empty atom, a domain without a top level, a non-ASCII domain (give its xn-- form)
const REFUSED = [
  "åsa.exempel.se",
  "a@b@exempel.se",
  "åsa öberg@exempel.se",
  "åsa..öberg@exempel.se",
  "åsa@exempel",
  "åsa@exämpel.se",
];

describe("e-mail addresses with å, ä and ö (RFC 6531)", () => {
  it("are accepted on customers and suppliers, and kept as given", async () => {
    for (const email of ACCEPTED) {
      const customer = await write(f.actor.key, "POST", url("/customers"), {
        name: `Kund ${email}`,
        customer_type: "individual",
        email,
        default_payment_terms: 30,
      });
      expect(customer.status, JSON.stringify(customer.body)).toBe(201);
      expect(
        (await call("GET", url(`/customers/${customer.body.data.id}`), { key: f.actor.key })).body.data.email,
      ).toBe(email);
    }
    const supplier = await write(f.actor.key, "POST", url("/suppliers"), {
      name: "Leverantör AB",
      supplier_type: "swedish_business",
      email: ACCEPTED[0],
    });
    expect(supplier.status).toBe(201);
    expect(supplier.body.data.email).toBe(ACCEPTED[0]);
  });

  it("are accepted on an employee, created and patched", async () => {
    const employee = await hire(f, {
      first_name: "Åsa",
      last_name: "Öberg",
      personnummer: "198503121231",
      salary_type: "monthly",
      monthly_salary: 30000,
      tax_table_number: 33,
      email: ACCEPTED[0],
    });
    expect(employee.email).toBe(ACCEPTED[0]);
    const patched = await write(f.actor.key, "PATCH", url(`/employees/${employee.id}`), { email: ACCEPTED[1] });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect((await call("GET", url(`/employees/${employee.id}`), { key: f.actor.key })).body.data.email).toBe(
      ACCEPTED[1],
    );
  });

  it("still refuses what is not an address, storing nothing", async () => {
    const before = (await call("GET", url("/customers"), { key: f.actor.key })).body.data.length;
    for (const email of REFUSED) {
      const res = await write(f.actor.key, "POST", url("/customers"), {
        name: "Fel",
        customer_type: "individual",
        email,
        default_payment_terms: 30,
      });
      expect(res.status, email).toBe(400);
      expect(res.body.error.code).toBe("VALIDATION_ERROR");
      expect(res.body.error.details.fields[0].path).toBe("email");
    }
    expect((await call("GET", url("/customers"), { key: f.actor.key })).body.data.length).toBe(before);
  });
});
