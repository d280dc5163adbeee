import { createHash } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { amountDueOn, lastPayableDay, parseIsoDate, saoPauloDay } from "../billing";
import { notFound, validationError } from "../core/errors";
import { formatBrl } from "../core/money";
import { cobvValor, devedorOf } from "../provider";
import type { ChargesService } from "./charges.service";
import { type Charge, ChargeStatus, ChargeType, termsOf } from "./model";

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

/**
 * A due-date charge as API Pix's `cobv` resource: its due date and days after it, the
 * debtor, and `valor` with the API Pix modalities; for a day of payment (`?DPP=YYYY-MM-DD`,
 * as the payer's bank asks) `valor.final`, the amount due that day. A day it cannot be
 * paid on is a 400.
 */
export function toCobv(charge: Charge, dpp: string | undefined) {
  const terms = termsOf(charge);
  if (terms === null) throw new Error(`charge ${charge.id} has no due date`);
  let final: string | null = null;
  if (dpp !== undefined) {
    const day = parseIsoDate(dpp);
    if (day === null) throw validationError("DPP must be a date YYYY-MM-DD");
    if (day < saoPauloDay(charge.createdAt) || day > lastPayableDay(terms)) {
      throw validationError("DPP is not a day the charge can be paid on");
    }
    final = formatBrl(amountDueOn(terms, day).amountDueCents);
  }
  return {
    calendario: {
      criacao: charge.createdAt.toISOString(),
      dataDeVencimento: terms.dueDate,
      validadeAposVencimento: terms.daysAfterDue,
    },
    txid: charge.txid,
    revisao: 0,
    status: COB_STATUS[charge.status],
    ...(charge.payer ? { devedor: devedorOf(charge.payer) } : {}),
    valor: { ...cobvValor(terms), ...(final !== null ? { final } : {}) },
    chave: sandboxReceiverKey(charge.companyId),
    ...(charge.description ? { solicitacaoPagador: charge.description } : {}),
  };
}

/** GET /pix/v2/:locationId: public (no credential), as a PSP serves a dynamic BR Code's payload. */
export function registerPixLocationRoute(app: FastifyInstance, charges: ChargesService): void {
  app.get<{ Params: { locationId: string }; Querystring: { DPP?: string } }>(
    "/pix/v2/:locationId",
    { config: { access: "public" } },
    async (request) => {
      const { locationId } = request.params;
      const charge = /^[a-z0-9]{32}$/.test(locationId) ? await charges.findChargeByLocation(locationId) : null;
      if (!charge) throw notFound("Location");
      const dpp = typeof request.query.DPP === "string" ? request.query.DPP : undefined;
      // A recurring charge is debited, not paid at its location: its cob shape is only what it asks.
      return charge.type === ChargeType.DUE_DATE ? toCobv(charge, dpp) : toCob(charge);
    },
  );
}
