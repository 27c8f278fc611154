import { beforeAll, describe, expect, it } from "vitest";
import { runOperation } from "../../src/domains/operations/commands";
import { ApiError } from "../../src/errors/api-error";
import { call, newActor, newCompany, type Actor } from "../helpers";
import { booksDb, operationEnv } from "../books";

let actor: Actor;
let companyId: string;
const clock = () => new Date().toISOString();

async function queued(type: string) {
  const id = crypto.randomUUID();
  await booksDb
    .prepare(
      "INSERT INTO operations (id, company_id, type, status, request_id, created_at) VALUES (?, ?, ?, 'queued', 'req_test', ?)",
    )
    .bind(id, companyId, type, new Date().toISOString())
    .run();
  return id;
}

beforeAll(async () => {
  actor = await newActor();
  companyId = (await newCompany(actor.key)).id;
});

describe("operations", () => {
  it("goes queued -> running -> succeeded with progress and result, then never changes", async () => {
    const id = await queued("test.count");
    const before = await call("GET", `/api/v1/operations/${id}`, { key: actor.key });
    expect(before.body.data).toMatchObject({
      operation_id: id,
      status: "queued",
      started_at: null,
      completed_at: null,
      poll_url: `/api/v1/operations/${id}`,
      webhook_event: "operation.completed",
    });

    let seenRunning: any;
    const status = await runOperation(
      await operationEnv(id),
      id,
      {
        "test.count": async (op) => {
          await op.progress({ phase: "counting", current: 1, total: 2 });
          seenRunning = (await call("GET", `/api/v1/operations/${id}`, { key: actor.key })).body.data;
          return { counted: 2 };
        },
      },
      clock,
    );
    expect(status).toBe("succeeded");
    expect(seenRunning).toMatchObject({ status: "running", progress: { phase: "counting", current: 1, total: 2 } });
    expect(seenRunning.started_at).not.toBeNull();
    const after = await call("GET", `/api/v1/operations/${id}`, { key: actor.key });
    expect(after.body.data).toMatchObject({ status: "succeeded", result: { counted: 2 }, error: null });
    expect(after.body.data.completed_at).not.toBeNull();

    expect(
      await runOperation(await operationEnv(id), id, { "test.count": async () => ({ counted: 99 }) }, clock),
    ).toBeNull();
    await expect(
      booksDb.prepare("UPDATE operations SET status = 'failed' WHERE id = ?").bind(id).run(),
    ).rejects.toThrow(/terminal/);
  });

  it("fails with the handler's error code, or INTERNAL_ERROR for an unexpected one", async () => {
    const a = await queued("test.fail");
    await runOperation(
      await operationEnv(a),
      a,
      {
        "test.fail": async () => {
          throw new ApiError("SIE_IMPORT_DUPLICATE", { sha256: "x" });
        },
      },
      clock,
    );
    expect((await call("GET", `/api/v1/operations/${a}`, { key: actor.key })).body.data).toMatchObject({
      status: "failed",
      error: { code: "SIE_IMPORT_DUPLICATE", details: { sha256: "x" } },
      result: null,
    });
    const b = await queued("test.crash");
    await runOperation(
      await operationEnv(b),
      b,
      {
        "test.crash": async () => {
          throw new TypeError("boom");
        },
      },
      clock,
    );
    expect((await call("GET", `/api/v1/operations/${b}`, { key: actor.key })).body.data.error.code).toBe(
      "INTERNAL_ERROR",
    );
    const c = await queued("test.unknown");
    await runOperation(await operationEnv(c), c, {}, clock);
    expect((await call("GET", `/api/v1/operations/${c}`, { key: actor.key })).body.data.error.code).toBe(
      "NOT_IMPLEMENTED",
    );
  });

  it("runs again when its worker died (stale heartbeat), never twice at once", async () => {
    const id = await queued("test.resume");
    const now = new Date().toISOString();
    await booksDb
      .prepare("UPDATE operations SET status = 'running', started_at = ?, heartbeat_at = ? WHERE id = ?")
      .bind(now, now, id)
      .run();
    expect(
      await runOperation(await operationEnv(id), id, { "test.resume": async () => ({ resumed: true }) }, clock),
    ).toBe("busy");
    const old = new Date(Date.now() - 3 * 60_000).toISOString();
    await booksDb.prepare("UPDATE operations SET heartbeat_at = ? WHERE id = ?").bind(old, id).run();
    expect(
      await runOperation(await operationEnv(id), id, { "test.resume": async () => ({ resumed: true }) }, clock),
    ).toBe("succeeded");

    // two runners started together: one runs, the other is told it is busy
    const twice = await queued("test.once");
    let runs = 0;
    const handlers = { "test.once": async () => ({ runs: ++runs }) };
    const home = await operationEnv(twice);
    const outcomes = await Promise.all([
      runOperation(home, twice, handlers, clock),
      runOperation(home, twice, handlers, clock),
    ]);
    expect(runs).toBe(1);
    expect(outcomes.sort()).toEqual(["busy", "succeeded"]);
  });

  it("shows operations only to members of their company, and needs operations:read", async () => {
    const id = await queued("test.private");
    const stranger = await newActor();
    expect((await call("GET", `/api/v1/operations/${id}`, { key: stranger.key })).status).toBe(404);
    expect(
      (await call("GET", `/api/v1/operations/00000000-0000-4000-8000-000000000000`, { key: actor.key })).status,
    ).toBe(404);
    const noScope = await newActor({ scopes: ["reports:read"] });
    expect((await call("GET", `/api/v1/operations/${id}`, { key: noScope.key })).body.error.code).toBe(
      "INSUFFICIENT_SCOPE",
    );
  });
});
