import { describe, expect, it } from "vitest";
import { prose } from "../../src/http/prose";

describe("prose (OpenAPI text kept beside its routes)", () => {
  it("folds wrapped lines into one paragraph and keeps blank-line breaks", () => {
    const code = "PERIOD_LOCKED";
    const text = prose`
      One entry per month,
        dated the month's last day.
      Refusals: ${code}.

      A dry run writes nothing.
    `;
    expect(text).toBe(
      "One entry per month, dated the month's last day. Refusals: PERIOD_LOCKED.\n\nA dry run writes nothing.",
    );
  });

  it("leaves a one-line text as it is", () => {
    expect(prose`Cancel a spread`).toBe("Cancel a spread");
  });
});
