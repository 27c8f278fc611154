// The salary run's pain.001.001.03 file through the API, parsed back with fast-xml-parser and
// checked field by field. Net pay computed by hand (Skatteverket's 2026 monthly tables):
//   Anna Andersson 35 000, table 33 col 1: tax 7 134, net 27 866.00
//   Sven Senior    30 100, table 34 col 3 (born 1950): tax 2 868, net 27 232.00, plus 450.50 mileage = 27 682.50
// Control sum 55 548.50.
import { describe, expect, it } from "vitest";
import { call, companyFixture, write } from "../helpers";
import { parsePain001 as parse } from "../iso20022-files";

const f = companyFixture({ name: "Betalbolaget AB" });
const url = (p: string) => `/api/v1/companies/${f.companyId}${p}`;

async function employee(body: Record<string, unknown>) {
  const res = await write(f.actor.key, "POST", url("/employees"), { employment_start: "2020-01-01", ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; clearing_number: string; bank_account_number: string };
}

describe("GET .../salary-runs/{id}/payment-file", () => {
  it("answers the run's net pay as pain.001 from the company's account, one transfer per employee", async () => {
    const anna = await employee({
      first_name: "Anna",
      last_name: "Andersson",
      personnummer: "198503121231",
      salary_type: "monthly",
      monthly_salary: 35000,
      tax_table_number: 33,
      clearing_number: "6000",
      bank_account_number: "123456789",
    });
    const sven = await employee({
      first_name: "Sven",
      last_name: "Senior",
      personnummer: "195001013456",
      salary_type: "monthly",
      monthly_salary: 30100,
      tax_table_number: 34,
      clearing_number: "3000",
      bank_account_number: "1111116",
    });
    const run = await write(f.actor.key, "POST", url("/salary-runs"), {
      period_year: 2026,
      period_month: 4,
      payment_date: "2026-04-24",
    });
    const R = (p = "") => url(`/salary-runs/${run.body.data.id}${p}`);
    expect((await write(f.actor.key, "POST", R("/employees"), { all_active: true })).status).toBe(200);
    expect(
      (
        await write(f.actor.key, "POST", R(`/employees/${sven.id}/line-items`), {
          item_type: "mileage_allowance",
          amount: 450.5,
        })
      ).status,
    ).toBe(201);

    const draft = await call("GET", R("/payment-file"), { key: f.actor.key });
    expect([draft.status, draft.body.error.code, draft.body.error.details.status]).toEqual([409, "CONFLICT", "draft"]);
    expect((await write(f.actor.key, "POST", R("/calculate"))).status).toBe(200);
    expect((await write(f.actor.key, "POST", R("/approve"))).status).toBe(200);

    const noAccount = await call("GET", R("/payment-file"), { key: f.actor.key });
    expect([noAccount.status, noAccount.body.error.details]).toEqual([409, { company: "bank_account_missing" }]);

    const settings = await write(f.actor.key, "PATCH", url("/settings"), {
      iban: "SE4550000000058398257466",
      bic: "ESSESESS",
      bank_clearing_number: "5000",
      bank_account_number: "58398257466",
    });
    expect(settings.status, JSON.stringify(settings.body)).toBe(200);

    const res = await call("GET", R("/payment-file"), { key: f.actor.key });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toContain("application/xml");
    expect(res.headers.get("Content-Disposition")).toBe('attachment; filename="lon-2026-04-pain001.xml"');
    const doc = parse(res.body);
    expect(doc.GrpHdr).toMatchObject({
      NbOfTxs: "2",
      CtrlSum: "55548.50",
      InitgPty: { Nm: "Betalbolaget AB", Id: { OrgId: { Othr: { Id: "5560160680", SchmeNm: { Cd: "BANK" } } } } },
    });
    expect(doc.GrpHdr.MsgId).toMatch(/^L\d{14}[0-9a-f]{20}$/);
    expect(doc.GrpHdr.CreDtTm).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
    expect(doc.PmtInf).toHaveLength(1);
    const p = doc.PmtInf[0];
    expect(p).toMatchObject({
      PmtInfId: run.body.data.id.replace(/-/g, ""),
      PmtMtd: "TRF",
      NbOfTxs: "2",
      CtrlSum: "55548.50",
      PmtTpInf: { SvcLvl: { Cd: "NURG" }, CtgyPurp: { Cd: "SALA" } },
      ReqdExctnDt: "2026-04-24",
      Dbtr: { Nm: "Betalbolaget AB" },
      DbtrAcct: { Id: { IBAN: "SE4550000000058398257466" }, Ccy: "SEK" },
      DbtrAgt: { FinInstnId: { BIC: "ESSESESS" } },
      ChrgBr: "SLEV",
    });
    const members = (await call("GET", R("/employees"), { key: f.actor.key })).body.data as {
      employee_id: string;
      salary_run_employee_id: string;
      net_salary: number;
    }[];
    const sreOf = (id: string) => members.find((m) => m.employee_id === id)!.salary_run_employee_id.replace(/-/g, "");
    expect(members.map((m) => [m.employee_id, m.net_salary]).sort()).toEqual(
      [
        [anna.id, 27866],
        [sven.id, 27682.5],
      ].sort(),
    );
    expect(p.CdtTrfTxInf).toEqual([
      {
        PmtId: { EndToEndId: sreOf(anna.id) },
        Amt: { InstdAmt: { "@_Ccy": "SEK", "#text": "27866.00" } },
        CdtrAgt: {
          FinInstnId: { ClrSysMmbId: { ClrSysId: { Cd: "SESBA" }, MmbId: anna.clearing_number.slice(0, 4) } },
        },
        Cdtr: { Nm: "Anna Andersson" },
        CdtrAcct: {
          Id: {
            Othr: {
              // the answers mask the account number (issue #34); the file carries the full one
              Id: `${anna.clearing_number}123456789`,
              SchmeNm: { Cd: "BBAN" },
            },
          },
        },
        RmtInf: { Ustrd: "Lön 2026-04" },
      },
      {
        PmtId: { EndToEndId: sreOf(sven.id) },
        Amt: { InstdAmt: { "@_Ccy": "SEK", "#text": "27682.50" } },
        CdtrAgt: { FinInstnId: { ClrSysMmbId: { ClrSysId: { Cd: "SESBA" }, MmbId: "3000" } } },
        Cdtr: { Nm: "Sven Senior" },
        CdtrAcct: {
          Id: { Othr: { Id: "30001111116", SchmeNm: { Cd: "BBAN" } } },
        },
        RmtInf: { Ustrd: "Lön 2026-04" },
      },
    ]);
    expect(anna.clearing_number).toBe("6000");

    // another execution date; the company's Swedish account when it has no IBAN
    await write(f.actor.key, "PATCH", url("/settings"), { iban: null, bic: null });
    const bban = parse((await call("GET", R("/payment-file?execution_date=2026-04-27"), { key: f.actor.key })).body)
      .PmtInf[0];
    expect(bban).toMatchObject({
      ReqdExctnDt: "2026-04-27",
      DbtrAcct: { Id: { Othr: { Id: "500058398257466", SchmeNm: { Cd: "BBAN" } } }, Ccy: "SEK" },
      DbtrAgt: { FinInstnId: { Othr: { Id: "NOTPROVIDED" } } },
    });
    const badDate = await call("GET", R("/payment-file?execution_date=27-04-2026"), { key: f.actor.key });
    expect([badDate.status, badDate.body.error.code]).toEqual([400, "VALIDATION_ERROR"]);
  });
});
