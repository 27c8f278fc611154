// What npm start shows of the local server's output (scripts/start.mjs pipes the dev
// server's stdout and stderr through it). Two kinds of lines read as failures but are
// none, and a new user took them for broken installs (issue #40):
//
// - wrangler's "Unable to fetch the `Request.cf` object! Falling back to a default
//   placeholder" and the getaddrinfo stack under it: wrangler dev fetches request metadata
//   (country, colo) from workers.cloudflare.com at start; offline it uses a placeholder,
//   which this service never reads. Shown once, as a note.
// - workerd's "✘ [ERROR] ... failed to lookup address information" and its "stack:" line:
//   an outbound call whose host name did not resolve (offline: the VIES check of an EU
//   customer's VAT number, which the service treats as "not verified", or a webhook
//   delivery, which is retried). It becomes one "note:" line, so it is still seen.
//
// Every other line passes unchanged, real errors included.

const ANSI = /\u001b\[[0-9;]*m/g;
const plain = (line) => line.replace(ANSI, "");

const CF_WARNING = /Unable to fetch the `Request\.cf` object/;
const CF_FOLLOW = /^(Error: getaddrinfo \S+ workers\.cloudflare\.com|\s+at .*)$/;
const DNS_ERROR = /\[ERROR\].*failed to lookup address information/;
const DNS_FOLLOW = /^(\s*|\s+stack: .*)$/;

/**
 * A filter of lines: given one line (without its newline), the lines to print instead
 * (none, the line itself, or a note). It keeps state, so a warning's stack that follows
 * it is dropped with it; one filter a stream, `shared` across them (the note once).
 */
export function devOutputFilter(shared = { cfNoted: false }) {
  let swallowing = null; // the pattern of the lines that may follow what was just replaced
  return function filter(line) {
    const text = plain(line);
    if (swallowing) {
      if (swallowing.test(text)) return [];
      swallowing = null;
    }
    if (CF_WARNING.test(text)) {
      swallowing = CF_FOLLOW;
      if (shared.cfNoted) return [];
      shared.cfNoted = true;
      return [
        "npm start: note: offline, wrangler uses placeholder request metadata (Request.cf); harmless, the service does not read it.",
      ];
    }
    if (DNS_ERROR.test(text)) {
      swallowing = DNS_FOLLOW;
      return [
        "npm start: note: an outbound call found no such host (offline?); a VIES VAT-number check then stores vat_number_validated false, a webhook delivery is retried.",
      ];
    }
    return [line];
  };
}

/** Pipes a stream through the filter line by line into `out` (a partial last line waits for its end). */
export function pipeFiltered(stream, out, filter = devOutputFilter()) {
  let rest = "";
  stream.setEncoding("utf8");
  stream.on("data", (chunk) => {
    const lines = (rest + chunk).split("\n");
    rest = lines.pop() ?? "";
    for (const line of lines) for (const shown of filter(line)) out.write(`${shown}\n`);
  });
  stream.on("end", () => {
    if (rest) for (const shown of filter(rest)) out.write(`${shown}\n`);
  });
}
