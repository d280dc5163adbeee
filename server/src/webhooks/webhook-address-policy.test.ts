import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import type { LookupAddress } from "node:dns";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import type { TLSSocket } from "node:tls";
import { startWebhookReceiver, type WebhookReceiver } from "../../test/support/webhook-receiver";
import { nonPublicAddressReason, nonPublicHostReason } from "./webhook-address-policy";
import { guardedLookup, type ResolveHost, WebhookSender } from "./webhook-sender";

describe("address classification", () => {
  test("public addresses pass, including IPv4 carried in mapped, NAT64, 6to4 and Teredo forms", () => {
    for (const address of [
      "8.8.8.8",
      "200.160.2.3",
      "1.1.1.1",
      "100.63.255.255",
      "100.128.0.0",
      "172.15.255.255",
      "172.32.0.0",
      "198.17.255.255",
      "198.20.0.0",
      "2001:4860:4860::8888",
      "2606:4700:4700::1111",
      "::ffff:8.8.8.8",
      "64:ff9b::808:808",
      "2002:808:808::1",
      // Teredo: server 65.54.227.120, client 8.8.8.8 (stored inverted: f7f7:f7f7)
      "2001:0:4136:e378:8000:63bf:f7f7:f7f7",
    ]) {
      assert.equal(nonPublicAddressReason(address), null, address);
    }
  });

  test("each refusal says which range and, for IPv6 forms, which IPv4 address inside", () => {
    const cases: Array<[string, string]> = [
      ["127.0.0.1", "127.0.0.1 is loopback"],
      ["0.0.0.0", "0.0.0.0 is unspecified (this host)"],
      ["10.1.2.3", "10.1.2.3 is private"],
      ["100.64.0.1", "100.64.0.1 is shared CGNAT space (100.64.0.0/10)"],
      ["198.18.0.1", "198.18.0.1 is benchmarking (198.18.0.0/15)"],
      ["203.0.113.9", "203.0.113.9 is documentation (TEST-NET-3)"],
      ["240.0.0.1", "240.0.0.1 is reserved (240.0.0.0/4)"],
      ["::ffff:a9fe:a9fe", "::ffff:a9fe:a9fe is an IPv4-mapped address of 169.254.169.254, which is link-local"],
      ["64:ff9b::7f00:1", "64:ff9b::7f00:1 is a NAT64 address of 127.0.0.1, which is loopback"],
      ["2002:7f00:1::", "2002:7f00:1:: is a 6to4 address of 127.0.0.1, which is loopback"],
      [
        "2001:0:4136:e378:8000:63bf:80ff:fffe",
        "2001:0:4136:e378:8000:63bf:80ff:fffe is a Teredo address with client 127.0.0.1, which is loopback",
      ],
      ["2001:0:a00:1::1", "2001:0:a00:1::1 is a Teredo address with server 10.0.0.1, which is private"],
      ["::7f00:1", "::7f00:1 is an IPv4-compatible address of 127.0.0.1 (deprecated, not routable)"],
      ["fec0::1", "fec0::1 is site-local (fec0::/10)"],
      ["fd00::1", "fd00::1 is unique-local (fc00::/7)"],
      ["100::1", "100::1 is discard-only (100::/64)"],
      ["2001:db8::1", "2001:db8::1 is documentation (2001:db8::/32)"],
      ["fe80::1%eth0", "fe80::1%eth0 is link-local"],
      ["4000::1", "4000::1 is outside the global unicast block 2000::/3"],
      ["not-an-ip", "not-an-ip is not an IP address"],
    ];
    for (const [address, reason] of cases) assert.equal(nonPublicAddressReason(address), reason, address);
  });

  test("local-use NAT64 (64:ff9b:1::/48) is refused when any reading of the IPv4 inside is not public", () => {
    // 127.0.0.1 where a /96 prefix puts it, and where a /48 prefix puts it.
    assert.match(nonPublicAddressReason("64:ff9b:1::7f00:1") ?? "", /local-use NAT64 address of 127\.0\.0\.1/);
    assert.match(nonPublicAddressReason("64:ff9b:1:7f00:0:100::") ?? "", /local-use NAT64 address of /);
    assert.equal(nonPublicAddressReason("64:ff9b:1:808:8:808:808:808"), null);
  });

  test("host names: localhost names with any case and trailing dots are refused; other names wait for DNS", () => {
    for (const host of ["localhost", "LOCALHOST", "localhost.", "localhost..", "api.localhost", "x.Localhost."]) {
      assert.match(nonPublicHostReason(host) ?? "", /is a local name \(localhost\)$/, host);
    }
    for (const host of ["0x7f.1", "2130706433", "0177.0.0.1", "127.1", "[::ffff:7f00:1]", "127.0.0.1."]) {
      assert.match(nonPublicHostReason(host) ?? "", /127\.0\.0\.1/, host);
    }
    for (const host of ["example.com", "localhost.example.com", "mylocalhost", "hooks.example.test."]) {
      assert.equal(nonPublicHostReason(host), null, host);
    }
  });
});

/** A resolver that answers from a table and counts its calls. */
function tableResolver(table: Record<string, LookupAddress[] | (() => LookupAddress[])>) {
  const calls: string[] = [];
  const resolve: ResolveHost = (hostname, callback) => {
    calls.push(hostname);
    const entry = table[hostname];
    if (!entry) return callback(Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: "ENOTFOUND" }), []);
    callback(null, typeof entry === "function" ? entry() : entry);
  };
  return { resolve, calls };
}

