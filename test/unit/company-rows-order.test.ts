// The order in which a company's tables are copied (parents first) and deleted (children
// first): src/db/company-rows.ts orderParentsFirst, on foreign keys given by hand.
import { describe, expect, it } from "vitest";
import { orderParentsFirst } from "../../src/db/company-rows";

const refs = (o: Record<string, string[]>) => new Map(Object.entries(o));

describe("orderParentsFirst", () => {
  it("puts every parent before its children, ties by name", () => {
    const order = orderParentsFirst(
      ["journal_lines", "journal_entries", "fiscal_periods", "companies", "customers"],
      refs({
        journal_lines: ["journal_entries"],
        journal_entries: ["fiscal_periods", "companies"],
        fiscal_periods: ["companies"],
      }),
    );
    expect(order).toEqual(["companies", "customers", "fiscal_periods", "journal_entries", "journal_lines"]);
  });

  it("ignores a table's reference to itself and references to tables outside the list", () => {
    const order = orderParentsFirst(
      ["journal_entries", "companies", "memberships_copy"],
      refs({ journal_entries: ["journal_entries", "companies"], memberships_copy: ["users", "companies"] }),
    );
    expect(order).toEqual(["companies", "journal_entries", "memberships_copy"]);
  });

  it("refuses a cycle between different tables with their names, and does not hang", () => {
    expect(() => orderParentsFirst(["a", "b", "c", "d"], refs({ a: ["c"], b: ["a"], c: ["b"], d: ["a"] }))).toThrow(
      "tables reference each other in a cycle, no order copies parents first: a, b, c, d",
    );
    expect(() => orderParentsFirst(["x", "y"], refs({ x: ["y"], y: ["x"] }))).toThrow(/cycle.*: x, y$/);
  });

  it("returns the same order whatever order the tables are given in", () => {
    const parents = refs({ b: ["a"], c: ["a"], d: ["b", "c"] });
    expect(orderParentsFirst(["d", "c", "b", "a"], parents)).toEqual(["a", "b", "c", "d"]);
    expect(orderParentsFirst(["a", "b", "c", "d"], parents)).toEqual(["a", "b", "c", "d"]);
    expect(orderParentsFirst([], parents)).toEqual([]);
  });
});
