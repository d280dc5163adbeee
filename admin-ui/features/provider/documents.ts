import { graphql } from "@/gql";

/** Which bank the service uses: the console offers the sandbox's simulations only when `sandbox`. */
export const ServiceInfoDocument = graphql(`
  query ServiceInfo {
    serviceInfo {
      pixProvider
      sandbox
    }
  }
`);

export const ProviderStatusDocument = graphql(`
  query ProviderStatus {
    providerStatus {
      name
      reconcileEverySeconds
      efi {
        baseUrl
        pixKey
        certificateSubject
        certificateIssuer
        certificateValidTo
        certificateDaysLeft
        tokenValid
        tokenExpiresAt
        tokenRequests
        circuit
        lastSuccessAt
        lastFailureAt
        lastFailure
      }
      webhook {
        ok
        webhookUrl
        pixKey
        registeredAt
        error
      }
      lastNotification {
        receivedAt
        test
        payments
        transfers
        failed
      }
      lastReconciliation {
        startedAt
        finishedAt
        windowFrom
        windowTo
        pixSeen
        credited
        exceptions
        transfersReadBack
        transfersDecided
        error
        differences {
          kind
          endToEndId
          txid
          valor
          detail
        }
      }
    }
    reconciliationReports(days: 14) {
      day
      generatedAt
      pspCount
      pspSum
      serviceCount
      serviceSum
      differences {
        kind
        endToEndId
        txid
        chargeId
        valor
      }
    }
  }
`);

/** The bank's notifications the bank did not confirm when read back: open ones, newest first. */
export const UnconfirmedNotificationsDocument = graphql(`
  query UnconfirmedNotifications {
    unconfirmedNotifications(status: OPEN, limit: 20) {
      total
      totalCapped
      data {
        id
        kind
        problem
        endToEndId
        txid
        amount
        claimedStatus
        withdrawalId
        returnRequestId
        callerAddress
        lastCallerAddress
        timesSeen
        createdAt
        lastSeenAt
      }
    }
  }
`);
