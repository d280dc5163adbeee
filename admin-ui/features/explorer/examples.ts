import type { Messages } from "@/messages";

/** An example's title and its query's first comment line: `developers.examples.<key>`. */
export type ExplorerExampleKey = keyof Messages["developers"]["examples"];

export interface ExplorerExample {
  key: ExplorerExampleKey;
  /** The operation, without its comment (the comment is in the reader's language). */
  query: string;
  variables?: string;
}

/** Runs for every caller: the first tab, so the explorer opens on an operation that answers. */
const WHO_AM_I: ExplorerExample = {
  key: "whoAmI",
  query: `query WhoAmI {
  viewer {
    kind
    role
    email
    companyName
  }
}
`,
};

/** A merchant's own account: no companyId (the API takes it from the session). */
const MERCHANT_EXAMPLES: ExplorerExample[] = [
  {
    key: "readBalance",
    query: `query ReadBalance {
  balance {
    balance
    currency
    timestamp
  }
}
`,
  },
  {
    key: "createCharge",
    query: `mutation CreateCharge($input: CreateChargeInput!) {
  createCharge(input: $input) {
    id
    status
    amount
    expiresAt
    pixCode
  }
}
`,
    variables: `{
  "input": {
    "amount": "150.50",
    "description": "Pedido 42",
    "expiresIn": 3600
  }
}`,
  },
  {
    key: "listWithdrawals",
    query: `query ListWithdrawals {
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
];

/** Operators read across accounts: nothing here needs a companyId. */
const OPERATOR_EXAMPLES: ExplorerExample[] = [
  {
    key: "approvalQueue",
    query: `query ApprovalQueue {
  withdrawals(status: PENDING, order: OLDEST_FIRST, limit: 20) {
    total
    data {
      id
      withdrawalReference
      amount
      createdAt
    }
  }
}
`,
  },
  {
    key: "companies",
    query: `query Companies {
  companies(limit: 20) {
    total
    data {
      id
      name
      cnpj
      balance
    }
  }
}
`,
  },
];

/** The explorer's starting tabs for this kind of user: each runnable as it is. */
export function explorerExamples(kind: "OPERATOR" | "MERCHANT"): ExplorerExample[] {
  return [WHO_AM_I, ...(kind === "OPERATOR" ? OPERATOR_EXAMPLES : MERCHANT_EXAMPLES)];
}
