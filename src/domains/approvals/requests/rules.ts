// Staged writes, as pure decisions (docs/approvals.md): whether the write an approver is about to
// commit is still the one that was staged. No I/O.

/** Keys whose values are expected to differ between the preview and the commit: the number taken, and timestamps. */
function volatile(key: string): boolean {
  return key === "voucher_number" || key.endsWith("_at");
}

/**
 * The paths where the write's answer now differs from the preview it was staged with, volatile
 * keys left out (a voucher number, a timestamp). Empty: the approver commits what was shown.
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
  return Object.is(preview, now) ? [] : [path || "."];
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
