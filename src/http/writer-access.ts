// The access answers this Worker isolate got from company writers (CompanyWriter.authorize),
// kept for a short while so that a company write makes ONE call to its writer (`execute`)
// instead of two (`authorize`, then `execute`).
//
// What is held here is only a guess, used to order the Worker's own checks (scope,
// membership 404, viewer 403, validation 400) exactly as the writer's answer would; it
// decides nothing on its own:
//   - `execute` verifies the access itself first, from the writer's exact AccessCache
//     (src/http/access.ts), before anything else, and answers 401/403/404 as the Worker
//     would (a revoked key does not even get a replay); the entry is then dropped here;
//   - a request that ends without reaching `execute` (a refusal in the Worker, a route
//     that does not dispatch) is verified with the writer's `authorize` before its
//     answer leaves (src/http/auth.ts), so a revoked key still gets 401, not a 400 about
//     its body.
// Only answers that let a write through (a valid key of a member who is not a viewer) are
// kept: a refusal always asks. Of what a held answer decides in the Worker, only the role
// can change (a key's scopes and mode, a company's sandbox flag never do; a revoked key
// or a downgraded role is caught as above), and a held role is never "viewer", so the
// Worker never refuses on a stale answer.
import type { Access, Membership } from "./access";

export const WRITER_ACCESS_TTL_MS = 60_000;
export const WRITER_ACCESS_MAX = 1000;

interface Held {
  key: NonNullable<Access["key"]>;
  membership: Membership;
  at: number;
}

const held = new Map<string, Held>();
const id = (keyHash: string, companyId: string) => `${keyHash}/${companyId}`;

/** The answer held for (key, company), if still fresh. */
export function heldAccess(keyHash: string, companyId: string, now = Date.now()): Access | null {
  const h = held.get(id(keyHash, companyId));
  if (!h) return null;
  if (now - h.at >= WRITER_ACCESS_TTL_MS) {
    held.delete(id(keyHash, companyId));
    return null;
  }
  return { key: h.key, membership: h.membership };
}

/** Keeps a writer's answer (a valid key of a member who may write), or drops the entry for any other. */
export function keepAccess(keyHash: string, companyId: string, access: Access, now = Date.now()): void {
  const k = id(keyHash, companyId);
  held.delete(k);
  if (!access.key || !access.membership || access.membership.role === "viewer") return;
  held.set(k, { key: access.key, membership: access.membership, at: now });
  for (const oldest of held.keys()) {
    if (held.size <= WRITER_ACCESS_MAX) break;
    held.delete(oldest);
  }
}

export function dropAccess(keyHash: string, companyId: string): void {
  held.delete(id(keyHash, companyId));
}

/**
 * A company write's access check, opened by authentication before the handler and closed
 * after it (src/http/auth.ts). The write's one call to its writer (`execute`, through
 * dispatch) verifies the access there; a request that ends without that call (a refusal in
 * the Worker, a route that does not dispatch) is verified after the handler instead, when
 * the access the Worker ordered its checks on came from this isolate's memory.
 */
export class WriterCheck {
  #verified = false;

  constructor(
    readonly keyHash: string,
    readonly companyId: string,
    /** whether the access came from this isolate's memory (heldAccess), not from the writer */
    readonly held: boolean,
  ) {}

  /** What `execute` must verify for a write to `companyId` by a route demanding `demand`. */
  demandFor<D extends object>(companyId: string, demand: D): (D & { keyHash: string }) | null {
    return companyId === this.companyId ? { keyHash: this.keyHash, ...demand } : null;
  }

  /** dispatch: the writer verified the access and answered `status`; a refusal is asked afresh next time. */
  verifiedBy(status: number, ok: boolean): void {
    this.#verified = true;
    if (!ok && (status === 401 || status === 403 || status === 404)) dropAccess(this.keyHash, this.companyId);
  }

  /** After the handler: the writer must still be asked when the answer rests on a held access it never saw. */
  get needsWriter(): boolean {
    return this.held && !this.#verified;
  }
}
