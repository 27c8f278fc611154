// One area of the error catalogue (src/errors/catalogue.ts). Who asks and may they:
// validation, authentication, scopes, roles, two-step verification, API versions, members.
import { type CatalogueEntry, e } from "./entry";

export const ACCESS_ERRORS = {
  // Generic
  COMPANY_CONTEXT_MISSING: e(
    400,
    "Företaget saknas i anropet.",
    "The request names no company.",
    "Call the company-scoped path /api/v1/companies/{companyId}/...",
  ),
  VALIDATION_ERROR: e(
    400,
    "Anropet innehåller ogiltiga värden.",
    "The request contains invalid values.",
    "Correct the fields listed in details and send the request again.",
  ),
  UNAUTHORIZED: e(
    401,
    "Saknad eller ogiltig API-nyckel.",
    "Missing or invalid API key.",
    "Send Authorization: Bearer <API key> with a key that has not been revoked.",
  ),
  FORBIDDEN: e(
    403,
    "Din roll i företaget tillåter inte detta.",
    "Your role in this company does not allow this action.",
    "Ask an owner or admin of the company for a role that may write.",
  ),
  INSUFFICIENT_SCOPE: e(
    403,
    "API-nyckeln saknar behörighet för detta.",
    "The API key lacks the scope this endpoint requires.",
    "Create a key with the scope named in details.required_scope.",
  ),
  MFA_REQUIRED: e(
    403,
    "Åtgärden kräver tvåstegsverifiering.",
    "This action requires two-step verification.",
    "Send X-Service-MFA with the current code of the user's authenticator app (enrol it first: POST /admin/v1/users/{id}/mfa).",
  ),
  MFA_TOO_MANY_ATTEMPTS: e(
    429,
    "För många felaktiga koder för tvåstegsverifiering. Vänta och försök igen.",
    "Too many wrong two-step verification codes for this user. Wait and try again.",
    "Wait the number of seconds in Retry-After, then send the code the user's authenticator app shows at that time.",
  ),
  UNATTENDED_COMMIT_LIMIT_EXCEEDED: e(
    403,
    "Verifikationens belopp överstiger nyckelns gräns för obevakad bokföring.",
    "The entry exceeds the key's unattended commit limit.",
    "The draft is kept; a person with a key without this limit can commit it.",
  ),
  NOT_FOUND: e(
    404,
    "Resursen finns inte.",
    "The resource does not exist.",
    "Check the id and that it belongs to the company in the URL.",
  ),
  CONFLICT: e(
    409,
    "Åtgärden krockar med resursens nuvarande tillstånd.",
    "The action conflicts with the resource's current state.",
    "Read the resource again and act on its current state.",
  ),
  IDEMPOTENCY_KEY_REUSE: e(
    409,
    "Idempotensnyckeln har redan använts med ett annat innehåll.",
    "The Idempotency-Key was already used with a different request body.",
    "Use a new Idempotency-Key for a different request.",
  ),
  RATE_LIMITED: e(
    429,
    "För många anrop. Vänta och försök igen.",
    "Too many requests. Wait and try again.",
    "Wait the number of seconds in Retry-After.",
  ),
  COMPANY_MOVING: e(
    503,
    "Företagets bokföring flyttas till en annan databas. Försök igen om en stund.",
    "The company's books are being moved to another database. Try again shortly.",
    "Wait the number of seconds in Retry-After and retry with the same Idempotency-Key; reads are answered during the move.",
  ),
  DATABASE_NOT_MIGRATED: e(
    503,
    "Databasen saknar en migrering som tjänsten kräver.",
    "The database lacks a migration this version of the service requires.",
    "Retry later: the operator's deploy step migrates every database (docs/scaling.md).",
  ),
  INTERNAL_ERROR: e(
    500,
    "Ett internt fel uppstod. Inget har ändrats.",
    "An internal error occurred. Nothing was changed.",
    "Retry with the same Idempotency-Key; report the request_id if it persists.",
  ),
  UNKNOWN_ERROR: e(
    500,
    "Ett okänt fel uppstod.",
    "An unknown error occurred.",
    "Retry with the same Idempotency-Key; report the request_id if it persists.",
  ),
  NOT_IMPLEMENTED: e(
    501,
    "Funktionen finns inte.",
    "This capability is not implemented.",
    "Use the documented alternative named in the message.",
  ),
  API_VERSION_RETIRED: e(
    410,
    "API-versionen är avvecklad.",
    "This API version is retired.",
    "Upgrade to the current API version.",
  ),
  // Members (issue #41 item 12, docs/platform.md "Members and roles")
  MEMBERSHIP_LAST_OWNER: e(
    409,
    "Företagets sista ägare kan inte tas bort eller få en lägre roll.",
    "The company's last owner cannot be removed or given a lower role.",
    "Make another member an owner first (PATCH .../members/{userId} with role owner), then change or remove this one.",
  ),
} satisfies Record<string, CatalogueEntry>;
