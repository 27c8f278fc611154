// The fiscal period's life cycle as a table (issue #42), like the invoice's and the salary run's:
// each state a year can be in, each action on it, and the answer: the state it moves to, or the
// refusal's code and that the refusal changed nothing (the period as the API lists it and the
// company's entries). Every row is driven through the API on a company (a year) of its own,
// brought to its starting state by the API's own steps (docs/fiscal-year.md, "States").
import { describe, expect, it } from "vitest";
import { call, line, newActor, newCompany, postedEntry, settleOperation, write } from "../helpers";

type State = "open" | "lock_dated" | "locked" | "year_ended" | "closed" | "closed_externally" | "reopened";
type Action = "post" | "lock" | "unlock" | "close" | "reopen";

async function setUp(state: State) {
  // an actor each: a key's share of the 100-per-minute limit is not what is tested
  const actor = await newActor();
  const c = await newCompany(actor.key, { name: `Årscykel ${state} AB` });
  const pid = c.fiscal_period.id;
  const url = (p: string) => `/api/v1/companies/${c.id}${p}`;
  const step = async (p: string, body: unknown = {}) => {
    const res = await write(actor.key, "POST", url(`/fiscal-periods/${pid}/${p}`), body);
    expect(res.status, `${state}: ${p} ${JSON.stringify(res.body)}`).toBeLessThan(300);
    return res;
  };
  // a sale in February, so that the year has a result
  await postedEntry(actor.key, c.id, pid, {
    entry_date: "2026-02-10",
    lines: [line("1930", 1250, 0), line("3001", 0, 1000), line("2611", 0, 250)],
  });
  if (state === "lock_dated") await step("lock", { lock_date: "2026-03-31" });
  if (state !== "open" && state !== "lock_dated") {
    if (state === "closed_externally" || state === "reopened") {
      // the other program's bokslut: the result closed to 2099 by hand (8999 against 2099)
      await postedEntry(actor.key, c.id, pid, {
        entry_date: "2026-12-31",
        lines: [line("8999", 1000, 0), line("2099", 0, 1000)],
      });
    }
    await step("lock");
  }
  if (state === "year_ended" || state === "closed") {
    const started = await step("year-end");
    expect((await settleOperation(actor.key, started.body.data.operation_id)).status).toBe("succeeded");
  }
  if (state === "closed") await step("close");
  if (state === "closed_externally" || state === "reopened") await step("close", { closed_externally: true });
  if (state === "reopened") await step("reopen", { reason: "Rättelse av bokslutet" });
  return { actor, companyId: c.id, periodId: pid, url };
}

/** The period as the API lists it, and the company's number of entries: what a refusal must leave alone. */
async function snapshot(s: Awaited<ReturnType<typeof setUp>>) {
  const { actor } = s;
  const list = await call("GET", s.url("/fiscal-periods"), { key: actor.key });
  const p = list.body.data.fiscal_periods.find((x: any) => x.id === s.periodId);
  const entries = await call("GET", s.url(`/journal-entries?fiscal_period_id=${s.periodId}&limit=100`), {
    key: actor.key,
  });
  return { period: p, entries: entries.body.data.length };
}

/** The state the API shows, by the fields docs/fiscal-year.md names. */
function stateOf(p: any): State {
  if (p.is_closed) return p.closed_externally ? "closed_externally" : "closed";
  if (p.locked_at) return p.closing_entry_id ? "year_ended" : p.reopened_at ? "reopened" : "locked";
  return p.lock_date ? "lock_dated" : "open";
}

async function perform(s: Awaited<ReturnType<typeof setUp>>, action: Action) {
  const { actor } = s;
  if (action === "post") {
    const draft = await write(actor.key, "POST", s.url("/journal-entries"), {
      fiscal_period_id: s.periodId,
      entry_date: "2026-02-15",
      description: "Kontantförsäljning",
      lines: [line("1930", 125, 0), line("3001", 0, 100), line("2611", 0, 25)],
    });
    if (draft.status !== 201) return draft;
    return write(actor.key, "POST", s.url(`/journal-entries/${draft.body.data.id}/commit`));
  }
  const body = action === "reopen" ? { reason: "Rättelse" } : {};
  return write(actor.key, "POST", s.url(`/fiscal-periods/${s.periodId}/${action}`), body);
}

