// The webhook address guard: which addresses a webhook may reach. Every IPv6 form
// that carries an IPv4 address must be judged by that IPv4 address, written the way
// a URL parser or a resolver hands it over.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { checkUrlShape, checkWebhookUrl, isPublicAddress } from "../../src/domains/webhooks/address";

/**
 * Each IPv4 target in the forms that carry it. The hex pairs and the Teredo client
 * (the bit-inverted last 32 bits, RFC 4380 4) are written out by hand on purpose.
 */
const FORMS: [target: string, forms: string[]][] = [
  [
    "127.0.0.1",
    [
      "127.0.0.1",
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
      "[::ffff:7f00:1]",
      "[::FFFF:7F00:1]",
      "0:0:0:0:0:ffff:7f00:1",
      "::127.0.0.1",
      "::7f00:1",
      "[::7f00:1]",
      "::ffff:0:7f00:1",
      "64:ff9b::7f00:1",
      "64:ff9b::127.0.0.1",
      "[64:FF9B::7F00:1]",
      "2002:7f00:1::",
      "2002:7f00:1:1::1",
      "[2002:7F00:0001::]",
      "2001:0:4136:e378:8000:63bf:80ff:fffe",
      "[2001:0:4136:E378:8000:63BF:80FF:FFFE]",
    ],
  ],
  [
    "10.0.0.1",
    [
      "10.0.0.1",
      "::ffff:10.0.0.1",
      "::ffff:a00:1",
      "[::ffff:a00:1]",
      "::a00:1",
      "::10.0.0.1",
      "::ffff:0:a00:1",
      "64:ff9b::a00:1",
      "2002:a00:1::",
      "2001:0:4136:e378:8000:63bf:f5ff:fffe",
    ],
  ],
  [
    "169.254.169.254",
    [
      "169.254.169.254",
      "::ffff:169.254.169.254",
      "::ffff:a9fe:a9fe",
      "[::FFFF:A9FE:A9FE]",
      "::a9fe:a9fe",
      "::ffff:0:a9fe:a9fe",
      "64:ff9b::a9fe:a9fe",
      "2002:a9fe:a9fe::",
      "2001:0:4136:e378:8000:63bf:5601:5601",
    ],
  ],
  [
    "192.168.1.1",
    [
      "192.168.1.1",
      "::ffff:192.168.1.1",
      "::ffff:c0a8:101",
      "[::ffff:c0a8:101]",
      "::c0a8:101",
      "::ffff:0:c0a8:101",
      "64:ff9b::c0a8:101",
      "2002:c0a8:101::1",
      "2001:0:4136:e378:8000:63bf:3f57:fefe",
    ],
  ],
  [
    "100.64.0.1",
    [
      "100.64.0.1",
      "::ffff:100.64.0.1",
      "::ffff:6440:1",
      "::6440:1",
      "::ffff:0:6440:1",
      "64:ff9b::6440:1",
      "2002:6440:1::",
      "2001:0:4136:e378:8000:63bf:9bbf:fffe",
    ],
  ],
  [
    "0.0.0.0",
    [
      "0.0.0.0",
      "::ffff:0.0.0.0",
      "::ffff:0:0",
      "::",
      "[::]",
      "::ffff:0:0:0",
      "64:ff9b::",
      "2002::",
      "2001:0:4136:e378:8000:63bf:ffff:ffff",
    ],
  ],
];

/** The same forms around a public IPv4 address all pass. */
const PUBLIC_FORMS = [
  "8.8.8.8",
  "::ffff:8.8.8.8",
  "::ffff:808:808",
  "[::FFFF:808:808]",
  "::808:808",
  "::ffff:0:808:808",
  "64:ff9b::808:808",
  "2002:808:808::1",
  "2001:0:4136:e378:8000:63bf:f7f7:f7f7",
];

const PUBLIC = [
  ...PUBLIC_FORMS,
  "1.1.1.1",
  "93.184.215.14",
  "2606:4700::1111",
  "[2606:4700::1111]",
  "2606:4700:4700::1111",
  "2606:4700:4700:0000:0000:0000:0000:1111",
  "2A00:1450:4001:80B::200E",
  // just outside the refused blocks
  "9.255.255.255",
  "11.0.0.0",
  "100.63.255.255",
  "100.128.0.0",
  "126.255.255.255",
  "128.0.0.0",
  "169.253.255.255",
  "169.255.0.0",
  "172.15.255.255",
  "172.32.0.0",
  "192.167.255.255",
  "192.169.0.0",
  "223.255.255.255",
];

