import type { JobHandlers } from "./core/jobs";
import type { Services } from "./services";
import { DELIVER_WEBHOOK_JOB, readWebhookJobPayload } from "./webhooks/webhook-jobs";
import { readWithdrawalJobPayload, SETTLE_TRANSFER_JOB, SUBMIT_TRANSFER_JOB } from "./withdrawals/withdrawal-jobs";

/** Every background task of the service, by name. Features add theirs here. */
export function createJobHandlers(services: Services): JobHandlers {
  return {
    [SUBMIT_TRANSFER_JOB]: (payload) => services.withdrawalProcessor.submitTransfer(readWithdrawalJobPayload(payload)),
    [SETTLE_TRANSFER_JOB]: (payload) => services.withdrawalProcessor.settleTransfer(readWithdrawalJobPayload(payload)),
    [DELIVER_WEBHOOK_JOB]: (payload) => {
      const job = readWebhookJobPayload(payload);
      return services.webhookDispatcher.deliverEvent(job.eventId, job.companyId);
    },
  };
}
