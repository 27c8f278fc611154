// The bands a wide table is cut into (src/domains/reports/table-pdf.ts): as few as the widths
// allow, as even as they allow, every column once and in order.
import { describe, expect, it } from "vitest";
import { columnBands, groupedBands } from "../../src/domains/reports/table-pdf";

describe("columnBands", () => {
  it("keeps a table that fits in one band", () => {
    expect(columnBands([50, 50, 60], 200)).toEqual([[0, 1, 2]]);
  });

  it("cuts 13 columns that need two bands 7 and 6, not 12 and 1", () => {
    // 12 columns of 50 fit in 600; the 13th does not
    const bands = columnBands(Array(13).fill(50), 600);
    expect(bands.map((b) => b.length)).toEqual([7, 6]);
    expect(bands.flat()).toEqual([...Array(13).keys()]);
  });

  it("evens two bands where they fit, and falls back to the fewest where even ones would need more", () => {
    expect(columnBands([100, 10, 10, 100], 120)).toEqual([
      [0, 1],
      [2, 3],
    ]);
    // three a band would make three bands ([0] [1,2,3] [4]); the greedy cut makes two
    expect(columnBands([100, 100, 10, 10, 10], 130)).toEqual([[0], [1, 2, 3, 4]]);
  });

  it("gives a column wider than the room a band of its own", () => {
    expect(columnBands([300, 50], 200)).toEqual([[0], [1]]);
  });
});

describe("groupedBands", () => {
  it("cuts between groups of columns, never inside one", () => {
    // four objects of outcome, budget and difference (50 each) and the total's three: 150 a group;
    // 400 points hold two groups, so 5 groups go 2, 2 and 1 (as even as three bands allow: 2, 2, 1)
    const bands = groupedBands(Array(15).fill(50), 400, 3);
    expect(bands).toEqual([
      [0, 1, 2, 3, 4, 5],
      [6, 7, 8, 9, 10, 11],
      [12, 13, 14],
    ]);
    // ungrouped, the same widths would cut a group in two (8 columns a band: 0–7, 8–14)
    expect(columnBands(Array(15).fill(50), 400)[0]).toHaveLength(8);
  });

  it("is columnBands for a group of one", () => {
    expect(groupedBands([100, 10, 10, 100], 120, 1)).toEqual(columnBands([100, 10, 10, 100], 120));
  });
});
