// The invoice's life cycle as a table (issue #42), like the access gate's: each state an
// invoice can be in, each action on it, and the answer: the state it moves to, or the
// refusal's code. Every row is driven through the API on an invoice of its own.
import { describe, expect, it } from "vitest";
import { call, companyFixture, day, write, yearAroundToday } from "../helpers";

const f = companyFixture({ name: "Livscykel AB", ...yearAroundToday() });
const url = (p: string) => `/api/v1/companies/${f.companyId}${p}`;
const ITEMS = [{ description: "Konsulttimme", quantity: 1, unit_price: 1000, vat_rate: 0.25 }];

type State = "draft" | "cancelled" | "sent" | "partially_paid" | "paid" | "credited";
type Action = "patch" | "delete" | "mark-sent" | "mark-paid" | "credit";

let customerId = "";
async function customer(): Promise<string> {
  if (customerId) return customerId;
  const res = await write(f.actor.key, "POST", url("/customers"), {
    name: "Kund AB",
    customer_type: "swedish_business",
  });
  customerId = res.body.data.id;
  return customerId;
}

/** A new invoice brought to `state` by the API's own actions. */
async function invoiceIn(state: State): Promise<string> {
  const made = await write(f.actor.key, "POST", url("/invoices"), {
    customer_id: await customer(),
    invoice_date: day(0),
    items: ITEMS,
  });
  const id = made.body.data.id as string;
  const act = (a: string, body?: unknown) => write(f.actor.key, "POST", url(`/invoices/${id}/${a}`), body);
  if (state === "cancelled") await write(f.actor.key, "DELETE", url(`/invoices/${id}`));
  if (state !== "draft" && state !== "cancelled") await act("mark-sent");
  if (state === "partially_paid") await act("mark-paid", { amount: 100, payment_date: day(0) });
  if (state === "paid") await act("mark-paid", { payment_date: day(0) });
  if (state === "credited") await act("credit", { reason: "Fel kund" });
  const now = await call("GET", url(`/invoices/${id}`), { key: f.actor.key });
  expect(now.body.data.status).toBe(state);
  return id;
}

function perform(id: string, action: Action) {
  if (action === "patch") return write(f.actor.key, "PATCH", url(`/invoices/${id}`), { your_reference: "Anna" });
  if (action === "delete") return write(f.actor.key, "DELETE", url(`/invoices/${id}`));
  const body =
    action === "mark-paid"
      ? { amount: 1, payment_date: day(0) }
      : action === "credit"
        ? { reason: "Retur" }
        : undefined;
  return write(f.actor.key, "POST", url(`/invoices/${id}/${action}`), body);
}

/** [from, action, HTTP status, refusal code or null, the state after]. */
const TABLE: [State, Action, number, string | null, State][] = [
  ["draft", "patch", 200, null, "draft"],
  ["draft", "delete", 204, null, "cancelled"],
  ["draft", "mark-sent", 200, null, "sent"],
  ["draft", "mark-paid", 400, "INVOICE_PAID_NOT_PAYABLE", "draft"],
  ["draft", "credit", 400, "INVOICE_CREDIT_NOT_SENT", "draft"],
  ["cancelled", "patch", 409, "INVOICE_UPDATE_NOT_DRAFT", "cancelled"],
  ["cancelled", "delete", 400, "INVOICE_DELETE_NOT_DRAFT", "cancelled"],
  ["cancelled", "mark-sent", 400, "INVOICE_SEND_CANCELLED", "cancelled"],
  ["cancelled", "mark-paid", 400, "INVOICE_PAID_NOT_PAYABLE", "cancelled"],
  ["cancelled", "credit", 400, "INVOICE_CREDIT_NOT_SENT", "cancelled"],
  ["sent", "patch", 409, "INVOICE_UPDATE_NOT_DRAFT", "sent"],
  ["sent", "delete", 400, "INVOICE_DELETE_NOT_DRAFT", "sent"],
  ["sent", "mark-sent", 409, "INVOICE_ALREADY_SENT", "sent"],
  ["sent", "mark-paid", 200, null, "partially_paid"],
  ["sent", "credit", 201, null, "credited"],
  ["partially_paid", "patch", 409, "INVOICE_UPDATE_NOT_DRAFT", "partially_paid"],
  ["partially_paid", "delete", 400, "INVOICE_DELETE_NOT_DRAFT", "partially_paid"],
  ["partially_paid", "mark-sent", 409, "INVOICE_ALREADY_SENT", "partially_paid"],
  ["partially_paid", "mark-paid", 200, null, "partially_paid"],
  ["partially_paid", "credit", 201, null, "credited"],
  ["paid", "patch", 409, "INVOICE_UPDATE_NOT_DRAFT", "paid"],
  ["paid", "delete", 400, "INVOICE_DELETE_NOT_DRAFT", "paid"],
  ["paid", "mark-sent", 409, "INVOICE_ALREADY_SENT", "paid"],
  ["paid", "mark-paid", 400, "INVOICE_PAID_NOT_PAYABLE", "paid"],
  ["paid", "credit", 201, null, "credited"],
  ["credited", "patch", 409, "INVOICE_UPDATE_NOT_DRAFT", "credited"],
  ["credited", "delete", 400, "INVOICE_DELETE_NOT_DRAFT", "credited"],
  ["credited", "mark-sent", 409, "INVOICE_ALREADY_SENT", "credited"],
  ["credited", "mark-paid", 400, "INVOICE_PAID_NOT_PAYABLE", "credited"],
  ["credited", "credit", 400, "INVOICE_CREDIT_ALREADY_CREDITED", "credited"],
];

// One test per starting state: the fixture gives each test a key of its own, and a key
// may write 100 times a minute.
describe("the invoice's life cycle", () => {
  const states = [...new Set(TABLE.map(([from]) => from))];
  for (const from of states) {
    it(`from ${from}: every action moves it or is refused, and a refusal changes nothing`, async () => {
      for (const [, action, status, code, after] of TABLE.filter(([s]) => s === from)) {
        const id = await invoiceIn(from);
        const res = await perform(id, action);
        const now = (await call("GET", url(`/invoices/${id}`), { key: f.actor.key })).body.data.status;
        expect([action, res.status, res.body?.error?.code ?? null, now]).toEqual([action, status, code, after]);
      }
    }, 120_000);
  }

  it("covers every state and every action", () => {
    const pairs = new Set(TABLE.map(([s, a]) => `${s} ${a}`));
    const states: State[] = ["draft", "cancelled", "sent", "partially_paid", "paid", "credited"];
    const actions: Action[] = ["patch", "delete", "mark-sent", "mark-paid", "credit"];
    expect(pairs.size).toBe(states.length * actions.length);
  });
});
