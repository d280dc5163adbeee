import { createPrivateKey, X509Certificate } from "node:crypto";
import { readFileSync } from "node:fs";
import forge from "node-forge";

/**
 * The account's certificate for mutual TLS with Efí (EFI_CERT_FILE): PEM with the certificate
 * and its key, or the PKCS#12 (.p12) Efí issues, without a password. The .p12 is read with
 * node-forge rather than handed to OpenSSL: Efí's files use algorithms (RC2, 3DES) that the
 * OpenSSL 3 in Node refuses without its legacy provider, so both forms end up as PEM here.
 */
export interface EfiCertificate {
  certPem: string;
  keyPem: string;
  /** The subject's common name (Efí writes the account's identifier there). */
  subject: string;
  issuer: string;
  validFrom: Date;
  validTo: Date;
  fingerprint256: string;
}

/** A certificate problem, worded for the operator and naming the variable to fix. */
export class EfiConfigurationError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(`${variable}: ${message}`);
    this.name = "EfiConfigurationError";
  }
}

const PEM_BLOCK = /-----BEGIN ([A-Z ]+)-----[\s\S]+?-----END \1-----/g;

export function loadEfiCertificate(file: string, variable = "EFI_CERT_FILE"): EfiCertificate {
  let content: Buffer;
  try {
    content = readFileSync(file);
  } catch (error) {
    throw new EfiConfigurationError(
      variable,
      `cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? error})`,
    );
  }
  const { certPem, keyPem } = content.includes("-----BEGIN")
    ? fromPem(content.toString("utf8"), variable)
    : fromPkcs12(content, variable);
  let x509: X509Certificate;
  try {
    x509 = new X509Certificate(certPem);
  } catch {
    throw new EfiConfigurationError(variable, "the certificate cannot be read");
  }
  if (!x509.checkPrivateKey(readPrivateKey(keyPem, variable))) {
    throw new EfiConfigurationError(variable, "the private key does not belong to the certificate");
  }
  const validTo = new Date(x509.validTo);
  if (validTo.getTime() <= Date.now()) {
    throw new EfiConfigurationError(variable, `the certificate expired on ${validTo.toISOString()}`);
  }
  return {
    certPem,
    keyPem,
    subject: commonName(x509.subject),
    issuer: commonName(x509.issuer),
    validFrom: new Date(x509.validFrom),
    validTo,
    fingerprint256: x509.fingerprint256,
  };
}

/** Extra certificate authorities to trust (EFI_CA_FILE), as PEM. */
export function loadEfiCa(file: string, variable = "EFI_CA_FILE"): string {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new EfiConfigurationError(
      variable,
      `cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? error})`,
    );
  }
  const certificates = [...text.matchAll(PEM_BLOCK)].filter((block) => block[1] === "CERTIFICATE");
  if (certificates.length === 0) throw new EfiConfigurationError(variable, "no PEM certificate in the file");
  for (const [pem] of certificates) {
    try {
      new X509Certificate(pem);
    } catch {
      throw new EfiConfigurationError(variable, "a certificate in the file cannot be read");
    }
  }
  return certificates.map(([pem]) => `${pem}\n`).join("");
}

function fromPem(text: string, variable: string): { certPem: string; keyPem: string } {
  const blocks = [...text.matchAll(PEM_BLOCK)];
  const cert = blocks.find((block) => block[1] === "CERTIFICATE");
  const key = blocks.find((block) => block[1].endsWith("PRIVATE KEY"));
  if (!cert) throw new EfiConfigurationError(variable, "no certificate in the PEM file");
  if (!key) {
    throw new EfiConfigurationError(
      variable,
      "no private key in the PEM file (it needs the certificate and its key: convert the .p12 with -nodes)",
    );
  }
  if (key[1] === "ENCRYPTED PRIVATE KEY")
    throw new EfiConfigurationError(variable, "the private key is encrypted; give it without a password");
  // The certificate chain (the account's certificate first) is presented whole.
  const chain = blocks.filter((block) => block[1] === "CERTIFICATE").map(([pem]) => `${pem}\n`);
  return { certPem: chain.join(""), keyPem: `${key[0]}\n` };
}

function fromPkcs12(der: Buffer, variable: string): { certPem: string; keyPem: string } {
  let p12: forge.pkcs12.Pkcs12Pfx | null = null;
  // "No password" is an empty one (OpenSSL's way) or none at all, depending on the tool.
  for (const password of ["", null]) {
    try {
      p12 = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(der.toString("binary")), false, password as string);
      break;
    } catch {
      p12 = null;
    }
  }
  if (p12 === null) {
    throw new EfiConfigurationError(
      variable,
      "neither PEM nor a PKCS#12 file without password (Efí's .p12 has none; a file with a password must be converted to PEM)",
    );
  }
  const keyBags = [
    ...(p12.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[forge.pki.oids.pkcs8ShroudedKeyBag] ?? []),
    ...(p12.getBags({ bagType: forge.pki.oids.keyBag })[forge.pki.oids.keyBag] ?? []),
  ];
  const certBags = p12.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag] ?? [];
  const key = keyBags.find((bag) => bag.key)?.key;
  if (!key) throw new EfiConfigurationError(variable, "the PKCS#12 file has no private key");
  const certificates = certBags.flatMap((bag) => (bag.cert ? [bag.cert] : []));
  if (certificates.length === 0) throw new EfiConfigurationError(variable, "the PKCS#12 file has no certificate");
  // The account's certificate is the one whose public key matches the private key.
  const rsaKey = key as forge.pki.rsa.PrivateKey;
  const own = certificates.find((cert) => {
    const publicKey = cert.publicKey as forge.pki.rsa.PublicKey;
    return publicKey.n?.equals(rsaKey.n) && publicKey.e?.equals(rsaKey.e);
  });
  const ordered = own ? [own, ...certificates.filter((cert) => cert !== own)] : certificates;
  return {
    certPem: ordered.map((cert) => forge.pki.certificateToPem(cert)).join(""),
    keyPem: forge.pki.privateKeyToPem(key),
  };
}

function readPrivateKey(keyPem: string, variable: string) {
  try {
    return createPrivateKey(keyPem);
  } catch {
    throw new EfiConfigurationError(variable, "the private key cannot be read");
  }
}

function commonName(distinguishedName: string): string {
  const match = /(?:^|\n)CN=([^\n]+)/.exec(distinguishedName);
  return match ? match[1] : distinguishedName.replace(/\n/g, ", ");
}
