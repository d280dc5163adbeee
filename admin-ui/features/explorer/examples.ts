/** The explorer's starting tabs: the common tasks, each runnable as it is. */
export const EXPLORER_EXAMPLES = [
  {
    title: "Read the balance",
    query: `# Your available balance, kept by the ledger.
query ReadBalance {
  balance {
    balance
    currency
    timestamp
  }
}
`,
  },
  {
    title: "Create a charge",
    query: `# A charge of R$ 150,50 payable for one hour: show pixCode as a QR code.
mutation CreateCharge($input: CreateChargeInput!) {
  createCharge(input: $input) {
    id
    status
    amount
    expiresAt
    pixCode
  }
}
`,
    variables: JSON.stringify({ input: { amount: "150.50", description: "Pedido 42", expiresIn: 3600 } }, null, 2),
  },
  {
    title: "List withdrawals",
    query: `# Your withdrawals still waiting, with their place in the queue.
query ListWithdrawals {
  withdrawals(status: PENDING, limit: 20) {
    total
    data {
      id
      withdrawalReference
      amount
      status
      queuePosition
      createdAt
    }
  }
}
`,
  },
] as const;
