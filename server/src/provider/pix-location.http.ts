import { createHash } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { Charge, ChargeStatus } from "../charges/charge.entity";
import type { ChargesService } from "../charges/charges.service";
import { notFound } from "../core/errors";
import { formatBrl } from "../core/money";

const COB_STATUS: Record<ChargeStatus, string> = {
  [ChargeStatus.PENDING]: "ATIVA",
  [ChargeStatus.PAID]: "CONCLUIDA",
  [ChargeStatus.CANCELLED]: "REMOVIDA_PELO_USUARIO_RECEBEDOR",
  [ChargeStatus.EXPIRED]: "REMOVIDA_PELO_PSP",
};

/** The sandbox receiver's random key (EVP) of an account: stable, derived from its id. */
export function sandboxReceiverKey(companyId: string): string {
  const hex = createHash("sha256").update(`sandbox-key:${companyId}`).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The charge as API Pix's `cob` resource, which the payer's bank reads at the BR Code's location. */
export function toCob(charge: Charge) {
  return {
    calendario: {
      criacao: charge.createdAt.toISOString(),
      expiracao: Math.round((charge.expiresAt.getTime() - charge.createdAt.getTime()) / 1000),
    },
    txid: charge.txid,
    revisao: 0,
    status: COB_STATUS[charge.status],
    valor: { original: formatBrl(charge.amountCents) },
    chave: sandboxReceiverKey(charge.companyId),
    ...(charge.description ? { solicitacaoPagador: charge.description } : {}),
  };
}

/** GET /pix/v2/:locationId: public (no credential), as a PSP serves a dynamic BR Code's payload. */
export function registerPixLocationRoute(app: FastifyInstance, charges: ChargesService): void {
  app.get<{ Params: { locationId: string } }>(
    "/pix/v2/:locationId",
    { config: { access: "public" } },
    async (request) => {
      const { locationId } = request.params;
      const charge = /^[a-z0-9]{32}$/.test(locationId) ? await charges.findChargeByLocation(locationId) : null;
      if (!charge) throw notFound("Location");
      return toCob(charge);
    },
  );
}
