import type { DataSource } from "typeorm";
import type { AuditContext } from "../../audit/audit";
import { AppError } from "../../core/errors";
import type { Logger } from "../../core/logger";
import { type Cents, MoneyFormatError, parseBrl } from "../../core/money";
import { queryRows } from "../../core/sql";
import { DisputeNature } from "../../disputes/dispute.entity";
import type { DisputeAnswer, DisputesService } from "../../disputes/disputes.service";
import { EfiApiError, listEveryPage } from "./efi-client";
import type { EfiPixProvider } from "./efi-provider";

/**
 * MED claims at Efí (docs/disputes.md): Efí lists the infractions notified against the
 * account's received Pix (`GET /v2/gn/infracoes?inicio&fim`) and takes the account's answer
 * (`POST /v2/gn/infracoes/{idInfracao}/defesa`). Each reconciliation run reads the window's
 * infractions and opens a dispute (its hold, event and audit) for each one still open on a
 * PAID charge, keyed by Efí's idInfracao so that a window read again opens nothing twice. An
 * operator's decision is answered to Efí by a job queued in the decision's transaction.
 */
export const ANSWER_INFRACTION_JOB = "efi_answer_infraction";
const EFI_ACTOR = "provider:efi";
const EFI_AUDIT: AuditContext = { actor: EFI_ACTOR, actorKind: "SYSTEM", address: null, requestId: null };
/** Efí's infractions that still wait for the account's answer. */
const STILL_OPEN = new Set(["ABERTA", "EM_DEFESA"]);
const PAGE_SIZE = 100;
const MAX_DESCRIPTION_LENGTH = 500;

interface EfiInfraction {
  idInfracao?: string;
  endToEndId?: string;
  valor?: string;
  status?: string;
  razao?: string;
  dadosAnalise?: { prazoFinalizacao?: string };
}

/** What a run did with one infraction it did not open a dispute for before. */
export interface InfractionDifference {
  endToEndId: string | null;
  valor: string | null;
  /** DISPUTE_OPENED, or INFRACTION_NOT_OPENED with the reason in `detail`. */
  outcome: "DISPUTE_OPENED" | "INFRACTION_NOT_OPENED";
  detail: string;
}

export class EfiInfractions {
  constructor(
    private readonly db: DataSource,
    private readonly provider: EfiPixProvider,
    private readonly disputes: DisputesService,
    private readonly logger: Logger,
  ) {}

  /** The window's infractions: a dispute for each new one still open; what could not be opened is said why. */
  async openDisputes(from: Date, to: Date): Promise<{ seen: number; differences: InfractionDifference[] }> {
    const infractions = await this.listInfractions(from, to);
    const differences: InfractionDifference[] = [];
    for (const infraction of infractions) {
      if (!STILL_OPEN.has(infraction.status ?? "")) continue;
      const difference = await this.openDispute(infraction);
      if (difference) differences.push(difference);
    }
    return { seen: infractions.length, differences };
  }

  /** Every page of `GET /v2/gn/infracoes` for the window. */
  listInfractions(from: Date, to: Date): Promise<EfiInfraction[]> {
    return listEveryPage<EfiInfraction>(this.provider.client, "/v2/gn/infracoes", "infracoes", from, to, PAGE_SIZE);
  }

  private async openDispute(infraction: EfiInfraction): Promise<InfractionDifference | null> {
    const endToEndId = infraction.endToEndId ?? null;
    const valor = infraction.valor ?? null;
    const notOpened = (detail: string): InfractionDifference => ({
      endToEndId,
      valor,
      outcome: "INFRACTION_NOT_OPENED",
      detail: `infraction ${infraction.idInfracao ?? "(no id)"}: ${detail}`,
    });
    const amountCents = centsOf(valor);
    if (!infraction.idInfracao || endToEndId === null || amountCents === null) {
      return notOpened("no idInfracao, endToEndId or valor");
    }
    const [charge] = await queryRows<{ id: string }>(this.db, "SELECT id FROM charges WHERE e2e_id = $1", [endToEndId]);
    if (!charge) return notOpened("no charge of the service was paid by this Pix");
    const deadline = infraction.dadosAnalise?.prazoFinalizacao
      ? new Date(infraction.dadosAnalise.prazoFinalizacao)
      : null;
    try {
      const { dispute, replayed } = await this.disputes.openDispute(
        {
          chargeId: charge.id,
          amountCents,
          // Efí's infractions are fraud claims (tipoSituacao: golpe, account taken over, coercion...).
          nature: DisputeNature.MED_FRAUDE,
          reportId: infraction.idInfracao,
          description: infraction.razao ? [...infraction.razao].slice(0, MAX_DESCRIPTION_LENGTH).join("") : null,
          deadlineAt: deadline && !Number.isNaN(deadline.getTime()) ? deadline : null,
        },
        EFI_ACTOR,
        EFI_AUDIT,
      );
      if (replayed) return null;
      return { endToEndId, valor, outcome: "DISPUTE_OPENED", detail: `dispute ${dispute.id} on charge ${charge.id}` };
    } catch (error) {
      if (error instanceof AppError) return notOpened(`${error.code}: ${error.message}`);
      throw error;
    }
  }

  /**
   * The job: the operator's decision answered to Efí. An infraction Efí no longer takes an
   * answer for (decided or cancelled at the bank meanwhile) is logged, not retried.
   */
  async answerInfraction(payload: unknown): Promise<void> {
    const answer = readAnswer(payload);
    try {
      await this.provider.client.call("POST", `/v2/gn/infracoes/${encodeURIComponent(answer.reportId)}/defesa`, {
        analise: answer.accepted ? "aceito" : "rejeitado",
        justificativa: answer.statement,
      });
    } catch (error) {
      if (error instanceof EfiApiError && (error.status === 404 || error.status === 409)) {
        this.logger.warn("efi: the infraction no longer takes an answer", {
          reportId: answer.reportId,
          status: error.status,
        });
        return;
      }
      throw error;
    }
  }
}

function readAnswer(payload: unknown): DisputeAnswer {
  const { reportId, accepted, statement } = (payload ?? {}) as Record<string, unknown>;
  if (typeof reportId !== "string" || typeof accepted !== "boolean" || typeof statement !== "string") {
    throw new Error("efi_answer_infraction: payload needs reportId, accepted and statement");
  }
  return { reportId, accepted, statement };
}

/** API Pix writes amounts as "10.00"; anything else is not an amount. */
function centsOf(valor: string | null): Cents | null {
  if (valor === null) return null;
  try {
    return parseBrl(valor);
  } catch (error) {
    if (error instanceof MoneyFormatError) return null;
    throw error;
  }
}
