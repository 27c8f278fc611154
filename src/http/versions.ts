// Dated API versions inside /api/v1 (spec: Versioning). Each version has its release date
// and, once announced, its retirement date. Which version a request is answered in:
//   1. the `Service-Version` request header, when sent (unknown → 400 VALIDATION_ERROR);
//   2. else the version the API key was created under (api_keys.api_version);
//   3. else (no key: health, the catalogue, the OpenAPI document) the current version.
// A retired version is answered 410 API_VERSION_RETIRED; from three months before its
// retirement date every response in it carries `Service-Deprecation: <retirement date>`
// (spec: Versioning 5). "Now" is the one clock (src/clock.ts), so a test can move past
// the dates with shiftClock, and the table can be replaced for a test (useVersionTable).
import { nowIso } from "../clock";
import { ApiError } from "../errors/api-error";

export interface ApiVersion {
  /** the version's name: its release date, YYYY-MM-DD */
  version: string;
  /** the first day the version answers 410 (announced in the release notes); null while none is announced */
  retiresOn: string | null;
}

/**
 * The versions this service answers, oldest first; the last is the current one, which new
 * keys and webhooks are pinned to. 2026-05-12 is the first stable release (spec: Versioning 7).
 */
export const API_VERSIONS: readonly ApiVersion[] = [{ version: "2026-05-12", retiresOn: null }];

/** How long before its retirement a version's responses say so (spec: Versioning 5). */
export const DEPRECATION_NOTICE_MONTHS = 3;

const VERSION_FORMAT = /^\d{4}-\d{2}-\d{2}$/;

let table: readonly ApiVersion[] = API_VERSIONS;

/** Replaces the version table (tests only; the Worker never calls it). Returns the one it replaced. */
export function useVersionTable(next: readonly ApiVersion[]): readonly ApiVersion[] {
  const previous = table;
  table = next;
  return previous;
}

/** The version new keys and webhooks are pinned to: the newest in the table. */
export function currentVersion(): string {
  return table[table.length - 1].version;
}

export function knownVersion(version: string): ApiVersion | null {
  return table.find((v) => v.version === version) ?? null;
}

/** The date `months` calendar months before `date` (YYYY-MM-DD), the day clamped to the month's end. */
export function monthsBefore(date: string, months: number): string {
  const [y, m, d] = date.split("-").map(Number);
  const first = new Date(Date.UTC(y, m - 1 - months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, lastDay));
  return first.toISOString().slice(0, 10);
}

/** A version is retired from its retirement date on (UTC). */
export function isRetired(v: ApiVersion, today: string): boolean {
  return v.retiresOn !== null && today >= v.retiresOn;
}

/** The `Service-Deprecation` value for a version on `today`: its retirement date within the notice, else null. */
export function deprecationNotice(v: ApiVersion, today: string): string | null {
  if (v.retiresOn === null) return null;
  return today >= monthsBefore(v.retiresOn, DEPRECATION_NOTICE_MONTHS) ? v.retiresOn : null;
}

/**
 * The version a request is answered in: the header's when sent, else the key's pinned one,
 * else the current one. An unknown header value is VALIDATION_ERROR; a retired version
 * (asked for, or the key's) is API_VERSION_RETIRED, which names the current version.
 */
export function resolveVersion(header: string | undefined, keyVersion: string | null): ApiVersion {
  const today = nowIso().slice(0, 10);
  const asked = header?.trim();
  let v: ApiVersion | null;
  if (asked !== undefined && asked !== "") {
    v = VERSION_FORMAT.test(asked) ? knownVersion(asked) : null;
    if (!v)
      throw new ApiError(
        "VALIDATION_ERROR",
        { header: "Service-Version", received: asked, known_versions: table.map((k) => k.version) },
        `Service-Version ${asked} is not a version of this API.`,
      ).withTexts({
        sv: `Service-Version ${asked} är ingen version av detta API.`,
        hint: `Send one of the versions in details.known_versions, or leave the header out to use the API key's version.`,
      });
  } else {
    // a key pinned to a version since removed from the table is answered in the current one
    v = (keyVersion && knownVersion(keyVersion)) || knownVersion(currentVersion())!;
  }
  if (isRetired(v, today))
    throw new ApiError(
      "API_VERSION_RETIRED",
      {
        version: v.version,
        retired_on: v.retiresOn,
        current_version: currentVersion(),
        source: asked ? "Service-Version header" : "api_key",
      },
      `API version ${v.version} was retired on ${v.retiresOn}.`,
    ).withTexts({
      sv: `API-versionen ${v.version} avvecklades ${v.retiresOn}.`,
      hint: `Send Service-Version: ${currentVersion()} (after adapting to its changes), or create a key pinned to it.`,
    });
  return v;
}
