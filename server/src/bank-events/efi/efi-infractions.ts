import type { DataSource } from "typeorm";
import type { Acting, AuditContext } from "../../audit";
import { AppError } from "../../core/errors";
import type { Logger } from "../../core/logger";
import { type Cents, formatBrl, MoneyFormatError, parseBrl } from "../../core/money";
import { queryRows } from "../../core/sql";
import { type DisputeAnswer, DisputeNature, type DisputesService } from "../../disputes";
import type { EfiPixProvider } from "../../provider";
import { EfiApiError, listEveryPage, providerActor } from "../../provider";

/**
 * MED claims at Efí (docs/disputes.md): Efí lists the infractions notified against the
 * account's received Pix (`GET /v2/gn/infracoes?inicio&fim`) and takes the account's answer
 * (`POST /v2/gn/infracoes/{idInfracao}/defesa`). Each reconciliation run reads the window's
 * infractions and opens a dispute (its hold, event and audit) for each one still open on a
 * PAID charge, keyed by Efí's idInfracao so that a window read again opens nothing twice. An
 * operator's decision is answered to Efí by a job queued in the decision's transaction; an
 * accept sends no devolução (Efí returns the money itself: `returnsMedItself`). Efí's own
 * decision is read back in the same runs: a dispute not closed here (OPEN, contested, or
 * accepted and still held) whose infraction Efí lists as final is decided through the
 * disputes service (FINAL_OUTCOME).
 */
export const ANSWER_INFRACTION_JOB = "efi_answer_infraction";
/** Efí's actor here: the disputes it opens (openedBy) are the ones it returns itself (DisputesService.returnedByBank). */
const EFI_ACTOR = providerActor({ name: "efi" });
const EFI_AUDIT: AuditContext = { actor: EFI_ACTOR, actorKind: "SYSTEM", address: null, requestId: null };
/** Efí deciding or opening a dispute: its history actor and audit context. */
const EFI_ACTING: Acting = { actor: EFI_ACTOR, audit: EFI_AUDIT, requestId: null };
/** Efí's infractions that still wait for the account's answer. */
const STILL_OPEN = new Set(["ABERTA", "EM_DEFESA"]);
/**
 * Efí's final states (its API lists ABERTA, EM_DEFESA, ACEITA, REJEITADA, CANCELADA_EFI) and
 * what each does to the dispute here. ACEITA: the claim stands, and Efí, which blocked the
 * amount at its side, makes the MED devolução itself: the return is recorded, never sent.
 * REJEITADA (the claim did not stand) and CANCELADA_EFI (withdrawn, or cancelled by Efí): the
 * hold is released to the merchant.
 */
const FINAL_OUTCOME: Record<string, "RETURNED" | "RELEASED"> = {
  ACEITA: "RETURNED",
  REJEITADA: "RELEASED",
  CANCELADA_EFI: "RELEASED",
};
/**
 * How far before the oldest undecided dispute Efí is asked for its infractions: a dispute is
 * opened by the run whose window holds the notification, and a window reaches back at most
 * 5 days (efi-reconciliation.ts); a day more for the run itself.
 */
const DECISIONS_LOOKBACK_MS = 6 * 86_400_000;
const PAGE_SIZE = 100;
const MAX_DESCRIPTION_LENGTH = 500;

interface EfiInfraction {
  idInfracao?: string;
  endToEndId?: string;
  valor?: string;
  status?: string;
  razao?: string;
  justificativaAnalista?: string;
  dadosAnalise?: { prazoFinalizacao?: string; finalizacao?: string };
}

/** What a run did with one infraction it did not open or decide a dispute for before. */
export interface InfractionDifference {
  endToEndId: string | null;
  valor: string | null;
  /**
   * DISPUTE_OPENED, or INFRACTION_NOT_OPENED with the reason in `detail`; DISPUTE_DECIDED
   * (Efí's final decision applied), or DECISION_NOT_APPLIED with the reason (the dispute was
   * decided otherwise here first, or nothing was held to return).
   */
  outcome: "DISPUTE_OPENED" | "INFRACTION_NOT_OPENED" | "DISPUTE_DECIDED" | "DECISION_NOT_APPLIED";
  detail: string;
}

/** A dispute opened from an Efí infraction and not closed yet. */
interface UndecidedDispute {
  id: string;
  report_id: string;
  status: string;
  refund_id: string | null;
  amount_cents: string;
  held_amount_cents: string;
}

export class EfiInfractions {
  constructor(
    private readonly db: DataSource,
    private readonly provider: EfiPixProvider,
    private readonly disputes: DisputesService,
    private readonly logger: Logger,
  ) {}