const NOT_PUBLIC = [
  // IPv4 special-purpose blocks (RFC 6890 and the IANA registry)
  "0.1.2.3",
  "10.255.255.255",
  "100.127.255.255",
  "127.255.255.254",
  "169.254.0.1",
  "172.16.0.1",
  "172.31.255.255",
  "192.168.255.255",
  "192.0.0.8",
  "192.0.0.170",
  "192.0.2.1",
  "198.51.100.7",
  "203.0.113.10",
  "198.18.0.1",
  "198.19.255.255",
  "192.88.99.1",
  "224.0.0.1",
  "239.255.255.250",
  "240.0.0.1",
  "255.255.255.255",
  // IPv6
  "::1",
  "[::1]",
  "0:0:0:0:0:0:0:1",
  "fe80::1",
  "[FE80::1]",
  "febf:ffff::1",
  "fc00::1",
  "fd00::1",
  "fd00:ec2::254",
  "FD00:EC2::254",
  "ff02::1",
  "ff05::1:3",
  "fec0::1",
  "100::1",
  "2001:db8::1",
  "2001:2::1",
  "3fff::1",
  "5f00::1",
  "::1:2:3:4",
  "1::1",
  "4000::1",
  // NAT64 local-use (RFC 8215): refused whatever it carries
  "64:ff9b:1::808:808",
  "64:ff9b:1:808:8:800::",
  "64:ff9b:1::7f00:1",
  // Teredo whose server is private, though the client is public
  "2001:0:a00:1:8000:63bf:f7f7:f7f7",
];

const NOT_AN_ADDRESS = [
  "",
  "[]",
  "localhost",
  "hooks.test",
  "2130706433",
  "0x7f000001",
  "0x7f.0.0.1",
  "0177.0.0.1",
  "127.1",
  "127.0.1",
  "08.8.8.8",
  "256.1.1.1",
  "1.2.3.4.5",
  " 8.8.8.8",
  "8.8.8.8 ",
  "8.8.8.8.",
  "[8.8.8.8]",
  "::ffff:0177.0.0.1",
  "::ffff:127.1",
  "::ffff:08.8.8.8",
  "[2606:4700::1111",
  "2606:4700::1111]",
  "12345::",
  "1:2:3:4:5:6:7:8:9",
  "2606:4700::1111::1",
  "2606:4700::1111%eth0",
  "fe80::1%eth0",
  "fe80::1%25eth0",
  "[fe80::1%25eth0]",
];

describe("isPublicAddress", () => {
  describe.each(FORMS)("every form of %s is refused", (_target, forms) => {
    it.each(forms)("%s", (form) => expect(isPublicAddress(form)).toBe(false));
  });

  it.each(PUBLIC)("%s is public", (address) => expect(isPublicAddress(address)).toBe(true));
  it.each(NOT_PUBLIC)("%s is not public", (address) => expect(isPublicAddress(address)).toBe(false));
  it.each(NOT_AN_ADDRESS)("%j is not read as an address, so it is never public", (text) =>
    expect(isPublicAddress(text)).toBe(false),
  );
});

