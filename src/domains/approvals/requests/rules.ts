// Staged writes, as pure decisions (docs/approvals.md): whether the write an approver is about to
// commit is still the one that was staged. No I/O.

/** Numbers a write takes when it is made: a voucher's, a supplier invoice's arrival number, an invoice's. */
const TAKEN_NUMBERS = new Set(["voucher_number", "arrival_number", "invoice_number"]);

/** Keys whose values are expected to differ between the preview and the commit: numbers taken, and timestamps. */
function volatile(key: string): boolean {
  return TAKEN_NUMBERS.has(key) || key.endsWith("_at");
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The paths where the write's answer now differs from the preview it was staged with, what the
 * write makes anew left out (a number it takes, a timestamp, a new row's id). Empty: the approver
 * commits what was shown.
 */
export function previewDrift(preview: unknown, now: unknown, path = ""): string[] {
  if (Array.isArray(preview) && Array.isArray(now)) {
    if (preview.length !== now.length) return [path || "."];
    return preview.flatMap((p, i) => previewDrift(p, now[i], `${path}[${i}]`));
  }
  if (isObject(preview) && isObject(now)) {
    const keys = [...new Set([...Object.keys(preview), ...Object.keys(now)])].filter((k) => !volatile(k)).sort();
    return keys.flatMap((k) => previewDrift(preview[k], now[k], path ? `${path}.${k}` : k));
  }
  // two different ids: rows the write makes get new ids each time it is planned
  if (typeof preview === "string" && typeof now === "string" && UUID.test(preview) && UUID.test(now)) return [];
  return Object.is(preview, now) ? [] : [path || "."];
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
