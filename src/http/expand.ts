import { ApiError } from "../errors/api-error";

/** "supplier,items" -> the set of expansions; an unknown name is a VALIDATION_ERROR. */
export function parseExpand<T extends string>(raw: string | undefined, allowed: readonly T[]): Set<T> {
  const names = (raw ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = names.filter((n) => !allowed.includes(n as T));
  if (unknown.length)
    throw new ApiError("VALIDATION_ERROR", {
      fields: [{ path: "expand", message: `unknown expansion ${unknown.join(", ")}; allowed: ${allowed.join(", ")}` }],
    });
  return new Set(names as T[]);
}

/**
 * The expansions of one read that could not be fully resolved (spec: meta.partial_expansions):
 * a domain adds the name of an expansion when a related record it asked for is missing or
 * could be shown only in part, and the route hands `meta()` to the envelope. The read
 * itself still answers 200, so one broken link never hides the rest of a list.
 */
export class PartialExpansions {
  private readonly names = new Set<string>();

  add(name: string): void {
    this.names.add(name);
  }

  /** `{ partial_expansions: [...] }` when any expansion was partial, else nothing. */
  meta(): { partial_expansions?: string[] } {
    return this.names.size ? { partial_expansions: [...this.names].sort() } : {};
  }
}