describe("checkUrlShape (the runtime's own URL parser)", () => {
  it.each([
    ["decimal", "https://2130706433/"],
    ["hex", "https://0x7f000001/"],
    ["dotted hex", "https://0x7f.0.0.1/"],
    ["octal", "https://0177.0.0.1/"],
    ["short", "https://127.1/"],
    ["a root dot", "https://127.0.0.1./"],
    ["percent-encoded", "https://%31%32%37.0.0.1/"],
    ["full-width digits", "https://\uFF11\uFF12\uFF17.0.0.1/"],
    ["IPv4-mapped, dotted", "https://[::ffff:127.0.0.1]/"],
    ["IPv4-mapped, hex", "https://[::ffff:7f00:1]/"],
    ["IPv4-mapped, upper case", "https://[::FFFF:7F00:1]/"],
    ["IPv4-mapped, uncompressed", "https://[0:0:0:0:0:ffff:127.0.0.1]/"],
    ["IPv4-compatible", "https://[::127.0.0.1]/"],
    ["IPv4-translated", "https://[::ffff:0:7f00:1]/"],
    ["NAT64", "https://[64:ff9b::127.0.0.1]/"],
    ["NAT64 local-use", "https://[64:ff9b:1::7f00:1]/"],
    ["6to4", "https://[2002:7f00:1::]/"],
    ["Teredo", "https://[2001:0:4136:e378:8000:63bf:80ff:fffe]/"],
    ["metadata via NAT64", "https://[64:ff9b::a9fe:a9fe]/latest"],
    ["the unspecified address", "https://0.0.0.0/"],
    ["IPv6 unspecified", "https://[::]/"],
    ["localhost with a root dot", "https://localhost./"],
    ["upper-case localhost", "https://LOCALHOST/"],
    ["a .localhost name", "https://api.localhost/"],
    ["a .local name with a root dot", "https://printer.local./"],
    ["a .internal name", "https://metadata.google.internal/"],
    ["a single-label name", "https://metadata/"],
    ["a home.arpa name", "https://nas.home.arpa/"],
  ])("refuses %s as a private address", (_name, url) => {
    expect(checkUrlShape(url)).toMatchObject({ ok: false, reason: "private_address" });
  });

  it("refuses zone ids: the URL parser cannot read them", () => {
    expect(checkUrlShape("https://[fe80::1%25eth0]/").ok).toBe(false);
    expect(checkUrlShape("https://[2606:4700::1111%25eth0]/").ok).toBe(false);
  });

  it.each([
    "https://hooks.test:8443/",
    "https://hooks.test:80/",
    "https://8.8.8.8:8080/",
    "https://[2606:4700::1111]:22/",
    "https://hooks.test:1/",
  ])("refuses the explicit port in %s", (url) => {
    expect(checkUrlShape(url)).toMatchObject({ ok: false, reason: "port_not_allowed" });
  });

  it.each([
    ["https://hooks.test/", "hooks.test", false],
    ["https://hooks.test:443/x", "hooks.test", false],
    ["https://hooks.test:0443/x", "hooks.test", false],
    ["https://HOOKS.test./x", "hooks.test", false],
    ["https://8.8.8.8/", "8.8.8.8", true],
    ["https://134744072/", "8.8.8.8", true],
    ["https://[2606:4700::1111]/", "2606:4700::1111", true],
    ["https://[::ffff:8.8.8.8]/", "::ffff:808:808", true],
  ])("accepts %s", (url, host, literal) => {
    expect(checkUrlShape(url)).toEqual({ ok: true, host, literal });
  });

  it.each([
    ["http://8.8.8.8/", "not_https"],
    ["ftp://hooks.test/", "not_https"],
    ["https://user:pw@hooks.test/", "credentials_in_url"],
    ["not a url", "invalid_url"],
    ["https://1.2.3.4.5/", "invalid_url"],
  ])("refuses %s as %s", (url, reason) => {
    expect(checkUrlShape(url)).toMatchObject({ ok: false, reason });
  });
});

describe("checkWebhookUrl judges every resolved record the same way", () => {
  it.each([
    ["mapped.example", "::ffff:7f00:1"],
    ["compat.example", "::a00:1"],
    ["nat64.example", "64:ff9b::a9fe:a9fe"],
    ["sixtofour.example", "2002:c0a8:101::1"],
    ["teredo.example", "2001:0:4136:e378:8000:63bf:80ff:fffe"],
    ["dualstack.example", "::ffff:a00:1"],
    ["private.example", "10.1.2.3"],
    ["v6private.example", "fd00::1"],
  ])("refuses %s (AAAA/A %s)", async (name, record) => {
    expect(await checkWebhookUrl(env, `https://${name}/hook`)).toEqual({
      ok: false,
      reason: "private_address",
      detail: record,
    });
  });

  it("accepts names whose every record is public, and literals without asking DNS", async () => {
    expect(await checkWebhookUrl(env, "https://hooks.test/ok")).toEqual({ ok: true });
    expect(await checkWebhookUrl(env, "https://v6public.example/ok")).toEqual({ ok: true });
    expect(await checkWebhookUrl(env, "https://[2606:4700::1111]/ok")).toEqual({ ok: true });
  });

  it("refuses a name that does not resolve", async () => {
    expect(await checkWebhookUrl(env, "https://nowhere.example/")).toMatchObject({ ok: false, reason: "unresolvable" });
  });
});
