// The drafts a company's writer holds (src/writer/company-state.ts): filled only by a
// committed batch, from the writes (src/writer/write.ts) it carried, dropped when committed
// or cancelled and on any failure, the last HELD_DRAFTS of them.
import { describe, expect, it } from "vitest";
import { CompanyState, HELD_DRAFTS, type HeldDraft } from "../../src/writer/company-state";
import type { Database } from "../../src/db/client";
import type { Statement } from "../../src/db/statement";
import { Write } from "../../src/writer/write";

const draft = (id: string) => ({ entry: { id, status: "draft" }, lines: [] }) as unknown as HeldDraft;
const db = {} as Database;
const insert = {} as Statement;
const creates = (d: HeldDraft) => new Write({ statements: [insert], createdDrafts: [d] });
const changes = (id: string) => new Write({ statements: [], changedDrafts: [id] });

describe("drafts held by the company's state", () => {
  it("holds a draft only after its batch commits, never from a dry run or a batch that failed", () => {
    const state = new CompanyState("c");
    const dry = state.session(db, true);
    dry.committed([insert], [creates(draft("d1"))]);
    expect(state.draft("d1")).toBeUndefined();

    const failed = state.session(db, false);
    creates(draft("d1"));
    failed.failed();
    expect(state.draft("d1")).toBeUndefined();

    const left = state.session(db, false);
    creates(draft("d1"));
    left.committed([], []); // a bulk item refused after planning: its write is not in the plan
    expect(state.draft("d1")).toBeUndefined();

    const ok = state.session(db, false);
    ok.committed([insert], [creates(draft("d1"))]);
    expect(state.draft("d1")?.entry.id).toBe("d1");
    expect(state.session(db, false).heldDraft("d1")?.entry.id).toBe("d1");
  });

  it("drops a draft its batch commits or cancels, and all of them on forget", () => {
    const state = new CompanyState("c");
    state.draftsCommitted([draft("a"), draft("b")], []);
    const dry = state.session(db, true);
    dry.committed([], [changes("a")]);
    expect(state.draft("a")).toBeDefined();
    const commit = state.session(db, false);
    commit.committed([], [changes("a")]);
    expect(state.draft("a")).toBeUndefined();
    expect(state.draft("b")).toBeDefined();
    state.forget();
    expect(state.draft("b")).toBeUndefined();
  });

  it("holds the last HELD_DRAFTS drafts", () => {
    const state = new CompanyState("c");
    const ids = Array.from({ length: HELD_DRAFTS + 1 }, (_, i) => `d${i}`);
    state.draftsCommitted(ids.map(draft), []);
    expect(state.draft("d0")).toBeUndefined();
    expect(state.draft("d1")).toBeDefined();
    expect(state.draft(`d${HELD_DRAFTS}`)).toBeDefined();
  });
});
