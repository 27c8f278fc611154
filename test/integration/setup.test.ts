// What a new user meets first: the admin API's refusal of a wrong token, and the Swedish
// message of VALIDATION_ERROR, which says what is wrong as message_en does.
// (npm start's own checks, the encryption key and the minute schedule, are node scripts:
// see scripts/start.mjs and docs/reports-and-sie.md "Running it locally".)
import { describe, expect, it } from "vitest";
import { admin, call, newActor, newCompany, saleLines } from "../helpers";

describe("the admin API", () => {
  it("answers a wrong admin token with a hint about ADMIN_TOKEN, not about API keys", async () => {
    const res = await call("POST", "/admin/v1/users", {
      key: "not-the-admin-token",
      body: { email: "x@example.se", name: "X" },
    });
    expect(res.status).toBe(401);
    expect(res.body.error).toMatchObject({
      code: "UNAUTHORIZED",
      message: "Saknad eller felaktig admin-token.",
      message_en: "Missing or wrong admin token.",
      details: { credential: "admin_token" },
    });
    expect(res.body.error.recovery_hint).toContain("ADMIN_TOKEN");
    expect(res.body.error.recovery_hint).toContain("does not take API keys");
    // an API key is not an admin token either
    const actor = await newActor();
    const withKey = await call("GET", "/admin/v1/users", { key: actor.key });
    expect(withKey.status).toBe(401);
    expect(withKey.body.error.recovery_hint).toContain("ADMIN_TOKEN");
    // the right token still works
    expect(
      (await admin("POST", "/admin/v1/users", { email: `ok-${crypto.randomUUID()}@example.se`, name: "Ok" })).status,
    ).toBe(201);
  });

  it("keeps the API-key hint for the API itself", async () => {
    const res = await call("GET", "/api/v1/companies", { key: "sk_wrong" });
    expect(res.status).toBe(401);
    expect(res.body.error.message).toBe("Saknad eller ogiltig API-nyckel.");
    expect(res.body.error.recovery_hint).toContain("API key");
  });
});

describe("VALIDATION_ERROR in Swedish", () => {
  it("names the missing field and what is wrong with the others", async () => {
    const actor = await newActor();
    const c = await newCompany(actor.key, { name: "Validering AB" });
    const res = await call("POST", `/api/v1/companies/${c.id}/customers`, {
      key: actor.key,
      body: { customer_type: "swedish_business", default_payment_terms: -5 },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("VALIDATION_ERROR");
    expect(res.body.error.message).toMatch(/^Anropet innehåller ogiltiga värden: /);
    expect(res.body.error.message).toContain("fältet name saknas");
    expect(res.body.error.message).toContain("fältet default_payment_terms är för litet eller för kort");
    expect(res.body.error.message).not.toBe("Anropet innehåller ogiltiga värden.");
  });

  it("names a value that is not allowed, and a missing header", async () => {
    const actor = await newActor();
    const c = await newCompany(actor.key, { name: "Validering Två AB" });
    const bad = await call("POST", `/api/v1/companies/${c.id}/customers`, {
      key: actor.key,
      body: { name: "X", customer_type: "martian" },
    });
    expect(bad.body.error.message).toContain("fältet customer_type är inte ett tillåtet värde");
    const noKey = await call("POST", `/api/v1/companies/${c.id}/journal-entries`, {
      key: actor.key,
      body: {
        fiscal_period_id: c.fiscal_period.id,
        entry_date: "2026-03-01",
        description: "Kontant",
        lines: saleLines(),
      },
    });
    expect(noKey.status).toBe(400);
    expect(noKey.body.error.details.header).toBe("Idempotency-Key");
    expect(noKey.body.error.message).toContain("headern Idempotency-Key");
  });

  it("carries the reason of a rule refused inside a command (the report dates)", async () => {
    const actor = await newActor();
    const c = await newCompany(actor.key, { name: "Validering Tre AB" });
    const res = await call(
      "GET",
      `/api/v1/companies/${c.id}/reports/balance-sheet?period_id=${c.fiscal_period.id}&as_of=2027-05-01`,
      { key: actor.key },
    );
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain("fältet as_of");
    expect(res.body.error.message).toContain("must be within the period 2026-01-01..2026-12-31");
  });
});
