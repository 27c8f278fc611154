// The OAuth 2.1 server's pure decisions (docs/sign-in-and-oauth.md): which redirect URIs a client
// may register, which scopes a request may ask, and which companies a grant may bind. No I/O.
import { API_SCOPES } from "../scopes";

/**
 * A redirect URI a client may register (OAuth 2.1 §2.3.1, RFC 8252 §7.3): https with a host, or
 * http on a loopback address (localhost, 127.0.0.1, [::1]) for a native client; no fragment, no
 * credentials in it. Anything else (another scheme, plain http elsewhere) is refused. The URI a
 * request names must then equal a registered one exactly, character for character.
 */
export function redirectUriProblem(raw: string): string | null {
  if (raw.length > 2000) return "longer than 2000 characters";
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "not an absolute URI";
  }
  if (url.hash || raw.includes("#")) return "has a fragment";
  if (url.username || url.password) return "has credentials";
  if (url.protocol === "https:") return url.hostname ? null : "has no host";
  if (url.protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname)) return null;
  return "must be https, or http on a loopback address (localhost, 127.0.0.1, [::1])";
}

export type ScopeChoice = { scopes: string[] } | { invalid: string[] };

/** The scopes a request asks (space-separated); none asked: every scope of the API. */
export function chooseScopes(asked: string | null | undefined): ScopeChoice {
  const words = (asked ?? "").split(" ").filter(Boolean);
  if (words.length === 0) return { scopes: [...API_SCOPES] };
  const known = new Set<string>(API_SCOPES);
  const invalid = words.filter((w) => !known.has(w));
  return invalid.length ? { invalid } : { scopes: [...new Set(words)] };
}

export interface CompanyChoice {
  id: string;
  isSandbox: boolean;
}

/**
 * The companies picked on the consent page: at least one, each one the user belongs to, all live or
 * all sandbox (a token acts in one mode, as a key does). The grant's mode, or why not.
 */
export function grantMode(picked: string[], mine: CompanyChoice[]): { mode: "live" | "test" } | { problem: string } {
  if (picked.length === 0) return { problem: "no_company" };
  const byId = new Map(mine.map((c) => [c.id, c]));
  const chosen = picked.map((id) => byId.get(id));
  if (chosen.some((c) => !c)) return { problem: "not_a_member" };
  const sandbox = new Set(chosen.map((c) => c!.isSandbox));
  if (sandbox.size > 1) return { problem: "mixed_modes" };
  return { mode: chosen[0]!.isSandbox ? "test" : "live" };
}
