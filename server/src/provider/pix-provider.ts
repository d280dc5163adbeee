/**
 * How the service reaches the PIX network. The sandbox provider simulates the bank inside
 * the service; a real PSP integration implements the same duties.
 */
export interface PixProvider {
  readonly name: string;
  /** ISPB of the receiving institution, written into the end-to-end ids it reports. */
  readonly ispb: string;
  /** Registers a charge and answers where the payer's bank fetches it: host and path, no scheme. */
  registerCharge(charge: { locationId: string; txid: string }): Promise<{ location: string }>;
}

export class SandboxPixProvider implements PixProvider {
  readonly name = "sandbox";
  readonly ispb = "99999999"; // not a real institution's ISPB
  private readonly publicHost: string;

  constructor(publicBaseUrl: string) {
    const url = new URL(publicBaseUrl);
    this.publicHost = `${url.host}${url.pathname.replace(/\/+$/, "")}`;
  }

  async registerCharge(charge: { locationId: string }): Promise<{ location: string }> {
    return { location: `${this.publicHost}/pix/v2/${charge.locationId}` };
  }
}

export function createPixProvider(config: { pixProvider: "sandbox"; publicBaseUrl: string }): PixProvider {
  switch (config.pixProvider) {
    case "sandbox":
      return new SandboxPixProvider(config.publicBaseUrl);
  }
}
