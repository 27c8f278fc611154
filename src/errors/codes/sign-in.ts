// One area of the error catalogue (src/errors/catalogue.ts). Sign-in, sessions, passkeys and the
// account's own routes (docs/sign-in-and-oauth.md). The OAuth endpoints answer in RFC 6749's own
// error format ({ error, error_description }), not with these codes.
import { type CatalogueEntry, e } from "./entry";

export const SIGN_IN_ERRORS = {
  SESSION_REQUIRED: e(
    403,
    "Åtgärden kräver en inloggad session i tjänstens egna sidor.",
    "This action needs a signed-in session of the service's own pages.",
    "Sign in at /sign-in and act from the dashboard; API keys and OAuth tokens cannot manage keys, sessions or sign-in.",
  ),
  SIGN_IN_LINK_INVALID: e(
    400,
    "Inloggningslänken är okänd, redan använd eller för gammal.",
    "The sign-in link is unknown, already used or expired.",
    "Ask for a new link at /sign-in; a link works once, within 15 minutes.",
  ),
  SIGN_IN_FAILED: e(401, "Inloggningen misslyckades.", "Sign-in failed.", "Start again at /sign-in."),
  CSRF_CHECK_FAILED: e(
    403,
    "Formuläret kom inte från tjänstens egna sidor.",
    "The form did not come from the service's own pages.",
    "Reload the page and send the form again.",
  ),
  PASSKEY_VERIFICATION_FAILED: e(
    400,
    "Nyckeln (passkey) kunde inte verifieras.",
    "The passkey could not be verified.",
    "Try again; the challenge is valid for 5 minutes and is used once.",
  ),
  SIGN_IN_EMAIL_NOT_CONFIGURED: e(
    503,
    "Inloggningslänkar kan inte skickas: tjänsten har ingen e-posttjänst.",
    "Sign-in links cannot be sent: the service has no mail API.",
    "The operator sets EMAIL_API_URL and EMAIL_FROM; a registered passkey signs in without a link.",
  ),
} satisfies Record<string, CatalogueEntry>;
