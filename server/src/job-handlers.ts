import { ANSWER_INFRACTION_JOB } from "./bank-events/efi/efi-infractions";
import { RECONCILE_JOB } from "./bank-events/efi/efi-reconciliation";
import { REMOVE_CHARGE_JOB } from "./charges/charges.service";
import type { JobHandlers } from "./core/jobs";
import { readMailJobPayload, SEND_MAIL_JOB } from "./mail/mail-outbox";
import {
  CANCEL_PAYER_BANK_REQUEST_JOB,
  CANCEL_RECURRENCE_AT_BANK_JOB,
  SEND_PAYER_BANK_REQUEST_JOB,
} from "./recurrences/recurrences.service";
import { CREATE_CYCLE_CHARGE_JOB, readCycleChargeJob } from "./recurrences/recurring-charges.service";
import { CHECK_REFUND_JOB, readReturnJobPayload, SETTLE_REFUND_JOB, SUBMIT_REFUND_JOB } from "./refunds/refund-jobs";
import type { Services } from "./services";
import {
  RELEASE_SCHEDULED_JOB,
  readWithdrawalJobPayload,
  SETTLE_TRANSFER_JOB,
  SUBMIT_TRANSFER_JOB,
} from "./withdrawals/withdrawal-jobs";

/** Every background task of the service, by name (webhook deliveries have a loop of their own). Features add theirs here. */
export function createJobHandlers(services: Services): JobHandlers {
  return {
    [SUBMIT_TRANSFER_JOB]: (payload) => services.withdrawalProcessor.submitTransfer(readWithdrawalJobPayload(payload)),
    [RELEASE_SCHEDULED_JOB]: (payload) =>
      services.withdrawalProcessor.releaseScheduledPayout(readWithdrawalJobPayload(payload)),
    [SETTLE_TRANSFER_JOB]: (payload) => services.withdrawalProcessor.settleTransfer(readWithdrawalJobPayload(payload)),
    [RECONCILE_JOB]: async () => {
      await services.efi?.reconciliation.runAndScheduleNext();
    },
    [ANSWER_INFRACTION_JOB]: async (payload) => {
      await services.efi?.infractions.answerInfraction(payload);
    },
    [REMOVE_CHARGE_JOB]: (payload) =>
      services.charges.removeChargeAtBank(String((payload as { chargeId?: unknown }).chargeId), services.logger),
    [CANCEL_RECURRENCE_AT_BANK_JOB]: (payload) =>
      services.recurrences.cancelAtBank(String((payload as { recurrenceId?: unknown }).recurrenceId)),
    [SEND_PAYER_BANK_REQUEST_JOB]: (payload) => {
      const { recurrenceId, requestId } = payload as { recurrenceId?: unknown; requestId?: unknown };
      return services.recurrences.sendPayerBankRequest(
        String(recurrenceId),
        typeof requestId === "string" ? requestId : null,
      );
    },
    [CANCEL_PAYER_BANK_REQUEST_JOB]: (payload) =>
      services.recurrences.cancelPayerBankRequest(String((payload as { bankRequestId?: unknown }).bankRequestId)),
    [SUBMIT_REFUND_JOB]: (payload) => services.returnProcessor.submitReturn(readReturnJobPayload(payload)),
    [SETTLE_REFUND_JOB]: (payload) => services.returnProcessor.settleReturn(readReturnJobPayload(payload)),
    [CHECK_REFUND_JOB]: (payload) => services.returnProcessor.checkReturnOutcome(readReturnJobPayload(payload)),
    [SEND_MAIL_JOB]: (payload) => services.mailer.send(readMailJobPayload(payload)),
    [CREATE_CYCLE_CHARGE_JOB]: async (payload) => {
      await services.recurringCharges.createCycleCharge(readCycleChargeJob(payload));
    },
  };
}
