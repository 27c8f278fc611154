// The salary run's life cycle as a table (issue #42), like the invoice's: each state a run
// can be in, each step on it, and the answer: the state it moves to, or the refusal's code.
// Every row is driven through the API on a run of its own (a month of its own).
import { describe, expect, it } from "vitest";
import { call, companyFixture, hire, write } from "../helpers";

type Fixture = ReturnType<typeof companyFixture>;

type State = "draft" | "review" | "approved" | "paid" | "booked";
type Step = "calculate" | "approve" | "reopen" | "mark-paid" | "book";

/** A company of its own per starting state (a month is one run), its employee and the months it has used. */
const companies = new Map<State, { f: Fixture; employeeId: string; months: number }>();
const urlOf = (f: Fixture) => (p: string) => `/api/v1/companies/${f.companyId}${p}`;

/** A new run, for a month of 2026 no other row of its company has, brought to `state` by the API's own steps. */
async function runIn(from: State, state: State): Promise<string> {
  const c = companies.get(from) as { f: Fixture; employeeId: string; months: number };
  const { f } = c;
  const url = urlOf(f);
  c.employeeId ||= (
    await hire(f, {
      first_name: "Lena",
      last_name: "Lund",
      personnummer: "199209097899",
      salary_type: "monthly",
      monthly_salary: 30000,
      tax_table_number: 32,
    })
  ).id;
  const [year, month] = [2026, ++c.months];
  const made = await write(f.actor.key, "POST", url("/salary-runs"), {
    period_year: year,
    period_month: month,
    payment_date: `${year}-${String(month).padStart(2, "0")}-25`,
  });
  const id = made.body.data.id as string;
  const step = (s: string, body?: unknown) => write(f.actor.key, "POST", url(`/salary-runs/${id}/${s}`), body);
  await write(f.actor.key, "POST", url(`/salary-runs/${id}/employees`), { employees: [{ employee_id: c.employeeId }] });
  if (state !== "draft") await step("calculate");
  if (state === "approved" || state === "paid" || state === "booked") await step("approve");
  if (state === "paid" || state === "booked") await step("mark-paid", { settlement_account: "1930" });
  if (state === "booked") await step("book");
  expect((await call("GET", url(`/salary-runs/${id}`), { key: f.actor.key })).body.data.status).toBe(state);
  return id;
}

function perform(f: Fixture, id: string, step: Step) {
  const url = urlOf(f);
  const body = step === "mark-paid" ? { settlement_account: "1930" } : undefined;
  return write(f.actor.key, "POST", url(`/salary-runs/${id}/${step}`), body);
}

/** [from, step, HTTP status, refusal code or null, the state after]. */
const TABLE: [State, Step, number, string | null, State][] = [
  ["booked", "calculate", 400, "SALARY_RUN_CALCULATE_NOT_DRAFT", "booked"],
  ["booked", "approve", 400, "SALARY_RUN_APPROVE_NOT_REVIEW", "booked"],
  ["booked", "reopen", 400, "SALARY_RUN_REOPEN_INVALID_STATUS", "booked"],
  ["booked", "mark-paid", 409, "CONFLICT", "booked"],
  ["booked", "book", 400, "SALARY_RUN_BOOK_NOT_PAID", "booked"],
  ["paid", "calculate", 400, "SALARY_RUN_CALCULATE_NOT_DRAFT", "paid"],
  ["paid", "approve", 400, "SALARY_RUN_APPROVE_NOT_REVIEW", "paid"],
  ["paid", "reopen", 400, "SALARY_RUN_REOPEN_INVALID_STATUS", "paid"],
  ["paid", "mark-paid", 409, "CONFLICT", "paid"],
  ["paid", "book", 200, null, "booked"],
  ["approved", "calculate", 400, "SALARY_RUN_CALCULATE_NOT_DRAFT", "approved"],
  ["approved", "approve", 400, "SALARY_RUN_APPROVE_NOT_REVIEW", "approved"],
  ["approved", "reopen", 200, null, "draft"],
  ["approved", "mark-paid", 200, null, "paid"],
  ["approved", "book", 400, "SALARY_RUN_BOOK_NOT_PAID", "approved"],
  ["review", "calculate", 400, "SALARY_RUN_CALCULATE_NOT_DRAFT", "review"],
  ["review", "approve", 200, null, "approved"],
  ["review", "reopen", 200, null, "draft"],
  ["review", "mark-paid", 409, "CONFLICT", "review"],
  ["review", "book", 400, "SALARY_RUN_BOOK_NOT_PAID", "review"],
  ["draft", "calculate", 200, null, "review"],
  ["draft", "approve", 400, "SALARY_RUN_APPROVE_NOT_REVIEW", "draft"],
  ["draft", "reopen", 400, "SALARY_RUN_REOPEN_INVALID_STATUS", "draft"],
  ["draft", "mark-paid", 409, "CONFLICT", "draft"],
  ["draft", "book", 400, "SALARY_RUN_BOOK_NOT_PAID", "draft"],
];

// One company per starting state: a run is one a month, and each company's 2026 months
// (which the tax tables cover) are enough for its five rows.
describe("the salary run's life cycle", () => {
  const states = [...new Set(TABLE.map(([from]) => from))];
  for (const from of states)
    companies.set(from, { f: companyFixture({ name: `Lönecykel ${from} AB` }), employeeId: "", months: 0 });
  for (const from of states) {
    it(`from ${from}: every step moves it or is refused, and a refusal changes nothing`, async () => {
      const { f } = companies.get(from) as { f: Fixture };
      for (const [, step, status, code, after] of TABLE.filter(([s]) => s === from)) {
        const id = await runIn(from, from);
        const res = await perform(f, id, step);
        const now = (await call("GET", urlOf(f)(`/salary-runs/${id}`), { key: f.actor.key })).body.data.status;
        expect([step, res.status, res.body?.error?.code ?? null, now]).toEqual([step, status, code, after]);
      }
    }, 120_000);
  }

  it("covers every state and every step", () => {
    expect(new Set(TABLE.map(([s, a]) => `${s} ${a}`)).size).toBe(5 * 5);
  });
});
