import { constants, generateKeyPairSync, privateEncrypt, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import forge from "node-forge";

/**
 * The local PSP's own certificate authority, made at first start and kept in its data folder:
 * the CA, the server's certificate (localhost) and the account's client certificate, which
 * Efí hands out as a PKCS#12 file (.p12, no password) and most integrations convert to PEM.
 * Both forms are written, so that either can be given to the service as EFI_CERT_FILE.
 */
export interface SimCertificates {
  caPem: string;
  serverCertPem: string;
  serverKeyPem: string;
  clientCertPem: string;
  clientKeyPem: string;
  files: {
    ca: string;
    /** Certificate and key in one PEM file. */
    clientPem: string;
    /** The same, as PKCS#12 without a password. */
    clientP12: string;
  };
}

const CA_DAYS = 3650;
const LEAF_DAYS = 365;

interface KeyPair {
  pem: string;
  publicKey: forge.pki.rsa.PublicKey;
}

/** RSA keys come from Node (native); node-forge only lays out the certificates. */
function newKeyPair(): KeyPair {
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const pem = privateKey.export({ type: "pkcs1", format: "pem" }).toString();
  const key = forge.pki.privateKeyFromPem(pem) as forge.pki.rsa.PrivateKey;
  return { pem, publicKey: forge.pki.setRsaPublicKey(key.n, key.e) };
}

/** DER prefix of a SHA-256 DigestInfo: RSASSA-PKCS1-v1_5 signs it followed by the digest. */
const SHA256_DIGEST_INFO = Buffer.from("3031300d060960864801650304020105000420", "hex");

/**
 * A signer node-forge accepts in place of its own key (its RSA in JavaScript takes most of a
 * second a signature on a busy machine): the same PKCS#1 v1.5 signature, made by OpenSSL.
 */
function nativeSigner(keyPem: string) {
  return {
    sign: (md: forge.md.MessageDigest) => {
      const digest = Buffer.from(md.digest().getBytes(), "binary");
      const signature = privateEncrypt(
        { key: keyPem, padding: constants.RSA_PKCS1_PADDING },
        Buffer.concat([SHA256_DIGEST_INFO, digest]),
      );
      return signature.toString("binary");
    },
  } as unknown as forge.pki.rsa.PrivateKey;
}

function serialNumber(): string {
  // Positive (first bit clear), 16 bytes, as CAs write them.
  const bytes = randomBytes(16);
  bytes[0] &= 0x7f;
  return bytes.toString("hex");
}

interface Leaf {
  commonName: string;
  days: number;
  extensions: object[];
}

function issue(leaf: Leaf, keys: KeyPair, issuer: { cert: forge.pki.Certificate; keyPem: string } | null) {
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = serialNumber();
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(Date.now() + leaf.days * 86_400_000);
  const subject = [
    { name: "commonName", value: leaf.commonName },
    { name: "organizationName", value: "psp-sim" },
  ];
  cert.setSubject(subject);
  cert.setIssuer(issuer ? issuer.cert.subject.attributes : subject);
  cert.setExtensions(leaf.extensions);
  cert.sign(nativeSigner(issuer ? issuer.keyPem : keys.pem), forge.md.sha256.create());
  return cert;
}

/** Creates the CA, server and client certificates. */
export function createSimCertificates(clientId: string): Omit<SimCertificates, "files"> {
  const caKeys = newKeyPair();
  const caCert = issue(
    {
      commonName: "psp-sim local CA",
      days: CA_DAYS,
      extensions: [
        { name: "basicConstraints", cA: true, critical: true },
        { name: "keyUsage", keyCertSign: true, cRLSign: true, critical: true },
      ],
    },
    caKeys,
    null,
  );
  const ca = { cert: caCert, keyPem: caKeys.pem };
  const serverKeys = newKeyPair();
  const serverCert = issue(
    {
      commonName: "localhost",
      days: LEAF_DAYS,
      extensions: [
        { name: "basicConstraints", cA: false },
        { name: "keyUsage", digitalSignature: true, keyEncipherment: true, critical: true },
        { name: "extKeyUsage", serverAuth: true },
        {
          name: "subjectAltName",
          altNames: [
            { type: 2, value: "localhost" },
            { type: 7, ip: "127.0.0.1" },
            { type: 7, ip: "::1" },
          ],
        },
      ],
    },
    serverKeys,
    ca,
  );
  const clientKeys = newKeyPair();
  const clientCert = issue(
    {
      commonName: clientId,
      days: LEAF_DAYS,
      extensions: [
        { name: "basicConstraints", cA: false },
        { name: "keyUsage", digitalSignature: true, keyEncipherment: true, critical: true },
        { name: "extKeyUsage", clientAuth: true },
      ],
    },
    clientKeys,
    ca,
  );
  return {
    caPem: forge.pki.certificateToPem(caCert),
    serverCertPem: forge.pki.certificateToPem(serverCert),
    serverKeyPem: serverKeys.pem,
    clientCertPem: forge.pki.certificateToPem(clientCert),
    clientKeyPem: clientKeys.pem,
  };
}

/** PKCS#12 of a certificate and its key, with an empty password (as Efí issues them). */
export function toPkcs12(certPem: string, keyPem: string, password: string | null = ""): Buffer {
  const asn1 = forge.pkcs12.toPkcs12Asn1(
    forge.pki.privateKeyFromPem(keyPem),
    [forge.pki.certificateFromPem(certPem)],
    password,
    { algorithm: "3des", friendlyName: "psp-sim client" },
  );
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), "binary");
}

const FILE_NAMES = {
  ca: "ca.pem",
  serverCert: "server-cert.pem",
  serverKey: "server-key.pem",
  clientPem: "client.pem",
  clientP12: "client.p12",
} as const;

/** The certificates in `dir`, made and written there (mode 0600 for keys) if absent. */
export function loadOrCreateCertificates(dir: string, clientId: string): SimCertificates & { created: boolean } {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const path = (name: keyof typeof FILE_NAMES) => join(dir, FILE_NAMES[name]);
  const files = { ca: path("ca"), clientPem: path("clientPem"), clientP12: path("clientP12") };
  if (existsSync(path("ca")) && existsSync(path("serverKey")) && existsSync(path("clientPem"))) {
    const client = readFileSync(path("clientPem"), "utf8");
    return {
      caPem: readFileSync(path("ca"), "utf8"),
      serverCertPem: readFileSync(path("serverCert"), "utf8"),
      serverKeyPem: readFileSync(path("serverKey"), "utf8"),
      clientCertPem: pemBlocks(client, "CERTIFICATE")[0],
      clientKeyPem: pemBlocks(client, "RSA PRIVATE KEY")[0],
      files,
      created: false,
    };
  }
  const made = createSimCertificates(clientId);
  writeFileSync(path("ca"), made.caPem, { mode: 0o644 });
  writeFileSync(path("serverCert"), made.serverCertPem, { mode: 0o644 });
  writeFileSync(path("serverKey"), made.serverKeyPem, { mode: 0o600 });
  writeFileSync(path("clientPem"), `${made.clientCertPem}${made.clientKeyPem}`, { mode: 0o600 });
  writeFileSync(path("clientP12"), toPkcs12(made.clientCertPem, made.clientKeyPem), { mode: 0o600 });
  return { ...made, files, created: true };
}

function pemBlocks(text: string, label: string): string[] {
  const pattern = new RegExp(`-----BEGIN ${label}-----[\\s\\S]+?-----END ${label}-----\\r?\\n?`, "g");
  return text.match(pattern) ?? [];
}
