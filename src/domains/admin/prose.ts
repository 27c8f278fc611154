// The OpenAPI prose of routes.ts, kept out of the route constants (issue #42).
import { prose } from "../../http/prose";

export const PROSE = {
  enrolMfaSummary: prose`
    Enrol the user's authenticator app for two-step verification (the secret is shown only in
    this response)
  `,
  enrolMfaDescription: prose`
    Generates a TOTP secret (RFC 6238: SHA-1, 6 digits, 30 s) and stores it encrypted; the
    user's authenticator reads otpauth_uri (a QR code) or the base32 secret. Active at once. A
    user who has enrolled re-enrols (a new phone) only with the current code of the old secret
    in X-Service-MFA, else 403 MFA_REQUIRED (429 MFA_TOO_MANY_ATTEMPTS after repeated wrong
    codes).
  `,
  createApiKeyDescription: prose`
    A live key needs the two-step verification of its user: X-Service-MFA with the current TOTP
    code of the user's authenticator (enrolled with POST /admin/v1/users/{id}/mfa), else 403
    MFA_REQUIRED. A test key (sandbox companies only) does not.
  `,
  setStagingDescription: prose`
    A key with staging has a journal entry's commit over its unattended limit (stage_over_limit),
    or any write of the commands it names (stage_writes), answered 202 with an approval request
    to the approvers instead (docs/approvals.md). null clears it: the key's commits over its limit
    are refused again (UNATTENDED_COMMIT_LIMIT_EXCEEDED). Takes effect at once.
  `,
  apiVersionField: prose`
    The dated API version the key's requests are answered in when they send no Service-Version
    header; default the current one. Unknown: VALIDATION_ERROR; retired: API_VERSION_RETIRED.
  `,
  setMemberDescription: prose`
    Adds the user with the role, or gives a member the role (201 either way). The last owner is
    never given a lower role (409 MEMBERSHIP_LAST_OWNER). Audited as the operator; events
    member.added or member.role_changed. See docs/platform.md.
  `,
  removeMemberDescription: prose`
    Ends the membership: the user's keys answer 404 for the company from their next request
    (their other companies are untouched, and no key is revoked). The last owner is never
    removed (409 MEMBERSHIP_LAST_OWNER). Audited as the operator; event member.removed. See
    docs/platform.md.
  `,
};

/** Each route's summary and description (routes.ts: `on.post(WRITE, path, DOCS.x)`). */
export const DOCS = {
  createUser: {
    summary: "Create a user",
  },
  enrolMfa: {
    summary: PROSE.enrolMfaSummary,
    description: PROSE.enrolMfaDescription,
  },
  createApiKey: {
    summary: "Create an API key (the key is shown only in this response)",
    description: PROSE.createApiKeyDescription,
  },
  revokeApiKey: {
    summary: "Revoke an API key at once",
  },
  setStaging: {
    summary: "Set (or, with null, clear) the writes an API key stages for approval",
    description: PROSE.setStagingDescription,
  },
  listMembers: {
    summary: "List a company's members and their roles",
  },
  setMember: {
    summary: "Add a user to a company, or change the user's role",
    description: PROSE.setMemberDescription,
  },
  removeMember: {
    summary: "Remove a member from a company",
    description: PROSE.removeMemberDescription,
  },
};
