import { graphql } from "@/gql";

// Fragment ChargeBillingFields, spread by name (...ChargeBillingFields); graphql-codegen reads it here.
graphql(`
  fragment ChargeBillingFields on Charge {
    type
    dueDate
    daysAfterDue
    payer {
      name
      document
    }
    fine {
      mode
      value
    }
    interest {
      mode
      value
    }
    abatement {
      mode
      value
    }
    discount {
      mode
      value
      dates {
        date
        value
      }
    }
    amountDue
    paidAmount
    customerId
    externalReference
  }
`);

/** What a due-date charge with these terms would ask, by day: the server's rules, not a copy. */
export const PreviewChargeAmountDueDocument = graphql(`
  query PreviewChargeAmountDue($input: ChargeTermsPreviewInput!, $dates: [String!]) {
    previewChargeAmountDue(input: $input, dates: $dates) {
      dueDate
      paymentDueDate
      lastPayableDate
      days {
        date
        amountDue
        abatement
        discount
        fine
        interest
      }
    }
  }
`);

export const CreateDueDateChargeDocument = graphql(`
  mutation CreateDueDateCharge($input: CreateChargeInput!, $idempotencyKey: String) {
    createCharge(input: $input, idempotencyKey: $idempotencyKey) {
      id
      amount
      dueDate
      status
    }
  }
`);