/**
 * [from, action, HTTP status, refusal code or null, the state after]. "post" is a draft dated
 * 2026-02-15 and its commit (inside the lock date of lock_dated, 2026-03-31). Locking a year
 * already locked as a whole answers 200 and writes nothing; unlocking a year-ended year opens it
 * (its closing entry then goes stale if anything is posted); only a year closed in another program
 * is reopened, and it comes back locked.
 */
const TABLE: [State, Action, number, string | null, State][] = [
  ["open", "post", 200, null, "open"],
  ["open", "lock", 200, null, "locked"],
  ["open", "unlock", 409, "PERIOD_UNLOCK_NOT_LOCKED", "open"],
  ["open", "close", 409, "CONFLICT", "open"],
  ["open", "reopen", 409, "PERIOD_REOPEN_NOT_CLOSED", "open"],
  ["lock_dated", "post", 400, "PERIOD_LOCKED", "lock_dated"],
  ["lock_dated", "lock", 200, null, "locked"],
  ["lock_dated", "unlock", 200, null, "open"],
  ["lock_dated", "close", 409, "CONFLICT", "lock_dated"],
  ["lock_dated", "reopen", 409, "PERIOD_REOPEN_NOT_CLOSED", "lock_dated"],
  ["locked", "post", 400, "PERIOD_LOCKED", "locked"],
  ["locked", "lock", 200, null, "locked"],
  ["locked", "unlock", 200, null, "open"],
  ["locked", "close", 409, "CONFLICT", "locked"],
  ["locked", "reopen", 409, "PERIOD_REOPEN_NOT_CLOSED", "locked"],
  ["year_ended", "post", 400, "PERIOD_LOCKED", "year_ended"],
  ["year_ended", "lock", 200, null, "year_ended"],
  ["year_ended", "unlock", 200, null, "open"],
  ["year_ended", "close", 200, null, "closed"],
  ["year_ended", "reopen", 409, "PERIOD_REOPEN_NOT_CLOSED", "year_ended"],
  ["closed", "post", 400, "PERIOD_LOCKED", "closed"],
  ["closed", "lock", 409, "PERIOD_LOCK_ALREADY_LOCKED", "closed"],
  ["closed", "unlock", 409, "PERIOD_UNLOCK_CLOSED", "closed"],
  ["closed", "close", 409, "CONFLICT", "closed"],
  ["closed", "reopen", 409, "PERIOD_REOPEN_NOT_EXTERNAL", "closed"],
  ["closed_externally", "post", 400, "PERIOD_LOCKED", "closed_externally"],
  ["closed_externally", "lock", 409, "PERIOD_LOCK_ALREADY_LOCKED", "closed_externally"],
  ["closed_externally", "unlock", 409, "PERIOD_UNLOCK_CLOSED", "closed_externally"],
  ["closed_externally", "close", 409, "CONFLICT", "closed_externally"],
  ["closed_externally", "reopen", 200, null, "reopened"],
  ["reopened", "post", 400, "PERIOD_LOCKED", "reopened"],
  ["reopened", "lock", 200, null, "reopened"],
  ["reopened", "unlock", 200, null, "open"],
  ["reopened", "close", 409, "CONFLICT", "reopened"],
  ["reopened", "reopen", 409, "PERIOD_REOPEN_NOT_CLOSED", "reopened"],
];

describe("the fiscal period's life cycle", () => {
  const states: State[] = ["open", "lock_dated", "locked", "year_ended", "closed", "closed_externally", "reopened"];
  const actions: Action[] = ["post", "lock", "unlock", "close", "reopen"];
  for (const from of states) {
    it(`from ${from}: every action moves it or is refused, and a refusal changes nothing`, async () => {
      for (const action of actions) {
        const s = await setUp(from);
        const before = await snapshot(s);
        expect(stateOf(before.period)).toBe(from);
        const res = await perform(s, action);
        const after = await snapshot(s);
        const got: [State, Action, number, string | null, State] = [
          from,
          action,
          res.status,
          res.body?.error?.code ?? null,
          stateOf(after.period),
        ];
        expect(got).toEqual(TABLE.find(([f, a]) => f === from && a === action));
        // a refusal changes nothing, nor does locking a year already locked as a whole (200, as it is)
        if (res.status >= 300 || (action === "lock" && before.period.locked_at)) expect(after).toEqual(before);
      }
    }, 180_000);
  }

  it("covers every state and every action", () => {
    expect(new Set(TABLE.map(([s, a]) => `${s} ${a}`)).size).toBe(7 * 5);
  });
});