  /**
   * The window's infractions: a dispute for each new one still open; then Efí's decisions on
   * the disputes still undecided here (read over a window reaching back before the oldest of
   * them). What could not be opened or applied is said why.
   */
  async readInfractions(from: Date, to: Date): Promise<{ seen: number; differences: InfractionDifference[] }> {
    const infractions = await this.listInfractions(from, to);
    const differences: InfractionDifference[] = [];
    for (const infraction of infractions) {
      if (!STILL_OPEN.has(infraction.status ?? "")) continue;
      const difference = await this.openDispute(infraction);
      if (difference) differences.push(difference);
    }
    differences.push(...(await this.readDecisions(infractions, from, to)));
    return { seen: infractions.length, differences };
  }

  /** Efí's final decisions on the disputes it opened here that are not closed yet. */
  private async readDecisions(listed: EfiInfraction[], from: Date, to: Date): Promise<InfractionDifference[]> {
    const [oldest] = await queryRows<{ at: Date | null }>(
      this.db,
      "SELECT min(opened_at) AS at FROM disputes WHERE opened_by = $1 AND closed_at IS NULL",
      [EFI_ACTOR],
    );
    if (!oldest?.at) return [];
    const since = new Date(oldest.at.getTime() - DECISIONS_LOOKBACK_MS);
    const infractions = since < from ? await this.listInfractions(since, to) : listed;
    const decided = infractions.filter(
      (infraction) => infraction.idInfracao && FINAL_OUTCOME[infraction.status ?? ""] !== undefined,
    );
    if (decided.length === 0) return [];
    const undecided = await queryRows<UndecidedDispute>(
      this.db,
      `SELECT id, report_id, status, refund_id, amount_cents, held_amount_cents FROM disputes
        WHERE report_id = ANY($1) AND opened_by = $2 AND closed_at IS NULL`,
      [decided.map((infraction) => infraction.idInfracao), EFI_ACTOR],
    );
    const byReport = new Map(undecided.map((dispute) => [dispute.report_id, dispute]));
    const differences: InfractionDifference[] = [];
    for (const infraction of decided) {
      const dispute = byReport.get(infraction.idInfracao ?? "");
      if (!dispute) continue;
      const difference = await this.applyDecision(infraction, dispute);
      if (difference) differences.push(difference);
    }
    return differences;
  }

  /**
   * One final decision of Efí on an undecided dispute, through the disputes service (its
   * locks, ledger entries, audit row by provider:efi and dispute.closed, in one transaction).
   * The first decision wins: one an operator made first (here, under the same locks) leaves
   * Efí's to be recorded as a difference.
   */
  private async applyDecision(
    infraction: EfiInfraction,
    dispute: UndecidedDispute,
  ): Promise<InfractionDifference | null> {
    const status = infraction.status ?? "";
    const outcome = FINAL_OUTCOME[status];
    const said = infraction.justificativaAnalista?.trim();
    const note = [...`Efí: infração ${status}${said ? `: ${said}` : ""}`].slice(0, MAX_DESCRIPTION_LENGTH).join("");
    const difference = (kind: InfractionDifference["outcome"], detail: string): InfractionDifference => ({
      endToEndId: infraction.endToEndId ?? null,
      valor: infraction.valor ?? null,
      outcome: kind,
      detail: `infraction ${infraction.idInfracao}, ${status}: dispute ${dispute.id} ${detail}`,
    });
    if (dispute.status === "ACCEPTED" && dispute.refund_id !== null) {
      // Accepted here with a devolução of our own (a dispute accepted before Efí's own return
      // was taken into account): that devolução decides the dispute. Efí's ACEITA agrees with it
      // (Efí caps what is returned of one Pix: if it refuses ours, the dispute is OPEN again
      // and a later run records Efí's return); anything else differs. An accept answered to
      // Efí with nothing sent (no refund yet) waits for this decision and takes it below.
      if (outcome === "RETURNED") return null;
      return difference("DECISION_NOT_APPLIED", `was accepted here first; its devolução ${dispute.refund_id} stands`);
    }
    try {
      if (outcome === "RETURNED") {
        const decided = await this.disputes.recordBankReturn(dispute.id, note, EFI_ACTING);
        const short =
          decided.heldAmountCents < decided.amountCents
            ? ` (of ${formatBrl(decided.amountCents)} claimed, ${formatBrl(decided.heldAmountCents)} was held)`
            : "";
        return difference(
          "DISPUTE_DECIDED",
          `RETURNED: ${formatBrl(decided.heldAmountCents)} returned by Efí, recorded as ${decided.refundId}${short}`,
        );
      }
      const closed = await this.disputes.recordBankRelease(dispute.id, note, EFI_ACTING);
      return difference("DISPUTE_DECIDED", `RELEASED: ${formatBrl(closed.heldAmountCents)} released to the merchant`);
    } catch (error) {
      if (error instanceof AppError) return difference("DECISION_NOT_APPLIED", `not changed: ${error.message}`);
      throw error;
    }
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
        EFI_ACTING,
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