function lookupOnce(
  lookup: ReturnType<typeof guardedLookup>,
  hostname: string,
  options: { all?: boolean; family?: number },
): Promise<{ error: Error | null; result: unknown }> {
  return new Promise((resolve) => {
    lookup(hostname, options as never, (error: Error | null, address: unknown, family?: number) =>
      resolve({ error, result: options.all ? address : { address, family } }),
    );
  });
}

describe("the socket's lookup", () => {
  const { resolve } = tableResolver({
    "public.example.test": [
      { address: "2001:4860:4860::8888", family: 6 },
      { address: "200.160.2.3", family: 4 },
    ],
    "half.example.test": [
      { address: "2001:4860:4860::8888", family: 6 },
      { address: "::1", family: 6 },
    ],
  });

  test("hands the socket only checked addresses, all of them for happy eyeballs (all: true)", async () => {
    const lookup = guardedLookup(false, resolve);
    const all = await lookupOnce(lookup, "public.example.test", { all: true });
    assert.equal(all.error, null);
    assert.deepEqual(all.result, [
      { address: "2001:4860:4860::8888", family: 6 },
      { address: "200.160.2.3", family: 4 },
    ]);
    const first = await lookupOnce(lookup, "public.example.test", {});
    assert.deepEqual(first.result, { address: "2001:4860:4860::8888", family: 6 });
    const v4 = await lookupOnce(lookup, "public.example.test", { family: 4 });
    assert.deepEqual(v4.result, { address: "200.160.2.3", family: 4 });
  });

  test("refuses the whole host when one address is not public, with or without all", async () => {
    const lookup = guardedLookup(false, resolve);
    for (const options of [{ all: true }, {}, { family: 6 }]) {
      const answer = await lookupOnce(lookup, "half.example.test", options);
      assert.equal(
        answer.error?.message,
        "refused: half.example.test resolves to a non-public address: ::1 is loopback",
        JSON.stringify(options),
      );
    }
  });

  test("WEBHOOK_ALLOW_PRIVATE lets every address through", async () => {
    const answer = await lookupOnce(guardedLookup(true, resolve), "half.example.test", { all: true });
    assert.equal(answer.error, null);
    assert.equal((answer.result as LookupAddress[]).length, 2);
  });
});

describe("the connection goes to the address that was checked", () => {
  let receiver: WebhookReceiver;
  let certDir: string;
  before(async () => {
    receiver = await startWebhookReceiver();
    certDir = mkdtempSync(join(tmpdir(), "webhook-tls-"));
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:prime256v1",
        "-nodes",
        "-days",
        "1",
        "-subj",
        "/CN=hooks.example.test",
        "-addext",
        "subjectAltName=DNS:hooks.example.test",
        "-keyout",
        join(certDir, "key.pem"),
        "-out",
        join(certDir, "cert.pem"),
      ],
      { stdio: "ignore" },
    );
  });
  after(async () => {
    await receiver.close();
    rmSync(certDir, { recursive: true, force: true });
  });

  test("the name is resolved once, by the guarded lookup, and its answer is where the request goes", async () => {
    const port = new URL(receiver.url()).port;
    let answers = 0;
    // A rebinding name: the first answer is the receiver, any later one points elsewhere.
    const { resolve, calls } = tableResolver({
      "rebind.example.test": () => {
        answers += 1;
        return [{ address: answers === 1 ? "127.0.0.1" : "127.0.0.9", family: 4 }];
      },
    });
    const sender = new WebhookSender(2000, true, resolve);
    try {
      const response = await sender.send({
        url: `http://rebind.example.test:${port}/rebind`,
        body: "{}",
        event: "ping",
        signature: "x",
        eventId: "evt_test",
        standardKey: Buffer.alloc(32),
      });
      assert.equal(response.status, 200, response.error ?? "");
      assert.deepEqual(calls, ["rebind.example.test"]);
      const [received] = await receiver.waitForCount(1, "/rebind");
      assert.equal(received.headers.host, `rebind.example.test:${port}`);
    } finally {
      sender.close();
    }
  });

  test("https: SNI, Host and the certificate check carry the name; a name resolving to loopback never connects", async () => {
    const seen: Array<{ servername: string | false | null; host: string | undefined }> = [];
    let tcpConnections = 0;
    const server = createServer(
      { key: readFileSync(join(certDir, "key.pem")), cert: readFileSync(join(certDir, "cert.pem")) },
      (req, res) => {
        seen.push({ servername: (req.socket as TLSSocket).servername, host: req.headers.host });
        req.resume();
        req.on("end", () => res.end("ok"));
      },
    );
    server.on("connection", () => {
      tcpConnections += 1;
    });
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    const port = (server.address() as AddressInfo).port;
    const { resolve, calls } = tableResolver({ "hooks.example.test": [{ address: "127.0.0.1", family: 4 }] });
    const ca = readFileSync(join(certDir, "cert.pem"), "utf8");
    const strict = new WebhookSender(2000, false, resolve, { ca });
    const lenient = new WebhookSender(2000, true, resolve, { ca });
    const request = {
      url: `https://hooks.example.test:${port}/tls`,
      body: "{}",
      event: "ping",
      signature: "x",
      eventId: "evt_test",
      standardKey: Buffer.alloc(32),
    };
    try {
      const refused = await strict.send(request);
      assert.equal(
        refused.error,
        "refused: hooks.example.test resolves to a non-public address: 127.0.0.1 is loopback",
      );
      assert.equal(tcpConnections, 0);

      const allowed = await lenient.send(request);
      assert.equal(allowed.status, 200, allowed.error ?? "");
      assert.deepEqual(seen, [{ servername: "hooks.example.test", host: `hooks.example.test:${port}` }]);
      assert.deepEqual(calls, ["hooks.example.test", "hooks.example.test"], "one lookup per connection, no other");
    } finally {
      strict.close();
      lenient.close();
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    }
  });
});
