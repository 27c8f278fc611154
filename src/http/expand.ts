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
