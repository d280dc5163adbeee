/* eslint-disable */
import * as types from './graphql';



/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  query Shell($failingEndpoints: Boolean!) {\n    serviceInfo {\n      sandbox\n    }\n    failingWebhookEndpoints @include(if: $failingEndpoints) {\n      id\n      url\n      disabledAt\n    }\n  }\n": typeof types.ShellDocument,
    "\n  query MySessions {\n    mySessions {\n      id\n      createdAt\n      lastSeenAt\n      expiresAt\n      address\n      userAgent\n      current\n    }\n  }\n": typeof types.MySessionsDocument,
    "\n  mutation RevokeSession($id: ID!) {\n    revokeSession(id: $id)\n  }\n": typeof types.RevokeSessionDocument,
    "\n  mutation RevokeOtherSessions {\n    revokeOtherSessions\n  }\n": typeof types.RevokeOtherSessionsDocument,
    "\n  query TwoFactorStatus {\n    twoFactorStatus {\n      enrolled\n      required\n      enrolledAt\n      recoveryCodesLeft\n      trustedBrowsers\n      stepUpValidUntil\n    }\n  }\n": typeof types.TwoFactorStatusDocument,
    "\n  mutation CompleteSignIn($code: String!, $trustBrowser: Boolean) {\n    completeSignIn(code: $code, trustBrowser: $trustBrowser) {\n      id\n      kind\n      role\n      locale\n    }\n  }\n": typeof types.CompleteSignInDocument,
    "\n  mutation StartTwoFactorEnrolment {\n    startTwoFactorEnrolment {\n      secret\n      otpauthUri\n    }\n  }\n": typeof types.StartTwoFactorEnrolmentDocument,
    "\n  mutation ConfirmTwoFactorEnrolment($code: String!) {\n    confirmTwoFactorEnrolment(code: $code) {\n      recoveryCodes\n      viewer {\n        id\n        kind\n        role\n        locale\n      }\n    }\n  }\n": typeof types.ConfirmTwoFactorEnrolmentDocument,
    "\n  mutation VerifyStepUp($code: String!) {\n    verifyStepUp(code: $code)\n  }\n": typeof types.VerifyStepUpDocument,
    "\n  mutation RegenerateRecoveryCodes($code: String!) {\n    regenerateRecoveryCodes(code: $code)\n  }\n": typeof types.RegenerateRecoveryCodesDocument,
    "\n  mutation DisableTwoFactor($code: String!) {\n    disableTwoFactor(code: $code)\n  }\n": typeof types.DisableTwoFactorDocument,
    "\n  mutation ForgetTrustedBrowsers {\n    forgetTrustedBrowsers\n  }\n": typeof types.ForgetTrustedBrowsersDocument,
    "\n  mutation ResetTwoFactor($userId: ID!) {\n    resetTwoFactor(userId: $userId)\n  }\n": typeof types.ResetTwoFactorDocument,
    "\n  query CompanyTwoFactorRequired {\n    companyTwoFactorRequired\n  }\n": typeof types.CompanyTwoFactorRequiredDocument,
    "\n  mutation SetCompanyTwoFactorRequired($required: Boolean!) {\n    setCompanyTwoFactorRequired(required: $required)\n  }\n": typeof types.SetCompanyTwoFactorRequiredDocument,
    "\n  fragment AdjustmentRow on Adjustment {\n    id\n    companyId\n    amount\n    description\n    status\n    createdAt\n    requestedBy\n    requestedByInfo {\n      id\n      kind\n      displayName\n      email\n      credentialHint\n    }\n    confirmedBy\n    rejectedBy\n    rejectionReason\n    decidedAt\n  }\n": typeof types.AdjustmentRowFragmentDoc,
    "\n  query AdjustmentsList($first: Int, $after: String, $status: AdjustmentStatus, $companyId: ID) {\n    adjustments(first: $first, after: $after, status: $status, companyId: $companyId) {\n      data {\n        ...AdjustmentRow\n      }\n      pageInfo {\n        endCursor\n        hasNextPage\n      }\n    }\n  }\n": typeof types.AdjustmentsListDocument,
    "\n  mutation CreateAdjustment($companyId: ID!, $amount: Money!, $description: String!) {\n    createAdjustment(companyId: $companyId, amount: $amount, description: $description) {\n      ...AdjustmentRow\n    }\n  }\n": typeof types.CreateAdjustmentDocument,
    "\n  mutation ConfirmAdjustment($id: ID!) {\n    confirmAdjustment(id: $id) {\n      ...AdjustmentRow\n    }\n  }\n": typeof types.ConfirmAdjustmentDocument,
    "\n  mutation RejectAdjustment($id: ID!, $reason: String!) {\n    rejectAdjustment(id: $id, reason: $reason) {\n      ...AdjustmentRow\n    }\n  }\n": typeof types.RejectAdjustmentDocument,
    "\n  query AuditLog(\n    $first: Int\n    $after: String\n    $objectType: String\n    $objectId: ID\n    $actor: String\n    $action: String\n    $from: DateTimeISO\n    $to: DateTimeISO\n  ) {\n    auditLog(\n      first: $first\n      after: $after\n      objectType: $objectType\n      objectId: $objectId\n      actor: $actor\n      action: $action\n      from: $from\n      to: $to\n    ) {\n      data {\n        id\n        at\n        actor\n        actorInfo {\n          id\n          kind\n          displayName\n          email\n          credentialHint\n        }\n        actorKind\n        action\n        objectType\n        objectId\n        companyId\n        reason\n        address\n        requestId\n        before\n        after\n        namedActors {\n          id\n          kind\n          displayName\n          email\n          credentialHint\n        }\n      }\n      pageInfo {\n        endCursor\n        hasNextPage\n      }\n    }\n  }\n": typeof types.AuditLogDocument,
    "\n  query Viewer {\n    viewer {\n      id\n      kind\n      role\n      name\n      email\n      companyId\n      companyName\n      locale\n      authenticatedBy\n    }\n  }\n": typeof types.ViewerDocument,
    "\n  mutation SignIn($email: String!, $password: String!) {\n    signIn(email: $email, password: $password) {\n      id\n      kind\n      role\n      locale\n      signInStep\n    }\n  }\n": typeof types.SignInDocument,
    "\n  mutation SignOut {\n    signOut\n  }\n": typeof types.SignOutDocument,
    "\n  mutation AcceptInvite($token: String!, $password: String!, $name: String) {\n    acceptInvite(token: $token, password: $password, name: $name) {\n      id\n      kind\n      role\n      locale\n      signInStep\n    }\n  }\n": typeof types.AcceptInviteDocument,
    "\n  mutation SetConsoleLocale($locale: ConsoleLocale!) {\n    setConsoleLocale(locale: $locale) {\n      id\n      locale\n    }\n  }\n": typeof types.SetConsoleLocaleDocument,
    "\n  query InvitePreview($token: String!) {\n    invitePreview(token: $token) {\n      email\n      name\n      kind\n      role\n      companyName\n      expiresAt\n    }\n  }\n": typeof types.InvitePreviewDocument,
    "\n  fragment ChargeBillingFields on Charge {\n    type\n    dueDate\n    daysAfterDue\n    payer {\n      name\n      document\n    }\n    fine {\n      mode\n      value\n    }\n    interest {\n      mode\n      value\n    }\n    abatement {\n      mode\n      value\n    }\n    discount {\n      mode\n      value\n      dates {\n        date\n        value\n      }\n    }\n    amountDue\n    paidAmount\n    customerId\n    externalReference\n  }\n": typeof types.ChargeBillingFieldsFragmentDoc,
    "\n  query PreviewChargeAmountDue($input: ChargeTermsPreviewInput!, $dates: [String!]) {\n    previewChargeAmountDue(input: $input, dates: $dates) {\n      dueDate\n      paymentDueDate\n      lastPayableDate\n      days {\n        date\n        amountDue\n        abatement\n        discount\n        fine\n        interest\n      }\n    }\n  }\n": typeof types.PreviewChargeAmountDueDocument,
    "\n  mutation CreateDueDateCharge($input: CreateChargeInput!, $idempotencyKey: String) {\n    createCharge(input: $input, idempotencyKey: $idempotencyKey) {\n      id\n      amount\n      dueDate\n      status\n    }\n  }\n": typeof types.CreateDueDateChargeDocument,
    "\n  fragment ChargeRow on Charge {\n    id\n    companyId\n    txid\n    e2eId\n    amount\n    fee\n    netAmount\n    status\n    description\n    reserved\n    reservedReason\n    reservedAmount\n    refundedAmount\n    disputedAmount\n    payerName\n    payerDocument\n    createdAt\n    paidAt\n    expiresAt\n    type\n    dueDate\n    paidAmount\n    payer {\n      name\n      document\n    }\n  }\n": typeof types.ChargeRowFragmentDoc,
    "\n  query ChargesList(\n    $first: Int\n    $after: String\n    $status: ChargeStatus\n    $reserved: Boolean\n    $refunded: Boolean\n    $disputed: Boolean\n    $companyId: ID\n    $createdFrom: DateTimeISO\n    $createdTo: DateTimeISO\n    $type: ChargeType\n  ) {\n    charges(\n      first: $first\n      after: $after\n      status: $status\n      reserved: $reserved\n      refunded: $refunded\n      disputed: $disputed\n      companyId: $companyId\n      createdFrom: $createdFrom\n      createdTo: $createdTo\n      type: $type\n    ) {\n      data {\n        ...ChargeRow\n      }\n      pageInfo {\n        endCursor\n        hasNextPage\n      }\n    }\n  }\n": typeof types.ChargesListDocument,
    "\n  query ChargeSearch($query: String!) {\n    search(query: $query) {\n      charges {\n        ...ChargeRow\n      }\n    }\n  }\n": typeof types.ChargeSearchDocument,
    "\n  query ChargeDetail($id: ID!) {\n    charge(id: $id) {\n      ...ChargeRow\n      pixCode\n      updatedAt\n      ...ChargeBillingFields\n      ...ChargeRecurrenceFields\n    }\n  }\n": typeof types.ChargeDetailDocument,
    "\n  query ChargeTimeline($id: ID!) {\n    auditTrail(objectType: \"charge\", objectId: $id) {\n      id\n      at\n      actor\n      actorInfo {\n        id\n        kind\n        displayName\n        email\n        credentialHint\n      }\n      action\n      reason\n    }\n    webhookDeliveries(subjectId: $id, first: 20) {\n      data {\n        eventId\n        endpointId\n        endpointUrl\n        event\n        status\n        createdAt\n        attemptCount\n      }\n    }\n  }\n": typeof types.ChargeTimelineDocument,
    "\n  mutation ReserveCharge($id: ID!, $reason: String!) {\n    reserveCharge(id: $id, reason: $reason) {\n      ...ChargeRow\n    }\n  }\n": typeof types.ReserveChargeDocument,
    "\n  mutation ReleaseCharge($id: ID!) {\n    releaseCharge(id: $id) {\n      ...ChargeRow\n    }\n  }\n": typeof types.ReleaseChargeDocument,
    "\n  mutation SimulateChargePayment($chargeId: ID!, $payerName: String, $payerDocument: String) {\n    simulateChargePayment(chargeId: $chargeId, payerName: $payerName, payerDocument: $payerDocument) {\n      ...ChargeRow\n    }\n  }\n": typeof types.SimulateChargePaymentDocument,
    "\n  query Companies($search: String, $limit: Int, $offset: Int) {\n    companies(search: $search, limit: $limit, offset: $offset) {\n      total\n      totalCapped\n      data {\n        id\n        name\n        cnpj\n        city\n        balance\n        feePercent\n        feeFixed\n        autoApproveLimit\n        createdAt\n        webhookEndpointCount\n      }\n    }\n  }\n": typeof types.CompaniesDocument,
    "\n  query CompanyEndpoints($companyId: ID!) {\n    webhookEndpoints(companyId: $companyId) {\n      data {\n        id\n        url\n        events\n        status\n        disabledReason\n        disabledAt\n        accountEndpoint\n        consecutiveFailures\n        failingSince\n      }\n    }\n  }\n": typeof types.CompanyEndpointsDocument,
    "\n  query CompanyOverview($id: ID!) {\n    company(id: $id) {\n      id\n      name\n      cnpj\n      city\n      balance\n      feePercent\n      feeFixed\n      autoApproveLimit\n      createdAt\n      updatedAt\n      pendingAutoApproveLimitRequest {\n        ...PendingAutoApproveLimit\n      }\n    }\n  }\n": typeof types.CompanyOverviewDocument,
    "\n  fragment PendingAutoApproveLimit on AutoApproveLimitRequest {\n    id\n    previousLimit\n    requestedLimit\n    requestedBy\n    requestedByEmail\n    requestedAt\n    mine\n  }\n": typeof types.PendingAutoApproveLimitFragmentDoc,
    "\n  mutation ConfirmAutoApproveLimitRequest($id: ID!) {\n    confirmAutoApproveLimitRequest(id: $id) {\n      id\n      status\n    }\n  }\n": typeof types.ConfirmAutoApproveLimitRequestDocument,
    "\n  mutation DeclineAutoApproveLimitRequest($id: ID!, $reason: String) {\n    declineAutoApproveLimitRequest(id: $id, reason: $reason) {\n      id\n      status\n    }\n  }\n": typeof types.DeclineAutoApproveLimitRequestDocument,
    "\n  query BalanceAudit($companyId: ID!) {\n    balanceAudit(companyId: $companyId) {\n      consistent\n      checkedAt\n      paidChargesNet\n      chargesHeld\n      disputesHeld\n      adjustments\n      withdrawalsHeld\n      refundsHeld\n      recomputedBalance\n      runningBalance\n      ledgerSum\n      lastEntryBalance\n      ledgerEntries\n      pendingWithdrawals\n      pendingWithdrawalsCounted\n    }\n  }\n": typeof types.BalanceAuditDocument,
    "\n  query CompanyAdjustments($companyId: ID!, $limit: Int, $offset: Int) {\n    adjustments(companyId: $companyId, limit: $limit, offset: $offset) {\n      total\n      data {\n      id\n      amount\n      description\n      status\n      createdAt\n      requestedBy\n      confirmedBy\n      rejectedBy\n      rejectionReason\n      decidedAt\n      }\n    }\n  }\n": typeof types.CompanyAdjustmentsDocument,
    "\n  query CompanyCharges($companyId: ID!, $status: ChargeStatus, $limit: Int, $offset: Int) {\n    charges(companyId: $companyId, status: $status, limit: $limit, offset: $offset) {\n      total\n      data {\n        id\n        txid\n        amount\n        fee\n        netAmount\n        status\n        description\n        reserved\n        reservedReason\n        refundedAmount\n        disputedAmount\n        payerName\n        createdAt\n        paidAt\n        expiresAt\n        type\n        dueDate\n        paidAmount\n        payer {\n          name\n        }\n      }\n    }\n  }\n": typeof types.CompanyChargesDocument,
    "\n  mutation UpdateCompany($id: ID!, $input: UpdateCompanyInput!) {\n    updateCompany(id: $id, input: $input) {\n      id\n      name\n      cnpj\n      city\n      feePercent\n      feeFixed\n      autoApproveLimit\n      updatedAt\n      pendingAutoApproveLimitRequest {\n        id\n        requestedLimit\n      }\n    }\n  }\n": typeof types.UpdateCompanyDocument,
    "\n  mutation CreateCompany($input: CreateCompanyInput!) {\n    createCompany(input: $input) {\n      company {\n        id\n        name\n        autoApproveLimit\n      }\n      autoApproveLimitRequest {\n        id\n        requestedLimit\n      }\n      clientSecret\n      webhookSecret\n      ownerInvite {\n        inviteUrl\n        user {\n          email\n        }\n      }\n    }\n  }\n": typeof types.CreateCompanyDocument,
    "\n  query CompanyPicker($search: String, $limit: Int) {\n    companies(search: $search, limit: $limit) {\n      data {\n        id\n        name\n        cnpj\n      }\n    }\n  }\n": typeof types.CompanyPickerDocument,
    "\n  query MerchantCredentials {\n    clientCredentials {\n      id\n      label\n      lastUsedAt\n      secretHint\n      createdAt\n      expiresAt\n      revokedAt\n    }\n  }\n": typeof types.MerchantCredentialsDocument,
    "\n  mutation IssueMerchantSecret($expiresAt: DateTimeISO, $label: String) {\n    issueClientSecret(expiresAt: $expiresAt, label: $label) {\n      clientSecret\n      credential {\n        id\n        secretHint\n        expiresAt\n      }\n    }\n  }\n": typeof types.IssueMerchantSecretDocument,
    "\n  mutation RevokeMerchantSecret($credentialId: ID!) {\n    revokeClientSecret(credentialId: $credentialId) {\n      id\n      revokedAt\n    }\n  }\n": typeof types.RevokeMerchantSecretDocument,
    "\n  mutation LabelMerchantSecret($credentialId: ID!, $label: String) {\n    labelClientCredential(credentialId: $credentialId, label: $label) {\n      id\n      label\n    }\n  }\n": typeof types.LabelMerchantSecretDocument,
    "\n  fragment CustomerRow on Customer {\n    id\n    name\n    document\n    email\n    phone\n    createdAt\n  }\n": typeof types.CustomerRowFragmentDoc,
    "\n  query Customers($document: String, $limit: Int, $offset: Int) {\n    customers(document: $document, limit: $limit, offset: $offset) {\n      total\n      totalCapped\n      data {\n        ...CustomerRow\n      }\n    }\n  }\n": typeof types.CustomersDocument,
    "\n  query CustomerDetail($id: ID!, $limit: Int, $offset: Int) {\n    customer(id: $id) {\n      ...CustomerRow\n    }\n    charges(customerId: $id, limit: $limit, offset: $offset) {\n      total\n      totalCapped\n      data {\n        ...MerchantChargeRow\n      }\n    }\n  }\n": typeof types.CustomerDetailDocument,
    "\n  mutation CreateCustomer($input: CreateCustomerInput!) {\n    createCustomer(input: $input) {\n      ...CustomerRow\n    }\n  }\n": typeof types.CreateCustomerDocument,
    "\n  fragment DisputeRow on Dispute {\n    id\n    companyId\n    chargeId\n    nature\n    amount\n    heldAmount\n    status\n    outcome\n    description\n    merchantStatement\n    contestStatement\n    refundId\n    returnFailureReason\n    returnedByBank\n    openedAt\n    deadlineAt\n    decidedAt\n    closedAt\n  }\n": typeof types.DisputeRowFragmentDoc,
    "\n  query Disputes($first: Int, $after: String, $status: DisputeStatus) {\n    disputes(first: $first, after: $after, status: $status) {\n      data {\n        ...DisputeRow\n      }\n      total\n      pageInfo {\n        endCursor\n        hasNextPage\n      }\n    }\n  }\n": typeof types.DisputesDocument,
    "\n  query ChargeDisputes($chargeId: ID!) {\n    chargeDisputes(chargeId: $chargeId) {\n      ...DisputeRow\n    }\n  }\n": typeof types.ChargeDisputesDocument,
    "\n  mutation AcceptDispute($id: ID!) {\n    acceptDispute(id: $id) {\n      ...DisputeRow\n      acceptRequestedBy\n    }\n  }\n": typeof types.AcceptDisputeDocument,
    "\n  mutation ContestDispute($id: ID!, $statement: String!) {\n    contestDispute(id: $id, statement: $statement) {\n      ...DisputeRow\n    }\n  }\n": typeof types.ContestDisputeDocument,
    "\n  mutation CloseDispute($id: ID!, $note: String) {\n    closeDispute(id: $id, note: $note) {\n      ...DisputeRow\n    }\n  }\n": typeof types.CloseDisputeDocument,
    "\n  mutation SubmitDisputeStatement($id: ID!, $statement: String!) {\n    submitDisputeStatement(id: $id, statement: $statement) {\n      ...DisputeRow\n    }\n  }\n": typeof types.SubmitDisputeStatementDocument,
    "\n  fragment MerchantChargeRow on Charge {\n    id\n    txid\n    e2eId\n    amount\n    fee\n    netAmount\n    status\n    description\n    reserved\n    refundedAmount\n    disputedAmount\n    createdAt\n    expiresAt\n    paidAt\n    payerName\n    type\n    dueDate\n    paidAmount\n    payer {\n      name\n    }\n  }\n": typeof types.MerchantChargeRowFragmentDoc,
    "\n  query MerchantCharges(\n    $status: ChargeStatus\n    $type: ChargeType\n    $refunded: Boolean\n    $disputed: Boolean\n    $createdFrom: DateTimeISO\n    $createdTo: DateTimeISO\n    $limit: Int\n    $offset: Int\n  ) {\n    charges(\n      status: $status\n      type: $type\n      refunded: $refunded\n      disputed: $disputed\n      createdFrom: $createdFrom\n      createdTo: $createdTo\n      limit: $limit\n      offset: $offset\n    ) {\n      total\n      totalCapped\n      data {\n        ...MerchantChargeRow\n      }\n    }\n  }\n": typeof types.MerchantChargesDocument,
    "\n  query MerchantChargeSearch($query: String!) {\n    search(query: $query) {\n      charges {\n        ...MerchantChargeRow\n      }\n    }\n  }\n": typeof types.MerchantChargeSearchDocument,
    "\n  query MerchantChargeDetail($id: ID!) {\n    charge(id: $id) {\n      ...MerchantChargeRow\n      pixCode\n      payerDocument\n      updatedAt\n      reservedAmount\n      paymentLinkId\n      qrcodeId\n      ...ChargeBillingFields\n      ...ChargeRecurrenceFields\n    }\n    refunds(chargeId: $id) {\n      total\n      data {\n        ...RefundRow\n      }\n    }\n    webhookDeliveries(subjectId: $id, limit: 20) {\n      data {\n        eventId\n        endpointId\n        endpointUrl\n        event\n        status\n        createdAt\n        deliveredAt\n        attemptCount\n        requestBody\n      }\n    }\n    # Where its events go: the account's endpoints (CONTRACT §15), counted beside its events.\n    webhookEndpoints {\n      data {\n        id\n        status\n      }\n    }\n  }\n": typeof types.MerchantChargeDetailDocument,
    "\n  mutation CreateMerchantCharge($input: CreateChargeInput!, $idempotencyKey: String) {\n    createCharge(input: $input, idempotencyKey: $idempotencyKey) {\n      id\n      amount\n      pixCode\n      expiresAt\n      status\n    }\n  }\n": typeof types.CreateMerchantChargeDocument,
    "\n  mutation CancelMerchantCharge($id: ID!) {\n    cancelCharge(id: $id) {\n      id\n      status\n    }\n  }\n": typeof types.CancelMerchantChargeDocument,
    "\n  mutation SimulateOwnChargePayment($chargeId: ID!, $payerName: String) {\n    simulateOwnChargePayment(chargeId: $chargeId, payerName: $payerName) {\n      id\n      status\n    }\n  }\n": typeof types.SimulateOwnChargePaymentDocument,
    "\n  fragment MerchantWithdrawalRow on Withdrawal {\n    id\n    amount\n    status\n    pixKey\n    pixKeyType\n    bankAccount {\n      ispb\n      branch\n      account\n      accountType\n      holderName\n      holderDocument\n    }\n    recipientDocument\n    recipientName\n    recipient {\n      name\n      document\n      institution\n    }\n    recipientWarnings\n    queuePosition\n    scheduledFor\n    sendsOn\n    cancellable\n    reason\n    rejected\n    withdrawalReference\n    e2eId\n    createdAt\n    updatedAt\n    paidAt\n  }\n": typeof types.MerchantWithdrawalRowFragmentDoc,
    "\n  query MerchantWithdrawals($status: WithdrawalStatus, $limit: Int, $offset: Int) {\n    withdrawals(status: $status, limit: $limit, offset: $offset) {\n      total\n      totalCapped\n      data {\n        ...MerchantWithdrawalRow\n      }\n    }\n    balance {\n      balance\n    }\n  }\n": typeof types.MerchantWithdrawalsDocument,
    "\n  query MerchantWithdrawalDetail($id: ID!) {\n    withdrawal(id: $id) {\n      ...MerchantWithdrawalRow\n      idempotencyKey\n      retryCount\n      approvalsRequired\n      approvals {\n        at\n      }\n    }\n    withdrawalHistory(id: $id) {\n      id\n      fromStatus\n      toStatus\n      actor\n      actorInfo {\n        id\n        kind\n        displayName\n        email\n        credentialHint\n      }\n      reason\n      createdAt\n    }\n  }\n": typeof types.MerchantWithdrawalDetailDocument,
    "\n  query MerchantBalance {\n    balance {\n      balance\n    }\n  }\n": typeof types.MerchantBalanceDocument,
    "\n  mutation CreateMerchantWithdrawal($idempotencyKey: String!, $input: CreateWithdrawalInput!) {\n    createWithdrawal(idempotencyKey: $idempotencyKey, input: $input) {\n      id\n      status\n      withdrawalReference\n      queuePosition\n    }\n  }\n": typeof types.CreateMerchantWithdrawalDocument,
    "\n  mutation CancelMerchantWithdrawal($id: ID!, $reason: String) {\n    cancelWithdrawal(id: $id, reason: $reason) {\n      id\n      status\n    }\n  }\n": typeof types.CancelMerchantWithdrawalDocument,
    "\n  query PixParticipants {\n    pixParticipants {\n      ispb\n      name\n      code\n    }\n  }\n": typeof types.PixParticipantsDocument,
    "\n  query MerchantHome {\n    merchantOverview {\n      balance\n      paidChargesNet\n      adjustments\n      withdrawalsHeld\n      refundsHeld\n      reserved\n      disputesHeld\n      today {\n        received {\n          count\n          amount\n        }\n        sent {\n          count\n          amount\n        }\n      }\n      daily(days: 30) {\n        date\n        paidAmount\n        withdrawalAmount\n      }\n    }\n    recent: charges(limit: 5) {\n      total\n      data {\n        id\n        amount\n        netAmount\n        status\n        description\n        createdAt\n      }\n    }\n  }\n": typeof types.MerchantHomeDocument,
    "\n  fragment OperatorRow on ConsoleUser {\n    id\n    email\n    name\n    role\n    disabled\n    invitePending\n    inviteExpiresAt\n    lastSignInAt\n    createdAt\n  }\n": typeof types.OperatorRowFragmentDoc,
    "\n  query Operators {\n    operators {\n      ...OperatorRow\n    }\n  }\n": typeof types.OperatorsDocument,
    "\n  mutation InviteOperator($email: String!, $name: String, $role: OperatorRole!) {\n    inviteOperator(email: $email, name: $name, role: $role) {\n      inviteUrl\n      user {\n        ...OperatorRow\n      }\n    }\n  }\n": typeof types.InviteOperatorDocument,
    "\n  mutation UpdateOperator($id: ID!, $role: OperatorRole, $disabled: Boolean) {\n    updateOperator(id: $id, role: $role, disabled: $disabled) {\n      ...OperatorRow\n    }\n  }\n": typeof types.UpdateOperatorDocument,
    "\n  fragment PendingApprovalCounts on PendingApprovals {\n    adjustments {\n      count\n      amount\n    }\n    withdrawals {\n      count\n      amount\n    }\n  }\n": typeof types.PendingApprovalCountsFragmentDoc,
    "\n  query OperatorOverview {\n    pendingApprovals {\n      ...PendingApprovalCounts\n    }\n    operatorDashboard {\n      pendingWithdrawals {\n        count\n        amount\n        oldestCreatedAt\n      }\n      today {\n        paidCharges {\n          count\n          amount\n        }\n        withdrawals {\n          count\n          amount\n        }\n      }\n      openPaymentExceptions\n      failedWebhookDeliveries\n      daily(days: 30) {\n        date\n        paidAmount\n        paidCount\n        withdrawalAmount\n        withdrawalCount\n      }\n    }\n  }\n": typeof types.OperatorOverviewDocument,
    "\n  query PendingApprovals {\n    pendingApprovals {\n      ...PendingApprovalCounts\n    }\n  }\n": typeof types.PendingApprovalsDocument,
    "\n  query PayerPage($token: String!) {\n    payerPage(token: $token) {\n      accountName\n      status\n      type\n      amount\n      description\n      dueDate\n      expiresAt\n      pixCode\n      paidAt\n      sandbox\n    }\n  }\n": typeof types.PayerPageDocument,
    "\n  query PaymentLinkPage($token: String!) {\n    paymentLinkPage(token: $token) {\n      accountName\n      description\n      status\n      amount\n      minAmount\n      maxAmount\n      sandbox\n    }\n  }\n": typeof types.PaymentLinkPageDocument,
    "\n  mutation ConfirmPaymentLink($token: String!, $amount: Money) {\n    confirmPaymentLink(token: $token, amount: $amount) {\n      paymentUrl\n    }\n  }\n": typeof types.ConfirmPaymentLinkDocument,
    "\n  fragment PaymentExceptionRow on PaymentException {\n    id\n    kind\n    status\n    amount\n    expectedAmount\n    txid\n    endToEndId\n    chargeId\n    companyId\n    payerName\n    payerDocument\n    paidAt\n    problem\n    resolution\n    resolvedAt\n    resolvedBy\n    createdAt\n    returnStatus\n    returnId\n    returnReason\n    returnFailureReason\n    returnedAt\n  }\n": typeof types.PaymentExceptionRowFragmentDoc,
    "\n  query PaymentExceptions($first: Int, $after: String, $status: PaymentExceptionStatus) {\n    paymentExceptions(first: $first, after: $after, status: $status) {\n      data {\n        ...PaymentExceptionRow\n      }\n      pageInfo {\n        endCursor\n        hasNextPage\n      }\n    }\n  }\n": typeof types.PaymentExceptionsDocument,
    "\n  mutation ResolvePaymentException($id: ID!, $resolution: String!) {\n    resolvePaymentException(id: $id, resolution: $resolution) {\n      ...PaymentExceptionRow\n    }\n  }\n": typeof types.ResolvePaymentExceptionDocument,
    "\n  mutation ReturnPaymentException($id: ID!, $reason: String) {\n    returnPaymentException(id: $id, reason: $reason) {\n      ...PaymentExceptionRow\n    }\n  }\n": typeof types.ReturnPaymentExceptionDocument,
    "\n  query MerchantPaymentLinks($limit: Int, $offset: Int) {\n    paymentLinks(limit: $limit, offset: $offset) {\n      total\n      data {\n        id\n        url\n        status\n        description\n        amount\n        minAmount\n        maxAmount\n        reusable\n        expiresAt\n        chargesCount\n        paidCount\n        paidTotal\n        createdAt\n      }\n    }\n    payerPageSettings {\n      displayName\n    }\n  }\n": typeof types.MerchantPaymentLinksDocument,
    "\n  mutation CreatePaymentLink($input: CreatePaymentLinkInput!) {\n    createPaymentLink(input: $input) {\n      id\n      url\n    }\n  }\n": typeof types.CreatePaymentLinkDocument,
    "\n  mutation DeactivatePaymentLink($id: ID!) {\n    deactivatePaymentLink(id: $id) {\n      id\n      status\n    }\n  }\n": typeof types.DeactivatePaymentLinkDocument,
    "\n  mutation UpdatePayerPageSettings($displayName: String) {\n    updatePayerPageSettings(displayName: $displayName) {\n      displayName\n    }\n  }\n": typeof types.UpdatePayerPageSettingsDocument,
    "\n  query ServiceInfo {\n    serviceInfo {\n      pixProvider\n      sandbox\n    }\n  }\n": typeof types.ServiceInfoDocument,
    "\n  query ProviderStatus {\n    providerStatus {\n      name\n      reconcileEverySeconds\n      efi {\n        baseUrl\n        pixKey\n        certificateSubject\n        certificateIssuer\n        certificateValidTo\n        certificateDaysLeft\n        tokenValid\n        tokenExpiresAt\n        tokenRequests\n        circuit\n        lastSuccessAt\n        lastFailureAt\n        lastFailure\n      }\n      webhook {\n        ok\n        webhookUrl\n        pixKey\n        registeredAt\n        error\n      }\n      lastNotification {\n        receivedAt\n        test\n        payments\n        transfers\n        failed\n      }\n      lastReconciliation {\n        startedAt\n        finishedAt\n        windowFrom\n        windowTo\n        pixSeen\n        credited\n        exceptions\n        transfersReadBack\n        transfersDecided\n        error\n        differences {\n          kind\n          endToEndId\n          txid\n          valor\n          detail\n        }\n      }\n    }\n    reconciliationReports(days: 14) {\n      day\n      generatedAt\n      pspCount\n      pspSum\n      serviceCount\n      serviceSum\n      differences {\n        kind\n        endToEndId\n        txid\n        chargeId\n        valor\n      }\n    }\n  }\n": typeof types.ProviderStatusDocument,
    "\n  query UnconfirmedNotifications {\n    unconfirmedNotifications(status: OPEN, limit: 20) {\n      total\n      totalCapped\n      data {\n        id\n        kind\n        problem\n        endToEndId\n        txid\n        amount\n        claimedStatus\n        withdrawalId\n        returnRequestId\n        callerAddress\n        lastCallerAddress\n        timesSeen\n        createdAt\n        lastSeenAt\n      }\n    }\n  }\n": typeof types.UnconfirmedNotificationsDocument,
    "\n  query MerchantQrCodes($limit: Int, $offset: Int) {\n    qrCodes(limit: $limit, offset: $offset) {\n      total\n      data {\n        id\n        pixCode\n        description\n        amount\n        active\n        paidCount\n        paidTotal\n        createdAt\n      }\n    }\n  }\n": typeof types.MerchantQrCodesDocument,
    "\n  query MerchantQrCode($id: ID!) {\n    qrCode(id: $id) {\n      id\n      pixCode\n      description\n      amount\n      active\n    }\n    payerPageSettings {\n      displayName\n    }\n  }\n": typeof types.MerchantQrCodeDocument,
    "\n  mutation CreateQrCode($input: CreateQrCodeInput!) {\n    createQrCode(input: $input) {\n      id\n    }\n  }\n": typeof types.CreateQrCodeDocument,
    "\n  mutation DeactivateQrCode($id: ID!) {\n    deactivateQrCode(id: $id) {\n      id\n      active\n    }\n  }\n": typeof types.DeactivateQrCodeDocument,
    "\n  fragment RecurrenceRow on Recurrence {\n    id\n    companyId\n    status\n    contract\n    object\n    frequency\n    startDate\n    endDate\n    amount\n    retryPolicy\n    autoCharge\n    reason\n    customerId\n    payer {\n      name\n      document\n    }\n    firstPayment {\n      amount\n    }\n    createdAt\n  }\n": typeof types.RecurrenceRowFragmentDoc,
    "\n  fragment RecurringChargeRow on Charge {\n    id\n    type\n    amount\n    status\n    dueDate\n    debitAttempt\n    failureReason\n    nextAttemptOn\n    paidAt\n    createdAt\n  }\n": typeof types.RecurringChargeRowFragmentDoc,
    "\n  fragment ChargeRecurrenceFields on Charge {\n    id\n    type\n    status\n    dueDate\n    recurrenceId\n    debitAttempt\n    failureReason\n    nextAttemptOn\n    payer {\n      name\n      document\n    }\n  }\n": typeof types.ChargeRecurrenceFieldsFragmentDoc,
    "\n  fragment DebitAttemptRow on RecurringDebitAttempt {\n    chargeId\n    companyId\n    recurrenceId\n    attempt\n    day\n    outcome\n    failureReason\n    amount\n    recordedAt\n  }\n": typeof types.DebitAttemptRowFragmentDoc,
    "\n  query RecurrenceAttempts($recurrenceId: ID!, $limit: Int) {\n    recurringDebitAttempts(recurrenceId: $recurrenceId, limit: $limit) {\n      total\n      data {\n        ...DebitAttemptRow\n      }\n    }\n  }\n": typeof types.RecurrenceAttemptsDocument,
    "\n  query FailedDebits($day: String!, $companyId: ID, $limit: Int, $offset: Int) {\n    recurringDebitAttempts(day: $day, outcome: FAILED, companyId: $companyId, limit: $limit, offset: $offset) {\n      total\n      totalCapped\n      data {\n        ...DebitAttemptRow\n      }\n    }\n  }\n": typeof types.FailedDebitsDocument,
    "\n  query Recurrences($status: RecurrenceStatus, $companyId: ID, $limit: Int, $offset: Int) {\n    recurrences(status: $status, companyId: $companyId, limit: $limit, offset: $offset) {\n      total\n      totalCapped\n      data {\n        ...RecurrenceRow\n      }\n    }\n  }\n": typeof types.RecurrencesDocument,
    "\n  query RecurrenceDetail($id: ID!, $limit: Int, $offset: Int) {\n    recurrence(id: $id) {\n      ...RecurrenceRow\n      pixCode\n      authorisationExpiresAt\n      updatedAt\n      nextCycleDate\n      payerBankAccount {\n        ispb\n        branch\n        account\n      }\n      payerBankRequest {\n        status\n        sentAt\n        failureReason\n      }\n    }\n    recurrenceCharges(recurrenceId: $id, limit: $limit, offset: $offset) {\n      total\n      totalCapped\n      data {\n        ...RecurringChargeRow\n      }\n    }\n  }\n": typeof types.RecurrenceDetailDocument,
    "\n  mutation CreateRecurrence($input: CreateRecurrenceInput!, $idempotencyKey: String!) {\n    createRecurrence(input: $input, idempotencyKey: $idempotencyKey) {\n      id\n      status\n    }\n  }\n": typeof types.CreateRecurrenceDocument,
    "\n  mutation CancelRecurrence($id: ID!, $reason: String) {\n    cancelRecurrence(id: $id, reason: $reason) {\n      id\n      status\n    }\n  }\n": typeof types.CancelRecurrenceDocument,
    "\n  mutation SimulateRecurrenceDecision($id: ID!, $decision: RecurrenceDecision!) {\n    simulateRecurrenceDecision(id: $id, decision: $decision) {\n      id\n      status\n    }\n  }\n": typeof types.SimulateRecurrenceDecisionDocument,
    "\n  mutation CreateRecurringCharge($recurrenceId: ID!, $input: CreateRecurringChargeInput!) {\n    createRecurringCharge(recurrenceId: $recurrenceId, input: $input) {\n      id\n      dueDate\n      amount\n    }\n  }\n": typeof types.CreateRecurringChargeDocument,
    "\n  mutation SimulateRecurringDebit($chargeId: ID!, $outcome: RecurringDebitOutcome!, $reason: String) {\n    simulateRecurringDebit(chargeId: $chargeId, outcome: $outcome, reason: $reason) {\n      id\n      status\n    }\n  }\n": typeof types.SimulateRecurringDebitDocument,
    "\n  query PayerBanks {\n    pixParticipants {\n      ispb\n      name\n      code\n    }\n  }\n": typeof types.PayerBanksDocument,
    "\n  fragment RefundRow on Refund {\n    id\n    chargeId\n    amount\n    status\n    reason\n    failureReason\n    returnId\n    createdAt\n    refundedAt\n    updatedAt\n  }\n": typeof types.RefundRowFragmentDoc,
    "\n  query ChargeRefunds($chargeId: ID!) {\n    refunds(chargeId: $chargeId) {\n      total\n      data {\n        ...RefundRow\n      }\n    }\n  }\n": typeof types.ChargeRefundsDocument,
    "\n  mutation RefundCharge($chargeId: ID!, $idempotencyKey: String!, $input: RefundChargeInput) {\n    refundCharge(chargeId: $chargeId, idempotencyKey: $idempotencyKey, input: $input) {\n      ...RefundRow\n    }\n  }\n": typeof types.RefundChargeDocument,
    "\n  fragment RefundRequestRow on RefundRequest {\n    id\n    chargeId\n    amount\n    reason\n    status\n    mine\n    requestedByEmail\n    decidedBy\n    decidedByEmail\n    rejectionReason\n    refundId\n    requestedAt\n    expiresAt\n    decidedAt\n  }\n": typeof types.RefundRequestRowFragmentDoc,
    "\n  query ChargeRefundRequests($chargeId: ID!) {\n    refundRequests(chargeId: $chargeId) {\n      ...RefundRequestRow\n    }\n    charge(id: $chargeId) {\n      id\n      payerName\n      payerDocument\n    }\n  }\n": typeof types.ChargeRefundRequestsDocument,
    "\n  mutation RequestRefund($chargeId: ID!, $idempotencyKey: String!, $input: RefundChargeInput) {\n    requestRefund(chargeId: $chargeId, idempotencyKey: $idempotencyKey, input: $input) {\n      ...RefundRequestRow\n    }\n  }\n": typeof types.RequestRefundDocument,
    "\n  mutation ConfirmRefundRequest($id: ID!) {\n    confirmRefundRequest(id: $id) {\n      ...RefundRequestRow\n    }\n  }\n": typeof types.ConfirmRefundRequestDocument,
    "\n  mutation RejectRefundRequest($id: ID!, $reason: String!) {\n    rejectRefundRequest(id: $id, reason: $reason) {\n      ...RefundRequestRow\n    }\n  }\n": typeof types.RejectRefundRequestDocument,
    "\n  query GlobalSearch($query: String!) {\n    search(query: $query) {\n      charges {\n        id\n        txid\n        amount\n        status\n        description\n      }\n      withdrawals {\n        id\n        withdrawalReference\n        amount\n        status\n        rejected\n        scheduledFor\n        cancellable\n      }\n      companies {\n        id\n        name\n        cnpj\n      }\n    }\n  }\n": typeof types.GlobalSearchDocument,
    "\n  query Statement($from: DateTimeISO, $to: DateTimeISO, $limit: Int, $offset: Int) {\n    ledgerEntries(from: $from, to: $to, limit: $limit, offset: $offset) {\n      total\n      totalCapped\n      data {\n        id\n        kind\n        amount\n        balanceAfter\n        memo\n        chargeId\n        withdrawalId\n        adjustmentId\n        refundId\n        createdAt\n      }\n    }\n    balance {\n      balance\n    }\n  }\n": typeof types.StatementDocument,
    "\n  query WithdrawalReference($id: ID!) {\n    withdrawal(id: $id) {\n      id\n      withdrawalReference\n    }\n  }\n": typeof types.WithdrawalReferenceDocument,
    "\n  query Team {\n    companyUsers {\n      id\n      email\n      name\n      role\n      disabled\n      invitePending\n      inviteExpiresAt\n      lastSignInAt\n      createdAt\n    }\n  }\n": typeof types.TeamDocument,
    "\n  mutation InviteTeamMember($email: String!, $name: String, $role: MerchantRole!) {\n    inviteCompanyUser(email: $email, name: $name, role: $role) {\n      inviteUrl\n      user {\n        id\n        email\n      }\n    }\n  }\n": typeof types.InviteTeamMemberDocument,
    "\n  mutation RemoveTeamMember($id: ID!) {\n    removeCompanyUser(id: $id) {\n      id\n      disabled\n    }\n  }\n": typeof types.RemoveTeamMemberDocument,
    "\n  fragment WebhookDeliveryRow on WebhookDelivery {\n    eventId\n    endpointId\n    endpointUrl\n    event\n    status\n    companyId\n    subjectId\n    createdAt\n    deliveredAt\n    lastAttemptAt\n    nextAttemptAt\n    attemptCount\n    requestBody\n    attempts {\n      id\n      attemptNumber\n      manual\n      url\n      responseStatus\n      responseTimeMs\n      responseBody\n      requestBody\n      error\n      startedAt\n      finishedAt\n    }\n  }\n": typeof types.WebhookDeliveryRowFragmentDoc,
    "\n  query WebhookDeliveries(\n    $first: Int\n    $after: String\n    $status: WebhookDeliveryStatus\n    $event: String\n    $subjectId: ID\n    $companyId: ID\n    $endpointId: ID\n  ) {\n    webhookDeliveries(\n      first: $first\n      after: $after\n      status: $status\n      event: $event\n      subjectId: $subjectId\n      companyId: $companyId\n      endpointId: $endpointId\n    ) {\n      data {\n        ...WebhookDeliveryRow\n      }\n      pageInfo {\n        endCursor\n        hasNextPage\n      }\n    }\n  }\n": typeof types.WebhookDeliveriesDocument,
    "\n  query CompanyWebhookEndpoints($companyId: ID!) {\n    webhookEndpoints(companyId: $companyId) {\n      data {\n        id\n        url\n      }\n    }\n  }\n": typeof types.CompanyWebhookEndpointsDocument,
    "\n  mutation RedeliverWebhook($eventId: ID!, $endpointId: ID) {\n    redeliverWebhook(eventId: $eventId, endpointId: $endpointId) {\n      ...WebhookDeliveryRow\n    }\n  }\n": typeof types.RedeliverWebhookDocument,
    "\n  query FailedDeliveries($companyId: ID, $first: Int) {\n    webhookDeliveries(status: FAILED, companyId: $companyId, first: $first) {\n      total\n      totalCapped\n      data {\n        companyId\n      }\n    }\n  }\n": typeof types.FailedDeliveriesDocument,
    "\n  mutation RedeliverFailedWebhooks($companyId: ID, $max: Int!) {\n    redeliverFailedWebhooks(companyId: $companyId, max: $max) {\n      count\n      eventIds\n    }\n  }\n": typeof types.RedeliverFailedWebhooksDocument,
    "\n  fragment MerchantWebhookDelivery on WebhookDelivery {\n    eventId\n    endpointId\n    endpointUrl\n    event\n    status\n    subjectId\n    createdAt\n    deliveredAt\n    nextAttemptAt\n    attemptCount\n    requestBody\n    attempts {\n      id\n      attemptNumber\n      manual\n      url\n      startedAt\n      finishedAt\n      responseStatus\n      responseTimeMs\n      responseBody\n      error\n    }\n  }\n": typeof types.MerchantWebhookDeliveryFragmentDoc,
    "\n  query WebhookPage($limit: Int, $offset: Int, $endpointId: ID) {\n    webhookEndpoints {\n      data {\n        ...MerchantWebhookEndpoint\n      }\n    }\n    webhookSettings {\n      companyId\n      url\n      secretHint\n      secretIsBase64url\n    }\n    webhookDeliveries(limit: $limit, offset: $offset, endpointId: $endpointId) {\n      total\n      totalCapped\n      data {\n        ...MerchantWebhookDelivery\n      }\n    }\n  }\n": typeof types.WebhookPageDocument,
    "\n  mutation UpdateWebhookUrl($url: String) {\n    updateWebhookSettings(url: $url) {\n      url\n      secretHint\n    }\n  }\n": typeof types.UpdateWebhookUrlDocument,
    "\n  mutation RotateWebhookSecret {\n    rotateWebhookSecret {\n      webhookSecret\n      settings {\n        secretHint\n      }\n    }\n  }\n": typeof types.RotateWebhookSecretDocument,
    "\n  mutation RevealStandardWebhookSecret {\n    revealStandardWebhookSecret {\n      standardBase64Secret\n    }\n  }\n": typeof types.RevealStandardWebhookSecretDocument,
    "\n  mutation SendTestWebhook {\n    sendTestWebhook {\n      ...MerchantWebhookDelivery\n    }\n  }\n": typeof types.SendTestWebhookDocument,
    "\n  query PingDeliveries {\n    # A ping goes to each endpoint that takes it (at most 10): the latest pings' deliveries.\n    webhookDeliveries(event: \"ping\", limit: 20) {\n      data {\n        ...MerchantWebhookDelivery\n      }\n    }\n  }\n": typeof types.PingDeliveriesDocument,
    "\n  mutation RedeliverMerchantWebhook($eventId: ID!, $endpointId: ID) {\n    redeliverWebhook(eventId: $eventId, endpointId: $endpointId) {\n      eventId\n      status\n    }\n  }\n": typeof types.RedeliverMerchantWebhookDocument,
    "\n  fragment MerchantWebhookEndpoint on WebhookEndpoint {\n    id\n    url\n    events\n    status\n    accountEndpoint\n    secretHint\n    createdAt\n    disabledReason\n    disabledAt\n    consecutiveFailures\n    failingSince\n  }\n": typeof types.MerchantWebhookEndpointFragmentDoc,
    "\n  mutation CreateWebhookEndpoint($url: String!, $events: [String!]!) {\n    createWebhookEndpoint(url: $url, events: $events) {\n      id\n      secret\n    }\n  }\n": typeof types.CreateWebhookEndpointDocument,
    "\n  mutation UpdateWebhookEndpoint($id: ID!, $events: [String!], $status: WebhookEndpointStatus) {\n    updateWebhookEndpoint(id: $id, events: $events, status: $status) {\n      ...MerchantWebhookEndpoint\n    }\n  }\n": typeof types.UpdateWebhookEndpointDocument,
    "\n  mutation RotateWebhookEndpointSecret($id: ID!) {\n    rotateWebhookEndpointSecret(id: $id) {\n      id\n      secret\n    }\n  }\n": typeof types.RotateWebhookEndpointSecretDocument,
    "\n  mutation DeleteWebhookEndpoint($id: ID!) {\n    deleteWebhookEndpoint(id: $id) {\n      id\n    }\n  }\n": typeof types.DeleteWebhookEndpointDocument,
    "\n  fragment WithdrawalRow on Withdrawal {\n    id\n    companyId\n    amount\n    status\n    pixKey\n    pixKeyType\n    bankAccount {\n      ispb\n      branch\n      account\n      accountType\n      holderName\n      holderDocument\n    }\n    recipientDocument\n    recipientName\n    recipient {\n      name\n      document\n      institution\n    }\n    recipientWarnings\n    queuePosition\n    scheduledFor\n    sendsOn\n    cancellable\n    reason\n    rejected\n    retryCount\n    withdrawalReference\n    createdAt\n    updatedAt\n    approvalsRequired\n    approvals {\n      operator\n      operatorEmail\n      operatorInfo {\n        id\n        kind\n        displayName\n        email\n        credentialHint\n      }\n      at\n    }\n  }\n": typeof types.WithdrawalRowFragmentDoc,
    "\n  query Withdrawals($status: WithdrawalStatus, $companyId: ID, $order: ListOrder, $limit: Int, $offset: Int) {\n    withdrawals(status: $status, companyId: $companyId, order: $order, limit: $limit, offset: $offset) {\n      total\n      totalCapped\n      limit\n      offset\n      data {\n        ...WithdrawalRow\n      }\n    }\n  }\n": typeof types.WithdrawalsDocument,
    "\n  query CompanyNames {\n    companies(limit: 100) {\n      data {\n        id\n        name\n      }\n    }\n  }\n": typeof types.CompanyNamesDocument,
    "\n  query CompanyName($id: ID!) {\n    company(id: $id) {\n      id\n      name\n    }\n  }\n": typeof types.CompanyNameDocument,
    "\n  mutation ApproveWithdrawal($id: ID!) {\n    approveWithdrawal(id: $id) {\n      ...WithdrawalRow\n    }\n  }\n": typeof types.ApproveWithdrawalDocument,
    "\n  mutation RejectWithdrawal($id: ID!, $reason: String!) {\n    rejectWithdrawal(id: $id, reason: $reason) {\n      ...WithdrawalRow\n    }\n  }\n": typeof types.RejectWithdrawalDocument,
    "\n  mutation CancelScheduledWithdrawal($id: ID!, $reason: String!) {\n    cancelWithdrawal(id: $id, reason: $reason) {\n      ...WithdrawalRow\n    }\n  }\n": typeof types.CancelScheduledWithdrawalDocument,
    "\n  query WithdrawalDetail($id: ID!) {\n    withdrawal(id: $id) {\n      ...WithdrawalRow\n      idempotencyKey\n      e2eId\n      paidAt\n    }\n    withdrawalHistory(id: $id) {\n      id\n      fromStatus\n      toStatus\n      actor\n      actorInfo {\n        id\n        kind\n        displayName\n        email\n        credentialHint\n      }\n      reason\n      createdAt\n    }\n  }\n": typeof types.WithdrawalDetailDocument,
    "\n  query ExportWithdrawals($first: Int, $after: String, $status: WithdrawalStatus, $companyId: ID, $order: ListOrder) {\n    withdrawals(first: $first, after: $after, status: $status, companyId: $companyId, order: $order) {\n      data {\n        id\n        withdrawalReference\n        companyId\n        amount\n        status\n        pixKey\n        pixKeyType\n        reason\n        e2eId\n        createdAt\n        updatedAt\n        scheduledFor\n        sendsOn\n        recipient {\n          name\n          document\n          institution\n        }\n        bankAccount {\n          ispb\n          branch\n          account\n          accountType\n          holderName\n          holderDocument\n        }\n      }\n      pageInfo {\n        endCursor\n        hasNextPage\n      }\n    }\n  }\n": typeof types.ExportWithdrawalsDocument,
    "\n  query ExportStatement($first: Int, $after: String, $from: DateTimeISO, $to: DateTimeISO) {\n    ledgerEntries(first: $first, after: $after, from: $from, to: $to) {\n      data {\n        id\n        kind\n        amount\n        balanceAfter\n        memo\n        chargeId\n        withdrawalId\n        adjustmentId\n        refundId\n        createdAt\n      }\n      pageInfo {\n        endCursor\n        hasNextPage\n      }\n    }\n  }\n": typeof types.ExportStatementDocument,
};
const documents: Documents = {
    "\n  query Shell($failingEndpoints: Boolean!) {\n    serviceInfo {\n      sandbox\n    }\n    failingWebhookEndpoints @include(if: $failingEndpoints) {\n      id\n      url\n      disabledAt\n    }\n  }\n": types.ShellDocument,
    "\n  query MySessions {\n    mySessions {\n      id\n      createdAt\n      lastSeenAt\n      expiresAt\n      address\n      userAgent\n      current\n    }\n  }\n": types.MySessionsDocument,
    "\n  mutation RevokeSession($id: ID!) {\n    revokeSession(id: $id)\n  }\n": types.RevokeSessionDocument,
    "\n  mutation RevokeOtherSessions {\n    revokeOtherSessions\n  }\n": types.RevokeOtherSessionsDocument,
    "\n  query TwoFactorStatus {\n    twoFactorStatus {\n      enrolled\n      required\n      enrolledAt\n      recoveryCodesLeft\n      trustedBrowsers\n      stepUpValidUntil\n    }\n  }\n": types.TwoFactorStatusDocument,
    "\n  mutation CompleteSignIn($code: String!, $trustBrowser: Boolean) {\n    completeSignIn(code: $code, trustBrowser: $trustBrowser) {\n      id\n      kind\n      role\n      locale\n    }\n  }\n": types.CompleteSignInDocument,
    "\n  mutation StartTwoFactorEnrolment {\n    startTwoFactorEnrolment {\n      secret\n      otpauthUri\n    }\n  }\n": types.StartTwoFactorEnrolmentDocument,
    "\n  mutation ConfirmTwoFactorEnrolment($code: String!) {\n    confirmTwoFactorEnrolment(code: $code) {\n      recoveryCodes\n      viewer {\n        id\n        kind\n        role\n        locale\n      }\n    }\n  }\n": types.ConfirmTwoFactorEnrolmentDocument,
    "\n  mutation VerifyStepUp($code: String!) {\n    verifyStepUp(code: $code)\n  }\n": types.VerifyStepUpDocument,
    "\n  mutation RegenerateRecoveryCodes($code: String!) {\n    regenerateRecoveryCodes(code: $code)\n  }\n": types.RegenerateRecoveryCodesDocument,
    "\n  mutation DisableTwoFactor($code: String!) {\n    disableTwoFactor(code: $code)\n  }\n": types.DisableTwoFactorDocument,
    "\n  mutation ForgetTrustedBrowsers {\n    forgetTrustedBrowsers\n  }\n": types.ForgetTrustedBrowsersDocument,
    "\n  mutation ResetTwoFactor($userId: ID!) {\n    resetTwoFactor(userId: $userId)\n  }\n": types.ResetTwoFactorDocument,
    "\n  query CompanyTwoFactorRequired {\n    companyTwoFactorRequired\n  }\n": types.CompanyTwoFactorRequiredDocument,
    "\n  mutation SetCompanyTwoFactorRequired($required: Boolean!) {\n    setCompanyTwoFactorRequired(required: $required)\n  }\n": types.SetCompanyTwoFactorRequiredDocument,
    "\n  fragment AdjustmentRow on Adjustment {\n    id\n    companyId\n    amount\n    description\n    status\n    createdAt\n    requestedBy\n    requestedByInfo {\n      id\n      kind\n      displayName\n      email\n      credentialHint\n    }\n    confirmedBy\n    rejectedBy\n    rejectionReason\n    decidedAt\n  }\n": types.AdjustmentRowFragmentDoc,
    "\n  query AdjustmentsList($first: Int, $after: String, $status: AdjustmentStatus, $companyId: ID) {\n    adjustments(first: $first, after: $after, status: $status, companyId: $companyId) {\n      data {\n        ...AdjustmentRow\n      }\n      pageInfo {\n        endCursor\n        hasNextPage\n      }\n    }\n  }\n": types.AdjustmentsListDocument,
    "\n  mutation CreateAdjustment($companyId: ID!, $amount: Money!, $description: String!) {\n    createAdjustment(companyId: $companyId, amount: $amount, description: $description) {\n      ...AdjustmentRow\n    }\n  }\n": types.CreateAdjustmentDocument,
    "\n  mutation ConfirmAdjustment($id: ID!) {\n    confirmAdjustment(id: $id) {\n      ...AdjustmentRow\n    }\n  }\n": types.ConfirmAdjustmentDocument,
    "\n  mutation RejectAdjustment($id: ID!, $reason: String!) {\n    rejectAdjustment(id: $id, reason: $reason) {\n      ...AdjustmentRow\n    }\n  }\n": types.RejectAdjustmentDocument,
    "\n  query AuditLog(\n    $first: Int\n    $after: String\n    $objectType: String\n    $objectId: ID\n    $actor: String\n    $action: String\n    $from: DateTimeISO\n    $to: DateTimeISO\n  ) {\n    auditLog(\n      first: $first\n      after: $after\n      objectType: $objectType\n      objectId: $objectId\n      actor: $actor\n      action: $action\n      from: $from\n      to: $to\n    ) {\n      data {\n        id\n        at\n        actor\n        actorInfo {\n          id\n          kind\n          displayName\n          email\n          credentialHint\n        }\n        actorKind\n        action\n        objectType\n        objectId\n        companyId\n        reason\n        address\n        requestId\n        before\n        after\n        namedActors {\n          id\n          kind\n          displayName\n          email\n          credentialHint\n        }\n      }\n      pageInfo {\n        endCursor\n        hasNextPage\n      }\n    }\n  }\n": types.AuditLogDocument,
    "\n  query Viewer {\n    viewer {\n      id\n      kind\n      role\n      name\n      email\n      companyId\n      companyName\n      locale\n      authenticatedBy\n    }\n  }\n": types.ViewerDocument,
    "\n  mutation SignIn($email: String!, $password: String!) {\n    signIn(email: $email, password: $password) {\n      id\n      kind\n      role\n      locale\n      signInStep\n    }\n  }\n": types.SignInDocument,
    "\n  mutation SignOut {\n    signOut\n  }\n": types.SignOutDocument,
    "\n  mutation AcceptInvite($token: String!, $password: String!, $name: String) {\n    acceptInvite(token: $token, password: $password, name: $name) {\n      id\n      kind\n      role\n      locale\n      signInStep\n    }\n  }\n": types.AcceptInviteDocument,
    "\n  mutation SetConsoleLocale($locale: ConsoleLocale!) {\n    setConsoleLocale(locale: $locale) {\n      id\n      locale\n    }\n  }\n": types.SetConsoleLocaleDocument,
    "\n  query InvitePreview($token: String!) {\n    invitePreview(token: $token) {\n      email\n      name\n      kind\n      role\n      companyName\n      expiresAt\n    }\n  }\n": types.InvitePreviewDocument,
    "\n  fragment ChargeBillingFields on Charge {\n    type\n    dueDate\n    daysAfterDue\n    payer {\n      name\n      document\n    }\n    fine {\n      mode\n      value\n    }\n    interest {\n      mode\n      value\n    }\n    abatement {\n      mode\n      value\n    }\n    discount {\n      mode\n      value\n      dates {\n        date\n        value\n      }\n    }\n    amountDue\n    paidAmount\n    customerId\n    externalReference\n  }\n": types.ChargeBillingFieldsFragmentDoc,
    "\n  query PreviewChargeAmountDue($input: ChargeTermsPreviewInput!, $dates: [String!]) {\n    previewChargeAmountDue(input: $input, dates: $dates) {\n      dueDate\n      paymentDueDate\n      lastPayableDate\n      days {\n        date\n        amountDue\n        abatement\n        discount\n        fine\n        interest\n      }\n    }\n  }\n": types.PreviewChargeAmountDueDocument,
    "\n  mutation CreateDueDateCharge($input: CreateChargeInput!, $idempotencyKey: String) {\n    createCharge(input: $input, idempotencyKey: $idempotencyKey) {\n      id\n      amount\n      dueDate\n      status\n    }\n  }\n": types.CreateDueDateChargeDocument,
    "\n  fragment ChargeRow on Charge {\n    id\n    companyId\n    txid\n    e2eId\n    amount\n    fee\n    netAmount\n    status\n    description\n    reserved\n    reservedReason\n    reservedAmount\n    refundedAmount\n    disputedAmount\n    payerName\n    payerDocument\n    createdAt\n    paidAt\n    expiresAt\n    type\n    dueDate\n    paidAmount\n    payer {\n      name\n      document\n    }\n  }\n": types.ChargeRowFragmentDoc,
    "\n  query ChargesList(\n    $first: Int\n    $after: String\n    $status: ChargeStatus\n    $reserved: Boolean\n    $refunded: Boolean\n    $disputed: Boolean\n    $companyId: ID\n    $createdFrom: DateTimeISO\n    $createdTo: DateTimeISO\n    $type: ChargeType\n  ) {\n    charges(\n      first: $first\n      after: $after\n      status: $status\n      reserved: $reserved\n      refunded: $refunded\n      disputed: $disputed\n      companyId: $companyId\n      createdFrom: $createdFrom\n      createdTo: $createdTo\n      type: $type\n    ) {\n      data {\n        ...ChargeRow\n      }\n      pageInfo {\n        endCursor\n        hasNextPage\n      }\n    }\n  }\n": types.ChargesListDocument,
    "\n  query ChargeSearch($query: String!) {\n    search(query: $query) {\n      charges {\n        ...ChargeRow\n      }\n    }\n  }\n": types.ChargeSearchDocument,
    "\n  query ChargeDetail($id: ID!) {\n    charge(id: $id) {\n      ...ChargeRow\n      pixCode\n      updatedAt\n      ...ChargeBillingFields\n      ...ChargeRecurrenceFields\n    }\n  }\n": types.ChargeDetailDocument,
    "\n  query ChargeTimeline($id: ID!) {\n    auditTrail(objectType: \"charge\", objectId: $id) {\n      id\n      at\n      actor\n      actorInfo {\n        id\n        kind\n        displayName\n        email\n        credentialHint\n      }\n      action\n      reason\n    }\n    webhookDeliveries(subjectId: $id, first: 20) {\n      data {\n        eventId\n        endpointId\n        endpointUrl\n        event\n        status\n        createdAt\n        attemptCount\n      }\n    }\n  }\n": types.ChargeTimelineDocument,
    "\n  mutation ReserveCharge($id: ID!, $reason: String!) {\n    reserveCharge(id: $id, reason: $reason) {\n      ...ChargeRow\n    }\n  }\n": types.ReserveChargeDocument,
    "\n  mutation ReleaseCharge($id: ID!) {\n    releaseCharge(id: $id) {\n      ...ChargeRow\n    }\n  }\n": types.ReleaseChargeDocument,
    "\n  mutation SimulateChargePayment($chargeId: ID!, $payerName: String, $payerDocument: String) {\n    simulateChargePayment(chargeId: $chargeId, payerName: $payerName, payerDocument: $payerDocument) {\n      ...ChargeRow\n    }\n  }\n": types.SimulateChargePaymentDocument,
    "\n  query Companies($search: String, $limit: Int, $offset: Int) {\n    companies(search: $search, limit: $limit, offset: $offset) {\n      total\n      totalCapped\n      data {\n        id\n        name\n        cnpj\n        city\n        balance\n        feePercent\n        feeFixed\n        autoApproveLimit\n        createdAt\n        webhookEndpointCount\n      }\n    }\n  }\n": types.CompaniesDocument,
    "\n  query CompanyEndpoints($companyId: ID!) {\n    webhookEndpoints(companyId: $companyId) {\n      data {\n        id\n        url\n        events\n        status\n        disabledReason\n        disabledAt\n        accountEndpoint\n        consecutiveFailures\n        failingSince\n      }\n    }\n  }\n": types.CompanyEndpointsDocument,
    "\n  query CompanyOverview($id: ID!) {\n    company(id: $id) {\n      id\n      name\n      cnpj\n      city\n      balance\n      feePercent\n      feeFixed\n      autoApproveLimit\n      createdAt\n      updatedAt\n      pendingAutoApproveLimitRequest {\n        ...PendingAutoApproveLimit\n      }\n    }\n  }\n": types.CompanyOverviewDocument,
    "\n  fragment PendingAutoApproveLimit on AutoApproveLimitRequest {\n    id\n    previousLimit\n    requestedLimit\n    requestedBy\n    requestedByEmail\n    requestedAt\n    mine\n  }\n": types.PendingAutoApproveLimitFragmentDoc,
    "\n  mutation ConfirmAutoApproveLimitRequest($id: ID!) {\n    confirmAutoApproveLimitRequest(id: $id) {\n      id\n      status\n    }\n  }\n": types.ConfirmAutoApproveLimitRequestDocument,
    "\n  mutation DeclineAutoApproveLimitRequest($id: ID!, $reason: String) {\n    declineAutoApproveLimitRequest(id: $id, reason: $reason) {\n      id\n      status\n    }\n  }\n": types.DeclineAutoApproveLimitRequestDocument,
    "\n  query BalanceAudit($companyId: ID!) {\n    balanceAudit(companyId: $companyId) {\n      consistent\n      checkedAt\n      paidChargesNet\n      chargesHeld\n      disputesHeld\n      adjustments\n      withdrawalsHeld\n      refundsHeld\n      recomputedBalance\n      runningBalance\n      ledgerSum\n      lastEntryBalance\n      ledgerEntries\n      pendingWithdrawals\n      pendingWithdrawalsCounted\n    }\n  }\n": types.BalanceAuditDocument,
    "\n  query CompanyAdjustments($companyId: ID!, $limit: Int, $offset: Int) {\n    adjustments(companyId: $companyId, limit: $limit, offset: $offset) {\n      total\n      data {\n      id\n      amount\n      description\n      status\n      createdAt\n      requestedBy\n      confirmedBy\n      rejectedBy\n      rejectionReason\n      decidedAt\n      }\n    }\n  }\n": types.CompanyAdjustmentsDocument,
    "\n  query CompanyCharges($companyId: ID!, $status: ChargeStatus, $limit: Int, $offset: Int) {\n    charges(companyId: $companyId, status: $status, limit: $limit, offset: $offset) {\n      total\n      data {\n        id\n        txid\n        amount\n        fee\n        netAmount\n        status\n        description\n        reserved\n        reservedReason\n        refundedAmount\n        disputedAmount\n        payerName\n        createdAt\n        paidAt\n        expiresAt\n        type\n        dueDate\n        paidAmount\n        payer {\n          name\n        }\n      }\n    }\n  }\n": types.CompanyChargesDocument,
    "\n  mutation UpdateCompany($id: ID!, $input: UpdateCompanyInput!) {\n    updateCompany(id: $id, input: $input) {\n      id\n      name\n      cnpj\n      city\n      feePercent\n      feeFixed\n      autoApproveLimit\n      updatedAt\n      pendingAutoApproveLimitRequest {\n        id\n        requestedLimit\n      }\n    }\n  }\n": types.UpdateCompanyDocument,
    "\n  mutation CreateCompany($input: CreateCompanyInput!) {\n    createCompany(input: $input) {\n      company {\n        id\n        name\n        autoApproveLimit\n      }\n      autoApproveLimitRequest {\n        id\n        requestedLimit\n      }\n      clientSecret\n      webhookSecret\n      ownerInvite {\n        inviteUrl\n        user {\n          email\n        }\n      }\n    }\n  }\n": types.CreateCompanyDocument,
    "\n  query CompanyPicker($search: String, $limit: Int) {\n    companies(search: $search, limit: $limit) {\n      data {\n        id\n        name\n        cnpj\n      }\n    }\n  }\n": types.CompanyPickerDocument,
    "\n  query MerchantCredentials {\n    clientCredentials {\n      id\n      label\n      lastUsedAt\n      secretHint\n      createdAt\n      expiresAt\n      revokedAt\n    }\n  }\n": types.MerchantCredentialsDocument,
    "\n  mutation IssueMerchantSecret($expiresAt: DateTimeISO, $label: String) {\n    issueClientSecret(expiresAt: $expiresAt, label: $label) {\n      clientSecret\n      credential {\n        id\n        secretHint\n        expiresAt\n      }\n    }\n  }\n": types.IssueMerchantSecretDocument,
    "\n  mutation RevokeMerchantSecret($credentialId: ID!) {\n    revokeClientSecret(credentialId: $credentialId) {\n      id\n      revokedAt\n    }\n  }\n": types.RevokeMerchantSecretDocument,
    "\n  mutation LabelMerchantSecret($credentialId: ID!, $label: String) {\n    labelClientCredential(credentialId: $credentialId, label: $label) {\n      id\n      label\n    }\n  }\n": types.LabelMerchantSecretDocument,
    "\n  fragment CustomerRow on Customer {\n    id\n    name\n    document\n    email\n    phone\n    createdAt\n  }\n": types.CustomerRowFragmentDoc,
    "\n  query Customers($document: String, $limit: Int, $offset: Int) {\n    customers(document: $document, limit: $limit, offset: $offset) {\n      total\n      totalCapped\n      data {\n        ...CustomerRow\n      }\n    }\n  }\n": types.CustomersDocument,
    "\n  query CustomerDetail($id: ID!, $limit: Int, $offset: Int) {\n    customer(id: $id) {\n      ...CustomerRow\n    }\n    charges(customerId: $id, limit: $limit, offset: $offset) {\n      total\n      totalCapped\n      data {\n        ...MerchantChargeRow\n      }\n    }\n  }\n": types.CustomerDetailDocument,
    "\n  mutation CreateCustomer($input: CreateCustomerInput!) {\n    createCustomer(input: $input) {\n      ...CustomerRow\n    }\n  }\n": types.CreateCustomerDocument,
    "\n  fragment DisputeRow on Dispute {\n    id\n    companyId\n    chargeId\n    nature\n    amount\n    heldAmount\n    status\n    outcome\n    description\n    merchantStatement\n    contestStatement\n    refundId\n    returnFailureReason\n    returnedByBank\n    openedAt\n    deadlineAt\n    decidedAt\n    closedAt\n  }\n": types.DisputeRowFragmentDoc,
    "\n  query Disputes($first: Int, $after: String, $status: DisputeStatus) {\n    disputes(first: $first, after: $after, status: $status) {\n      data {\n        ...DisputeRow\n      }\n      total\n      pageInfo {\n        endCursor\n        hasNextPage\n      }\n    }\n  }\n": types.DisputesDocument,
    "\n  query ChargeDisputes($chargeId: ID!) {\n    chargeDisputes(chargeId: $chargeId) {\n      ...DisputeRow\n    }\n  }\n": types.ChargeDisputesDocument,
    "\n  mutation AcceptDispute($id: ID!) {\n    acceptDispute(id: $id) {\n      ...DisputeRow\n      acceptRequestedBy\n    }\n  }\n": types.AcceptDisputeDocument,
    "\n  mutation ContestDispute($id: ID!, $statement: String!) {\n    contestDispute(id: $id, statement: $statement) {\n      ...DisputeRow\n    }\n  }\n": types.ContestDisputeDocument,
    "\n  mutation CloseDispute($id: ID!, $note: String) {\n    closeDispute(id: $id, note: $note) {\n      ...DisputeRow\n    }\n  }\n": types.CloseDisputeDocument,
    "\n  mutation SubmitDisputeStatement($id: ID!, $statement: String!) {\n    submitDisputeStatement(id: $id, statement: $statement) {\n      ...DisputeRow\n    }\n  }\n": types.SubmitDisputeStatementDocument,
    "\n  fragment MerchantChargeRow on Charge {\n    id\n    txid\n    e2eId\n    amount\n    fee\n    netAmount\n    status\n    description\n    reserved\n    refundedAmount\n    disputedAmount\n    createdAt\n    expiresAt\n    paidAt\n    payerName\n    type\n    dueDate\n    paidAmount\n    payer {\n      name\n    }\n  }\n": types.MerchantChargeRowFragmentDoc,
    "\n  query MerchantCharges(\n    $status: ChargeStatus\n    $type: ChargeType\n    $refunded: Boolean\n    $disputed: Boolean\n    $createdFrom: DateTimeISO\n    $createdTo: DateTimeISO\n    $limit: Int\n    $offset: Int\n  ) {\n    charges(\n      status: $status\n      type: $type\n      refunded: $refunded\n      disputed: $disputed\n      createdFrom: $createdFrom\n      createdTo: $createdTo\n      limit: $limit\n      offset: $offset\n    ) {\n      total\n      totalCapped\n      data {\n        ...MerchantChargeRow\n      }\n    }\n  }\n": types.MerchantChargesDocument,
    "\n  query MerchantChargeSearch($query: String!) {\n    search(query: $query) {\n      charges {\n        ...MerchantChargeRow\n      }\n    }\n  }\n": types.MerchantChargeSearchDocument,
    "\n  query MerchantChargeDetail($id: ID!) {\n    charge(id: $id) {\n      ...MerchantChargeRow\n      pixCode\n      payerDocument\n      updatedAt\n      reservedAmount\n      paymentLinkId\n      qrcodeId\n      ...ChargeBillingFields\n      ...ChargeRecurrenceFields\n    }\n    refunds(chargeId: $id) {\n      total\n      data {\n        ...RefundRow\n      }\n    }\n    webhookDeliveries(subjectId: $id, limit: 20) {\n      data {\n        eventId\n        endpointId\n        endpointUrl\n        event\n        status\n        createdAt\n        deliveredAt\n        attemptCount\n        requestBody\n      }\n    }\n    # Where its events go: the account's endpoints (CONTRACT §15), counted beside its events.\n    webhookEndpoints {\n      data {\n        id\n        status\n      }\n    }\n  }\n": types.MerchantChargeDetailDocument,
    "\n  mutation CreateMerchantCharge($input: CreateChargeInput!, $idempotencyKey: String) {\n    createCharge(input: $input, idempotencyKey: $idempotencyKey) {\n      id\n      amount\n      pixCode\n      expiresAt\n      status\n    }\n  }\n": types.CreateMerchantChargeDocument,
    "\n  mutation CancelMerchantCharge($id: ID!) {\n    cancelCharge(id: $id) {\n      id\n      status\n    }\n  }\n": types.CancelMerchantChargeDocument,
    "\n  mutation SimulateOwnChargePayment($chargeId: ID!, $payerName: String) {\n    simulateOwnChargePayment(chargeId: $chargeId, payerName: $payerName) {\n      id\n      status\n    }\n  }\n": types.SimulateOwnChargePaymentDocument,
    "\n  fragment MerchantWithdrawalRow on Withdrawal {\n    id\n    amount\n    status\n    pixKey\n    pixKeyType\n    bankAccount {\n      ispb\n      branch\n      account\n      accountType\n      holderName\n      holderDocument\n    }\n    recipientDocument\n    recipientName\n    recipient {\n      name\n      document\n      institution\n    }\n    recipientWarnings\n    queuePosition\n    scheduledFor\n    sendsOn\n    cancellable\n    reason\n    rejected\n    withdrawalReference\n    e2eId\n    createdAt\n    updatedAt\n    paidAt\n  }\n": types.MerchantWithdrawalRowFragmentDoc,
    "\n  query MerchantWithdrawals($status: WithdrawalStatus, $limit: Int, $offset: Int) {\n    withdrawals(status: $status, limit: $limit, offset: $offset) {\n      total\n      totalCapped\n      data {\n        ...MerchantWithdrawalRow\n      }\n    }\n    balance {\n      balance\n    }\n  }\n": types.MerchantWithdrawalsDocument,
    "\n  query MerchantWithdrawalDetail($id: ID!) {\n    withdrawal(id: $id) {\n      ...MerchantWithdrawalRow\n      idempotencyKey\n      retryCount\n      approvalsRequired\n      approvals {\n        at\n      }\n    }\n    withdrawalHistory(id: $id) {\n      id\n      fromStatus\n      toStatus\n      actor\n      actorInfo {\n        id\n        kind\n        displayName\n        email\n        credentialHint\n      }\n      reason\n      createdAt\n    }\n  }\n": types.MerchantWithdrawalDetailDocument,
    "\n  query MerchantBalance {\n    balance {\n      balance\n    }\n  }\n": types.MerchantBalanceDocument,
    "\n  mutation CreateMerchantWithdrawal($idempotencyKey: String!, $input: CreateWithdrawalInput!) {\n    createWithdrawal(idempotencyKey: $idempotencyKey, input: $input) {\n      id\n      status\n      withdrawalReference\n      queuePosition\n    }\n  }\n": types.CreateMerchantWithdrawalDocument,
    "\n  mutation CancelMerchantWithdrawal($id: ID!, $reason: String) {\n    cancelWithdrawal(id: $id, reason: $reason) {\n      id\n      status\n    }\n  }\n": types.CancelMerchantWithdrawalDocument,
    "\n  query PixParticipants {\n    pixParticipants {\n      ispb\n      name\n      code\n    }\n  }\n": types.PixParticipantsDocument,
    "\n  query MerchantHome {\n    merchantOverview {\n      balance\n      paidChargesNet\n      adjustments\n      withdrawalsHeld\n      refundsHeld\n      reserved\n      disputesHeld\n      today {\n        received {\n          count\n          amount\n        }\n        sent {\n          count\n          amount\n        }\n      }\n      daily(days: 30) {\n        date\n        paidAmount\n        withdrawalAmount\n      }\n    }\n    recent: charges(limit: 5) {\n      total\n      data {\n        id\n        amount\n        netAmount\n        status\n        description\n        createdAt\n      }\n    }\n  }\n": types.MerchantHomeDocument,
    "\n  fragment OperatorRow on ConsoleUser {\n    id\n    email\n    name\n    role\n    disabled\n    invitePending\n    inviteExpiresAt\n    lastSignInAt\n    createdAt\n  }\n": types.OperatorRowFragmentDoc,
    "\n  query Operators {\n    operators {\n      ...OperatorRow\n    }\n  }\n": types.OperatorsDocument,
    "\n  mutation InviteOperator($email: String!, $name: String, $role: OperatorRole!) {\n    inviteOperator(email: $email, name: $name, role: $role) {\n      inviteUrl\n      user {\n        ...OperatorRow\n      }\n    }\n  }\n": types.InviteOperatorDocument,
    "\n  mutation UpdateOperator($id: ID!, $role: OperatorRole, $disabled: Boolean) {\n    updateOperator(id: $id, role: $role, disabled: $disabled) {\n      ...OperatorRow\n    }\n  }\n": types.UpdateOperatorDocument,
    "\n  fragment PendingApprovalCounts on PendingApprovals {\n    adjustments {\n      count\n      amount\n    }\n    withdrawals {\n      count\n      amount\n    }\n  }\n": types.PendingApprovalCountsFragmentDoc,
    "\n  query OperatorOverview {\n    pendingApprovals {\n      ...PendingApprovalCounts\n    }\n    operatorDashboard {\n      pendingWithdrawals {\n        count\n        amount\n        oldestCreatedAt\n      }\n      today {\n        paidCharges {\n          count\n          amount\n        }\n        withdrawals {\n          count\n          amount\n        }\n      }\n      openPaymentExceptions\n      failedWebhookDeliveries\n      daily(days: 30) {\n        date\n        paidAmount\n        paidCount\n        withdrawalAmount\n        withdrawalCount\n      }\n    }\n  }\n": types.OperatorOverviewDocument,
    "\n  query PendingApprovals {\n    pendingApprovals {\n      ...PendingApprovalCounts\n    }\n  }\n": types.PendingApprovalsDocument,
    "\n  query PayerPage($token: String!) {\n    payerPage(token: $token) {\n      accountName\n      status\n      type\n      amount\n      description\n      dueDate\n      expiresAt\n      pixCode\n      paidAt\n      sandbox\n    }\n  }\n": types.PayerPageDocument,
    "\n  query PaymentLinkPage($token: String!) {\n    paymentLinkPage(token: $token) {\n      accountName\n      description\n      status\n      amount\n      minAmount\n      maxAmount\n      sandbox\n    }\n  }\n": types.PaymentLinkPageDocument,
    "\n  mutation ConfirmPaymentLink($token: String!, $amount: Money) {\n    confirmPaymentLink(token: $token, amount: $amount) {\n      paymentUrl\n    }\n  }\n": types.ConfirmPaymentLinkDocument,
    "\n  fragment PaymentExceptionRow on PaymentException {\n    id\n    kind\n    status\n    amount\n    expectedAmount\n    txid\n    endToEndId\n    chargeId\n    companyId\n    payerName\n    payerDocument\n    paidAt\n    problem\n    resolution\n    resolvedAt\n    resolvedBy\n    createdAt\n    returnStatus\n    returnId\n    returnReason\n    returnFailureReason\n    returnedAt\n  }\n": types.PaymentExceptionRowFragmentDoc,
    "\n  query PaymentExceptions($first: Int, $after: String, $status: PaymentExceptionStatus) {\n    paymentExceptions(first: $first, after: $after, status: $status) {\n      data {\n        ...PaymentExceptionRow\n      }\n      pageInfo {\n        endCursor\n        hasNextPage\n      }\n    }\n  }\n": types.PaymentExceptionsDocument,
    "\n  mutation ResolvePaymentException($id: ID!, $resolution: String!) {\n    resolvePaymentException(id: $id, resolution: $resolution) {\n      ...PaymentExceptionRow\n    }\n  }\n": types.ResolvePaymentExceptionDocument,
    "\n  mutation ReturnPaymentException($id: ID!, $reason: String) {\n    returnPaymentException(id: $id, reason: $reason) {\n      ...PaymentExceptionRow\n    }\n  }\n": types.ReturnPaymentExceptionDocument,
    "\n  query MerchantPaymentLinks($limit: Int, $offset: Int) {\n    paymentLinks(limit: $limit, offset: $offset) {\n      total\n      data {\n        id\n        url\n        status\n        description\n        amount\n        minAmount\n        maxAmount\n        reusable\n        expiresAt\n        chargesCount\n        paidCount\n        paidTotal\n        createdAt\n      }\n    }\n    payerPageSettings {\n      displayName\n    }\n  }\n": types.MerchantPaymentLinksDocument,
    "\n  mutation CreatePaymentLink($input: CreatePaymentLinkInput!) {\n    createPaymentLink(input: $input) {\n      id\n      url\n    }\n  }\n": types.CreatePaymentLinkDocument,
    "\n  mutation DeactivatePaymentLink($id: ID!) {\n    deactivatePaymentLink(id: $id) {\n      id\n      status\n    }\n  }\n": types.DeactivatePaymentLinkDocument,
    "\n  mutation UpdatePayerPageSettings($displayName: String) {\n    updatePayerPageSettings(displayName: $displayName) {\n      displayName\n    }\n  }\n": types.UpdatePayerPageSettingsDocument,
    "\n  query ServiceInfo {\n    serviceInfo {\n      pixProvider\n      sandbox\n    }\n  }\n": types.ServiceInfoDocument,
    "\n  query ProviderStatus {\n    providerStatus {\n      name\n      reconcileEverySeconds\n      efi {\n        baseUrl\n        pixKey\n        certificateSubject\n        certificateIssuer\n        certificateValidTo\n        certificateDaysLeft\n        tokenValid\n        tokenExpiresAt\n        tokenRequests\n        circuit\n        lastSuccessAt\n        lastFailureAt\n        lastFailure\n      }\n      webhook {\n        ok\n        webhookUrl\n        pixKey\n        registeredAt\n        error\n      }\n      lastNotification {\n        receivedAt\n        test\n        payments\n        transfers\n        failed\n      }\n      lastReconciliation {\n        startedAt\n        finishedAt\n        windowFrom\n        windowTo\n        pixSeen\n        credited\n        exceptions\n        transfersReadBack\n        transfersDecided\n        error\n        differences {\n          kind\n          endToEndId\n          txid\n          valor\n          detail\n        }\n      }\n    }\n    reconciliationReports(days: 14) {\n      day\n      generatedAt\n      pspCount\n      pspSum\n      serviceCount\n      serviceSum\n      differences {\n        kind\n        endToEndId\n        txid\n        chargeId\n        valor\n      }\n    }\n  }\n": types.ProviderStatusDocument,
    "\n  query UnconfirmedNotifications {\n    unconfirmedNotifications(status: OPEN, limit: 20) {\n      total\n      totalCapped\n      data {\n        id\n        kind\n        problem\n        endToEndId\n        txid\n        amount\n        claimedStatus\n        withdrawalId\n        returnRequestId\n        callerAddress\n        lastCallerAddress\n        timesSeen\n        createdAt\n        lastSeenAt\n      }\n    }\n  }\n": types.UnconfirmedNotificationsDocument,
    "\n  query MerchantQrCodes($limit: Int, $offset: Int) {\n    qrCodes(limit: $limit, offset: $offset) {\n      total\n      data {\n        id\n        pixCode\n        description\n        amount\n        active\n        paidCount\n        paidTotal\n        createdAt\n      }\n    }\n  }\n": types.MerchantQrCodesDocument,
    "\n  query MerchantQrCode($id: ID!) {\n    qrCode(id: $id) {\n      id\n      pixCode\n      description\n      amount\n      active\n    }\n    payerPageSettings {\n      displayName\n    }\n  }\n": types.MerchantQrCodeDocument,
    "\n  mutation CreateQrCode($input: CreateQrCodeInput!) {\n    createQrCode(input: $input) {\n      id\n    }\n  }\n": types.CreateQrCodeDocument,
    "\n  mutation DeactivateQrCode($id: ID!) {\n    deactivateQrCode(id: $id) {\n      id\n      active\n    }\n  }\n": types.DeactivateQrCodeDocument,
    "\n  fragment RecurrenceRow on Recurrence {\n    id\n    companyId\n    status\n    contract\n    object\n    frequency\n    startDate\n    endDate\n    amount\n    retryPolicy\n    autoCharge\n    reason\n    customerId\n    payer {\n      name\n      document\n    }\n    firstPayment {\n      amount\n    }\n    createdAt\n  }\n": types.RecurrenceRowFragmentDoc,
    "\n  fragment RecurringChargeRow on Charge {\n    id\n    type\n    amount\n    status\n    dueDate\n    debitAttempt\n    failureReason\n    nextAttemptOn\n    paidAt\n    createdAt\n  }\n": types.RecurringChargeRowFragmentDoc,
    "\n  fragment ChargeRecurrenceFields on Charge {\n    id\n    type\n    status\n    dueDate\n    recurrenceId\n    debitAttempt\n    failureReason\n    nextAttemptOn\n    payer {\n      name\n      document\n    }\n  }\n": types.ChargeRecurrenceFieldsFragmentDoc,
    "\n  fragment DebitAttemptRow on RecurringDebitAttempt {\n    chargeId\n    companyId\n    recurrenceId\n    attempt\n    day\n    outcome\n    failureReason\n    amount\n    recordedAt\n  }\n": types.DebitAttemptRowFragmentDoc,
    "\n  query RecurrenceAttempts($recurrenceId: ID!, $limit: Int) {\n    recurringDebitAttempts(recurrenceId: $recurrenceId, limit: $limit) {\n      total\n      data {\n        ...DebitAttemptRow\n      }\n    }\n  }\n": types.RecurrenceAttemptsDocument,
    "\n  query FailedDebits($day: String!, $companyId: ID, $limit: Int, $offset: Int) {\n    recurringDebitAttempts(day: $day, outcome: FAILED, companyId: $companyId, limit: $limit, offset: $offset) {\n      total\n      totalCapped\n      data {\n        ...DebitAttemptRow\n      }\n    }\n  }\n": types.FailedDebitsDocument,
    "\n  query Recurrences($status: RecurrenceStatus, $companyId: ID, $limit: Int, $offset: Int) {\n    recurrences(status: $status, companyId: $companyId, limit: $limit, offset: $offset) {\n      total\n      totalCapped\n      data {\n        ...RecurrenceRow\n      }\n    }\n  }\n": types.RecurrencesDocument,
    "\n  query RecurrenceDetail($id: ID!, $limit: Int, $offset: Int) {\n    recurrence(id: $id) {\n      ...RecurrenceRow\n      pixCode\n      authorisationExpiresAt\n      updatedAt\n      nextCycleDate\n      payerBankAccount {\n        ispb\n        branch\n        account\n      }\n      payerBankRequest {\n        status\n        sentAt\n        failureReason\n      }\n    }\n    recurrenceCharges(recurrenceId: $id, limit: $limit, offset: $offset) {\n      total\n      totalCapped\n      data {\n        ...RecurringChargeRow\n      }\n    }\n  }\n": types.RecurrenceDetailDocument,
    "\n  mutation CreateRecurrence($input: CreateRecurrenceInput!, $idempotencyKey: String!) {\n    createRecurrence(input: $input, idempotencyKey: $idempotencyKey) {\n      id\n      status\n    }\n  }\n": types.CreateRecurrenceDocument,
    "\n  mutation CancelRecurrence($id: ID!, $reason: String) {\n    cancelRecurrence(id: $id, reason: $reason) {\n      id\n      status\n    }\n  }\n": types.CancelRecurrenceDocument,
    "\n  mutation SimulateRecurrenceDecision($id: ID!, $decision: RecurrenceDecision!) {\n    simulateRecurrenceDecision(id: $id, decision: $decision) {\n      id\n      status\n    }\n  }\n": types.SimulateRecurrenceDecisionDocument,
    "\n  mutation CreateRecurringCharge($recurrenceId: ID!, $input: CreateRecurringChargeInput!) {\n    createRecurringCharge(recurrenceId: $recurrenceId, input: $input) {\n      id\n      dueDate\n      amount\n    }\n  }\n": types.CreateRecurringChargeDocument,
    "\n  mutation SimulateRecurringDebit($chargeId: ID!, $outcome: RecurringDebitOutcome!, $reason: String) {\n    simulateRecurringDebit(chargeId: $chargeId, outcome: $outcome, reason: $reason) {\n      id\n      status\n    }\n  }\n": types.SimulateRecurringDebitDocument,
    "\n  query PayerBanks {\n    pixParticipants {\n      ispb\n      name\n      code\n    }\n  }\n": types.PayerBanksDocument,
    "\n  fragment RefundRow on Refund {\n    id\n    chargeId\n    amount\n    status\n    reason\n    failureReason\n    returnId\n    createdAt\n    refundedAt\n    updatedAt\n  }\n": types.RefundRowFragmentDoc,
    "\n  query ChargeRefunds($chargeId: ID!) {\n    refunds(chargeId: $chargeId) {\n      total\n      data {\n        ...RefundRow\n      }\n    }\n  }\n": types.ChargeRefundsDocument,
    "\n  mutation RefundCharge($chargeId: ID!, $idempotencyKey: String!, $input: RefundChargeInput) {\n    refundCharge(chargeId: $chargeId, idempotencyKey: $idempotencyKey, input: $input) {\n      ...RefundRow\n    }\n  }\n": types.RefundChargeDocument,
    "\n  fragment RefundRequestRow on RefundRequest {\n    id\n    chargeId\n    amount\n    reason\n    status\n    mine\n    requestedByEmail\n    decidedBy\n    decidedByEmail\n    rejectionReason\n    refundId\n    requestedAt\n    expiresAt\n    decidedAt\n  }\n": types.RefundRequestRowFragmentDoc,
    "\n  query ChargeRefundRequests($chargeId: ID!) {\n    refundRequests(chargeId: $chargeId) {\n      ...RefundRequestRow\n    }\n    charge(id: $chargeId) {\n      id\n      payerName\n      payerDocument\n    }\n  }\n": types.ChargeRefundRequestsDocument,
    "\n  mutation RequestRefund($chargeId: ID!, $idempotencyKey: String!, $input: RefundChargeInput) {\n    requestRefund(chargeId: $chargeId, idempotencyKey: $idempotencyKey, input: $input) {\n      ...RefundRequestRow\n    }\n  }\n": types.RequestRefundDocument,
    "\n  mutation ConfirmRefundRequest($id: ID!) {\n    confirmRefundRequest(id: $id) {\n      ...RefundRequestRow\n    }\n  }\n": types.ConfirmRefundRequestDocument,
    "\n  mutation RejectRefundRequest($id: ID!, $reason: String!) {\n    rejectRefundRequest(id: $id, reason: $reason) {\n      ...RefundRequestRow\n    }\n  }\n": types.RejectRefundRequestDocument,
    "\n  query GlobalSearch($query: String!) {\n    search(query: $query) {\n      charges {\n        id\n        txid\n        amount\n        status\n        description\n      }\n      withdrawals {\n        id\n        withdrawalReference\n        amount\n        status\n        rejected\n        scheduledFor\n        cancellable\n      }\n      companies {\n        id\n        name\n        cnpj\n      }\n    }\n  }\n": types.GlobalSearchDocument,
    "\n  query Statement($from: DateTimeISO, $to: DateTimeISO, $limit: Int, $offset: Int) {\n    ledgerEntries(from: $from, to: $to, limit: $limit, offset: $offset) {\n      total\n      totalCapped\n      data {\n        id\n        kind\n        amount\n        balanceAfter\n        memo\n        chargeId\n        withdrawalId\n        adjustmentId\n        refundId\n        createdAt\n      }\n    }\n    balance {\n      balance\n    }\n  }\n": types.StatementDocument,
    "\n  query WithdrawalReference($id: ID!) {\n    withdrawal(id: $id) {\n      id\n      withdrawalReference\n    }\n  }\n": types.WithdrawalReferenceDocument,
    "\n  query Team {\n    companyUsers {\n      id\n      email\n      name\n      role\n      disabled\n      invitePending\n      inviteExpiresAt\n      lastSignInAt\n      createdAt\n    }\n  }\n": types.TeamDocument,
    "\n  mutation InviteTeamMember($email: String!, $name: String, $role: MerchantRole!) {\n    inviteCompanyUser(email: $email, name: $name, role: $role) {\n      inviteUrl\n      user {\n        id\n        email\n      }\n    }\n  }\n": types.InviteTeamMemberDocument,
    "\n  mutation RemoveTeamMember($id: ID!) {\n    removeCompanyUser(id: $id) {\n      id\n      disabled\n    }\n  }\n": types.RemoveTeamMemberDocument,
    "\n  fragment WebhookDeliveryRow on WebhookDelivery {\n    eventId\n    endpointId\n    endpointUrl\n    event\n    status\n    companyId\n    subjectId\n    createdAt\n    deliveredAt\n    lastAttemptAt\n    nextAttemptAt\n    attemptCount\n    requestBody\n    attempts {\n      id\n      attemptNumber\n      manual\n      url\n      responseStatus\n      responseTimeMs\n      responseBody\n      requestBody\n      error\n      startedAt\n      finishedAt\n    }\n  }\n": types.WebhookDeliveryRowFragmentDoc,
    "\n  query WebhookDeliveries(\n    $first: Int\n    $after: String\n    $status: WebhookDeliveryStatus\n    $event: String\n    $subjectId: ID\n    $companyId: ID\n    $endpointId: ID\n  ) {\n    webhookDeliveries(\n      first: $first\n      after: $after\n      status: $status\n      event: $event\n      subjectId: $subjectId\n      companyId: $companyId\n      endpointId: $endpointId\n    ) {\n      data {\n        ...WebhookDeliveryRow\n      }\n      pageInfo {\n        endCursor\n        hasNextPage\n      }\n    }\n  }\n": types.WebhookDeliveriesDocument,
    "\n  query CompanyWebhookEndpoints($companyId: ID!) {\n    webhookEndpoints(companyId: $companyId) {\n      data {\n        id\n        url\n      }\n    }\n  }\n": types.CompanyWebhookEndpointsDocument,
    "\n  mutation RedeliverWebhook($eventId: ID!, $endpointId: ID) {\n    redeliverWebhook(eventId: $eventId, endpointId: $endpointId) {\n      ...WebhookDeliveryRow\n    }\n  }\n": types.RedeliverWebhookDocument,
    "\n  query FailedDeliveries($companyId: ID, $first: Int) {\n    webhookDeliveries(status: FAILED, companyId: $companyId, first: $first) {\n      total\n      totalCapped\n      data {\n        companyId\n      }\n    }\n  }\n": types.FailedDeliveriesDocument,
    "\n  mutation RedeliverFailedWebhooks($companyId: ID, $max: Int!) {\n    redeliverFailedWebhooks(companyId: $companyId, max: $max) {\n      count\n      eventIds\n    }\n  }\n": types.RedeliverFailedWebhooksDocument,
    "\n  fragment MerchantWebhookDelivery on WebhookDelivery {\n    eventId\n    endpointId\n    endpointUrl\n    event\n    status\n    subjectId\n    createdAt\n    deliveredAt\n    nextAttemptAt\n    attemptCount\n    requestBody\n    attempts {\n      id\n      attemptNumber\n      manual\n      url\n      startedAt\n      finishedAt\n      responseStatus\n      responseTimeMs\n      responseBody\n      error\n    }\n  }\n": types.MerchantWebhookDeliveryFragmentDoc,
    "\n  query WebhookPage($limit: Int, $offset: Int, $endpointId: ID) {\n    webhookEndpoints {\n      data {\n        ...MerchantWebhookEndpoint\n      }\n    }\n    webhookSettings {\n      companyId\n      url\n      secretHint\n      secretIsBase64url\n    }\n    webhookDeliveries(limit: $limit, offset: $offset, endpointId: $endpointId) {\n      total\n      totalCapped\n      data {\n        ...MerchantWebhookDelivery\n      }\n    }\n  }\n": types.WebhookPageDocument,
    "\n  mutation UpdateWebhookUrl($url: String) {\n    updateWebhookSettings(url: $url) {\n      url\n      secretHint\n    }\n  }\n": types.UpdateWebhookUrlDocument,
    "\n  mutation RotateWebhookSecret {\n    rotateWebhookSecret {\n      webhookSecret\n      settings {\n        secretHint\n      }\n    }\n  }\n": types.RotateWebhookSecretDocument,
    "\n  mutation RevealStandardWebhookSecret {\n    revealStandardWebhookSecret {\n      standardBase64Secret\n    }\n  }\n": types.RevealStandardWebhookSecretDocument,
    "\n  mutation SendTestWebhook {\n    sendTestWebhook {\n      ...MerchantWebhookDelivery\n    }\n  }\n": types.SendTestWebhookDocument,
    "\n  query PingDeliveries {\n    # A ping goes to each endpoint that takes it (at most 10): the latest pings' deliveries.\n    webhookDeliveries(event: \"ping\", limit: 20) {\n      data {\n        ...MerchantWebhookDelivery\n      }\n    }\n  }\n": types.PingDeliveriesDocument,
    "\n  mutation RedeliverMerchantWebhook($eventId: ID!, $endpointId: ID) {\n    redeliverWebhook(eventId: $eventId, endpointId: $endpointId) {\n      eventId\n      status\n    }\n  }\n": types.RedeliverMerchantWebhookDocument,
    "\n  fragment MerchantWebhookEndpoint on WebhookEndpoint {\n    id\n    url\n    events\n    status\n    accountEndpoint\n    secretHint\n    createdAt\n    disabledReason\n    disabledAt\n    consecutiveFailures\n    failingSince\n  }\n": types.MerchantWebhookEndpointFragmentDoc,
    "\n  mutation CreateWebhookEndpoint($url: String!, $events: [String!]!) {\n    createWebhookEndpoint(url: $url, events: $events) {\n      id\n      secret\n    }\n  }\n": types.CreateWebhookEndpointDocument,
    "\n  mutation UpdateWebhookEndpoint($id: ID!, $events: [String!], $status: WebhookEndpointStatus) {\n    updateWebhookEndpoint(id: $id, events: $events, status: $status) {\n      ...MerchantWebhookEndpoint\n    }\n  }\n": types.UpdateWebhookEndpointDocument,
    "\n  mutation RotateWebhookEndpointSecret($id: ID!) {\n    rotateWebhookEndpointSecret(id: $id) {\n      id\n      secret\n    }\n  }\n": types.RotateWebhookEndpointSecretDocument,
    "\n  mutation DeleteWebhookEndpoint($id: ID!) {\n    deleteWebhookEndpoint(id: $id) {\n      id\n    }\n  }\n": types.DeleteWebhookEndpointDocument,
    "\n  fragment WithdrawalRow on Withdrawal {\n    id\n    companyId\n    amount\n    status\n    pixKey\n    pixKeyType\n    bankAccount {\n      ispb\n      branch\n      account\n      accountType\n      holderName\n      holderDocument\n    }\n    recipientDocument\n    recipientName\n    recipient {\n      name\n      document\n      institution\n    }\n    recipientWarnings\n    queuePosition\n    scheduledFor\n    sendsOn\n    cancellable\n    reason\n    rejected\n    retryCount\n    withdrawalReference\n    createdAt\n    updatedAt\n    approvalsRequired\n    approvals {\n      operator\n      operatorEmail\n      operatorInfo {\n        id\n        kind\n        displayName\n        email\n        credentialHint\n      }\n      at\n    }\n  }\n": types.WithdrawalRowFragmentDoc,
    "\n  query Withdrawals($status: WithdrawalStatus, $companyId: ID, $order: ListOrder, $limit: Int, $offset: Int) {\n    withdrawals(status: $status, companyId: $companyId, order: $order, limit: $limit, offset: $offset) {\n      total\n      totalCapped\n      limit\n      offset\n      data {\n        ...WithdrawalRow\n      }\n    }\n  }\n": types.WithdrawalsDocument,
    "\n  query CompanyNames {\n    companies(limit: 100) {\n      data {\n        id\n        name\n      }\n    }\n  }\n": types.CompanyNamesDocument,
    "\n  query CompanyName($id: ID!) {\n    company(id: $id) {\n      id\n      name\n    }\n  }\n": types.CompanyNameDocument,
    "\n  mutation ApproveWithdrawal($id: ID!) {\n    approveWithdrawal(id: $id) {\n      ...WithdrawalRow\n    }\n  }\n": types.ApproveWithdrawalDocument,
    "\n  mutation RejectWithdrawal($id: ID!, $reason: String!) {\n    rejectWithdrawal(id: $id, reason: $reason) {\n      ...WithdrawalRow\n    }\n  }\n": types.RejectWithdrawalDocument,
    "\n  mutation CancelScheduledWithdrawal($id: ID!, $reason: String!) {\n    cancelWithdrawal(id: $id, reason: $reason) {\n      ...WithdrawalRow\n    }\n  }\n": types.CancelScheduledWithdrawalDocument,
    "\n  query WithdrawalDetail($id: ID!) {\n    withdrawal(id: $id) {\n      ...WithdrawalRow\n      idempotencyKey\n      e2eId\n      paidAt\n    }\n    withdrawalHistory(id: $id) {\n      id\n      fromStatus\n      toStatus\n      actor\n      actorInfo {\n        id\n        kind\n        displayName\n        email\n        credentialHint\n      }\n      reason\n      createdAt\n    }\n  }\n": types.WithdrawalDetailDocument,
    "\n  query ExportWithdrawals($first: Int, $after: String, $status: WithdrawalStatus, $companyId: ID, $order: ListOrder) {\n    withdrawals(first: $first, after: $after, status: $status, companyId: $companyId, order: $order) {\n      data {\n        id\n        withdrawalReference\n        companyId\n        amount\n        status\n        pixKey\n        pixKeyType\n        reason\n        e2eId\n        createdAt\n        updatedAt\n        scheduledFor\n        sendsOn\n        recipient {\n          name\n          document\n          institution\n        }\n        bankAccount {\n          ispb\n          branch\n          account\n          accountType\n          holderName\n          holderDocument\n        }\n      }\n      pageInfo {\n        endCursor\n        hasNextPage\n      }\n    }\n  }\n": types.ExportWithdrawalsDocument,
    "\n  query ExportStatement($first: Int, $after: String, $from: DateTimeISO, $to: DateTimeISO) {\n    ledgerEntries(first: $first, after: $after, from: $from, to: $to) {\n      data {\n        id\n        kind\n        amount\n        balanceAfter\n        memo\n        chargeId\n        withdrawalId\n        adjustmentId\n        refundId\n        createdAt\n      }\n      pageInfo {\n        endCursor\n        hasNextPage\n      }\n    }\n  }\n": types.ExportStatementDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Shell($failingEndpoints: Boolean!) {\n    serviceInfo {\n      sandbox\n    }\n    failingWebhookEndpoints @include(if: $failingEndpoints) {\n      id\n      url\n      disabledAt\n    }\n  }\n"): typeof import('./graphql').ShellDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MySessions {\n    mySessions {\n      id\n      createdAt\n      lastSeenAt\n      expiresAt\n      address\n      userAgent\n      current\n    }\n  }\n"): typeof import('./graphql').MySessionsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RevokeSession($id: ID!) {\n    revokeSession(id: $id)\n  }\n"): typeof import('./graphql').RevokeSessionDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RevokeOtherSessions {\n    revokeOtherSessions\n  }\n"): typeof import('./graphql').RevokeOtherSessionsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TwoFactorStatus {\n    twoFactorStatus {\n      enrolled\n      required\n      enrolledAt\n      recoveryCodesLeft\n      trustedBrowsers\n      stepUpValidUntil\n    }\n  }\n"): typeof import('./graphql').TwoFactorStatusDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CompleteSignIn($code: String!, $trustBrowser: Boolean) {\n    completeSignIn(code: $code, trustBrowser: $trustBrowser) {\n      id\n      kind\n      role\n      locale\n    }\n  }\n"): typeof import('./graphql').CompleteSignInDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation StartTwoFactorEnrolment {\n    startTwoFactorEnrolment {\n      secret\n      otpauthUri\n    }\n  }\n"): typeof import('./graphql').StartTwoFactorEnrolmentDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConfirmTwoFactorEnrolment($code: String!) {\n    confirmTwoFactorEnrolment(code: $code) {\n      recoveryCodes\n      viewer {\n        id\n        kind\n        role\n        locale\n      }\n    }\n  }\n"): typeof import('./graphql').ConfirmTwoFactorEnrolmentDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation VerifyStepUp($code: String!) {\n    verifyStepUp(code: $code)\n  }\n"): typeof import('./graphql').VerifyStepUpDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RegenerateRecoveryCodes($code: String!) {\n    regenerateRecoveryCodes(code: $code)\n  }\n"): typeof import('./graphql').RegenerateRecoveryCodesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DisableTwoFactor($code: String!) {\n    disableTwoFactor(code: $code)\n  }\n"): typeof import('./graphql').DisableTwoFactorDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ForgetTrustedBrowsers {\n    forgetTrustedBrowsers\n  }\n"): typeof import('./graphql').ForgetTrustedBrowsersDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ResetTwoFactor($userId: ID!) {\n    resetTwoFactor(userId: $userId)\n  }\n"): typeof import('./graphql').ResetTwoFactorDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CompanyTwoFactorRequired {\n    companyTwoFactorRequired\n  }\n"): typeof import('./graphql').CompanyTwoFactorRequiredDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetCompanyTwoFactorRequired($required: Boolean!) {\n    setCompanyTwoFactorRequired(required: $required)\n  }\n"): typeof import('./graphql').SetCompanyTwoFactorRequiredDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AdjustmentRow on Adjustment {\n    id\n    companyId\n    amount\n    description\n    status\n    createdAt\n    requestedBy\n    requestedByInfo {\n      id\n      kind\n      displayName\n      email\n      credentialHint\n    }\n    confirmedBy\n    rejectedBy\n    rejectionReason\n    decidedAt\n  }\n"): typeof import('./graphql').AdjustmentRowFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdjustmentsList($first: Int, $after: String, $status: AdjustmentStatus, $companyId: ID) {\n    adjustments(first: $first, after: $after, status: $status, companyId: $companyId) {\n      data {\n        ...AdjustmentRow\n      }\n      pageInfo {\n        endCursor\n        hasNextPage\n      }\n    }\n  }\n"): typeof import('./graphql').AdjustmentsListDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateAdjustment($companyId: ID!, $amount: Money!, $description: String!) {\n    createAdjustment(companyId: $companyId, amount: $amount, description: $description) {\n      ...AdjustmentRow\n    }\n  }\n"): typeof import('./graphql').CreateAdjustmentDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConfirmAdjustment($id: ID!) {\n    confirmAdjustment(id: $id) {\n      ...AdjustmentRow\n    }\n  }\n"): typeof import('./graphql').ConfirmAdjustmentDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RejectAdjustment($id: ID!, $reason: String!) {\n    rejectAdjustment(id: $id, reason: $reason) {\n      ...AdjustmentRow\n    }\n  }\n"): typeof import('./graphql').RejectAdjustmentDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AuditLog(\n    $first: Int\n    $after: String\n    $objectType: String\n    $objectId: ID\n    $actor: String\n    $action: String\n    $from: DateTimeISO\n    $to: DateTimeISO\n  ) {\n    auditLog(\n      first: $first\n      after: $after\n      objectType: $objectType\n      objectId: $objectId\n      actor: $actor\n      action: $action\n      from: $from\n      to: $to\n    ) {\n      data {\n        id\n        at\n        actor\n        actorInfo {\n          id\n          kind\n          displayName\n          email\n          credentialHint\n        }\n        actorKind\n        action\n        objectType\n        objectId\n        companyId\n        reason\n        address\n        requestId\n        before\n        after\n        namedActors {\n          id\n          kind\n          displayName\n          email\n          credentialHint\n        }\n      }\n      pageInfo {\n        endCursor\n        hasNextPage\n      }\n    }\n  }\n"): typeof import('./graphql').AuditLogDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Viewer {\n    viewer {\n      id\n      kind\n      role\n      name\n      email\n      companyId\n      companyName\n      locale\n      authenticatedBy\n    }\n  }\n"): typeof import('./graphql').ViewerDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SignIn($email: String!, $password: String!) {\n    signIn(email: $email, password: $password) {\n      id\n      kind\n      role\n      locale\n      signInStep\n    }\n  }\n"): typeof import('./graphql').SignInDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SignOut {\n    signOut\n  }\n"): typeof import('./graphql').SignOutDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AcceptInvite($token: String!, $password: String!, $name: String) {\n    acceptInvite(token: $token, password: $password, name: $name) {\n      id\n      kind\n      role\n      locale\n      signInStep\n    }\n  }\n"): typeof import('./graphql').AcceptInviteDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetConsoleLocale($locale: ConsoleLocale!) {\n    setConsoleLocale(locale: $locale) {\n      id\n      locale\n    }\n  }\n"): typeof import('./graphql').SetConsoleLocaleDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query InvitePreview($token: String!) {\n    invitePreview(token: $token) {\n      email\n      name\n      kind\n      role\n      companyName\n      expiresAt\n    }\n  }\n"): typeof import('./graphql').InvitePreviewDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ChargeBillingFields on Charge {\n    type\n    dueDate\n    daysAfterDue\n    payer {\n      name\n      document\n    }\n    fine {\n      mode\n      value\n    }\n    interest {\n      mode\n      value\n    }\n    abatement {\n      mode\n      value\n    }\n    discount {\n      mode\n      value\n      dates {\n        date\n        value\n      }\n    }\n    amountDue\n    paidAmount\n    customerId\n    externalReference\n  }\n"): typeof import('./graphql').ChargeBillingFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PreviewChargeAmountDue($input: ChargeTermsPreviewInput!, $dates: [String!]) {\n    previewChargeAmountDue(input: $input, dates: $dates) {\n      dueDate\n      paymentDueDate\n      lastPayableDate\n      days {\n        date\n        amountDue\n        abatement\n        discount\n        fine\n        interest\n      }\n    }\n  }\n"): typeof import('./graphql').PreviewChargeAmountDueDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateDueDateCharge($input: CreateChargeInput!, $idempotencyKey: String) {\n    createCharge(input: $input, idempotencyKey: $idempotencyKey) {\n      id\n      amount\n      dueDate\n      status\n    }\n  }\n"): typeof import('./graphql').CreateDueDateChargeDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ChargeRow on Charge {\n    id\n    companyId\n    txid\n    e2eId\n    amount\n    fee\n    netAmount\n    status\n    description\n    reserved\n    reservedReason\n    reservedAmount\n    refundedAmount\n    disputedAmount\n    payerName\n    payerDocument\n    createdAt\n    paidAt\n    expiresAt\n    type\n    dueDate\n    paidAmount\n    payer {\n      name\n      document\n    }\n  }\n"): typeof import('./graphql').ChargeRowFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ChargesList(\n    $first: Int\n    $after: String\n    $status: ChargeStatus\n    $reserved: Boolean\n    $refunded: Boolean\n    $disputed: Boolean\n    $companyId: ID\n    $createdFrom: DateTimeISO\n    $createdTo: DateTimeISO\n    $type: ChargeType\n  ) {\n    charges(\n      first: $first\n      after: $after\n      status: $status\n      reserved: $reserved\n      refunded: $refunded\n      disputed: $disputed\n      companyId: $companyId\n      createdFrom: $createdFrom\n      createdTo: $createdTo\n      type: $type\n    ) {\n      data {\n        ...ChargeRow\n      }\n      pageInfo {\n        endCursor\n        hasNextPage\n      }\n    }\n  }\n"): typeof import('./graphql').ChargesListDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ChargeSearch($query: String!) {\n    search(query: $query) {\n      charges {\n        ...ChargeRow\n      }\n    }\n  }\n"): typeof import('./graphql').ChargeSearchDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ChargeDetail($id: ID!) {\n    charge(id: $id) {\n      ...ChargeRow\n      pixCode\n      updatedAt\n      ...ChargeBillingFields\n      ...ChargeRecurrenceFields\n    }\n  }\n"): typeof import('./graphql').ChargeDetailDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ChargeTimeline($id: ID!) {\n    auditTrail(objectType: \"charge\", objectId: $id) {\n      id\n      at\n      actor\n      actorInfo {\n        id\n        kind\n        displayName\n        email\n        credentialHint\n      }\n      action\n      reason\n    }\n    webhookDeliveries(subjectId: $id, first: 20) {\n      data {\n        eventId\n        endpointId\n        endpointUrl\n        event\n        status\n        createdAt\n        attemptCount\n      }\n    }\n  }\n"): typeof import('./graphql').ChargeTimelineDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ReserveCharge($id: ID!, $reason: String!) {\n    reserveCharge(id: $id, reason: $reason) {\n      ...ChargeRow\n    }\n  }\n"): typeof import('./graphql').ReserveChargeDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ReleaseCharge($id: ID!) {\n    releaseCharge(id: $id) {\n      ...ChargeRow\n    }\n  }\n"): typeof import('./graphql').ReleaseChargeDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SimulateChargePayment($chargeId: ID!, $payerName: String, $payerDocument: String) {\n    simulateChargePayment(chargeId: $chargeId, payerName: $payerName, payerDocument: $payerDocument) {\n      ...ChargeRow\n    }\n  }\n"): typeof import('./graphql').SimulateChargePaymentDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Companies($search: String, $limit: Int, $offset: Int) {\n    companies(search: $search, limit: $limit, offset: $offset) {\n      total\n      totalCapped\n      data {\n        id\n        name\n        cnpj\n        city\n        balance\n        feePercent\n        feeFixed\n        autoApproveLimit\n        createdAt\n        webhookEndpointCount\n      }\n    }\n  }\n"): typeof import('./graphql').CompaniesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CompanyEndpoints($companyId: ID!) {\n    webhookEndpoints(companyId: $companyId) {\n      data {\n        id\n        url\n        events\n        status\n        disabledReason\n        disabledAt\n        accountEndpoint\n        consecutiveFailures\n        failingSince\n      }\n    }\n  }\n"): typeof import('./graphql').CompanyEndpointsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CompanyOverview($id: ID!) {\n    company(id: $id) {\n      id\n      name\n      cnpj\n      city\n      balance\n      feePercent\n      feeFixed\n      autoApproveLimit\n      createdAt\n      updatedAt\n      pendingAutoApproveLimitRequest {\n        ...PendingAutoApproveLimit\n      }\n    }\n  }\n"): typeof import('./graphql').CompanyOverviewDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment PendingAutoApproveLimit on AutoApproveLimitRequest {\n    id\n    previousLimit\n    requestedLimit\n    requestedBy\n    requestedByEmail\n    requestedAt\n    mine\n  }\n"): typeof import('./graphql').PendingAutoApproveLimitFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConfirmAutoApproveLimitRequest($id: ID!) {\n    confirmAutoApproveLimitRequest(id: $id) {\n      id\n      status\n    }\n  }\n"): typeof import('./graphql').ConfirmAutoApproveLimitRequestDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeclineAutoApproveLimitRequest($id: ID!, $reason: String) {\n    declineAutoApproveLimitRequest(id: $id, reason: $reason) {\n      id\n      status\n    }\n  }\n"): typeof import('./graphql').DeclineAutoApproveLimitRequestDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query BalanceAudit($companyId: ID!) {\n    balanceAudit(companyId: $companyId) {\n      consistent\n      checkedAt\n      paidChargesNet\n      chargesHeld\n      disputesHeld\n      adjustments\n      withdrawalsHeld\n      refundsHeld\n      recomputedBalance\n      runningBalance\n      ledgerSum\n      lastEntryBalance\n      ledgerEntries\n      pendingWithdrawals\n      pendingWithdrawalsCounted\n    }\n  }\n"): typeof import('./graphql').BalanceAuditDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CompanyAdjustments($companyId: ID!, $limit: Int, $offset: Int) {\n    adjustments(companyId: $companyId, limit: $limit, offset: $offset) {\n      total\n      data {\n      id\n      amount\n      description\n      status\n      createdAt\n      requestedBy\n      confirmedBy\n      rejectedBy\n      rejectionReason\n      decidedAt\n      }\n    }\n  }\n"): typeof import('./graphql').CompanyAdjustmentsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CompanyCharges($companyId: ID!, $status: ChargeStatus, $limit: Int, $offset: Int) {\n    charges(companyId: $companyId, status: $status, limit: $limit, offset: $offset) {\n      total\n      data {\n        id\n        txid\n        amount\n        fee\n        netAmount\n        status\n        description\n        reserved\n        reservedReason\n        refundedAmount\n        disputedAmount\n        payerName\n        createdAt\n        paidAt\n        expiresAt\n        type\n        dueDate\n        paidAmount\n        payer {\n          name\n        }\n      }\n    }\n  }\n"): typeof import('./graphql').CompanyChargesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateCompany($id: ID!, $input: UpdateCompanyInput!) {\n    updateCompany(id: $id, input: $input) {\n      id\n      name\n      cnpj\n      city\n      feePercent\n      feeFixed\n      autoApproveLimit\n      updatedAt\n      pendingAutoApproveLimitRequest {\n        id\n        requestedLimit\n      }\n    }\n  }\n"): typeof import('./graphql').UpdateCompanyDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateCompany($input: CreateCompanyInput!) {\n    createCompany(input: $input) {\n      company {\n        id\n        name\n        autoApproveLimit\n      }\n      autoApproveLimitRequest {\n        id\n        requestedLimit\n      }\n      clientSecret\n      webhookSecret\n      ownerInvite {\n        inviteUrl\n        user {\n          email\n        }\n      }\n    }\n  }\n"): typeof import('./graphql').CreateCompanyDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CompanyPicker($search: String, $limit: Int) {\n    companies(search: $search, limit: $limit) {\n      data {\n        id\n        name\n        cnpj\n      }\n    }\n  }\n"): typeof import('./graphql').CompanyPickerDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MerchantCredentials {\n    clientCredentials {\n      id\n      label\n      lastUsedAt\n      secretHint\n      createdAt\n      expiresAt\n      revokedAt\n    }\n  }\n"): typeof import('./graphql').MerchantCredentialsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation IssueMerchantSecret($expiresAt: DateTimeISO, $label: String) {\n    issueClientSecret(expiresAt: $expiresAt, label: $label) {\n      clientSecret\n      credential {\n        id\n        secretHint\n        expiresAt\n      }\n    }\n  }\n"): typeof import('./graphql').IssueMerchantSecretDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RevokeMerchantSecret($credentialId: ID!) {\n    revokeClientSecret(credentialId: $credentialId) {\n      id\n      revokedAt\n    }\n  }\n"): typeof import('./graphql').RevokeMerchantSecretDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation LabelMerchantSecret($credentialId: ID!, $label: String) {\n    labelClientCredential(credentialId: $credentialId, label: $label) {\n      id\n      label\n    }\n  }\n"): typeof import('./graphql').LabelMerchantSecretDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment CustomerRow on Customer {\n    id\n    name\n    document\n    email\n    phone\n    createdAt\n  }\n"): typeof import('./graphql').CustomerRowFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Customers($document: String, $limit: Int, $offset: Int) {\n    customers(document: $document, limit: $limit, offset: $offset) {\n      total\n      totalCapped\n      data {\n        ...CustomerRow\n      }\n    }\n  }\n"): typeof import('./graphql').CustomersDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CustomerDetail($id: ID!, $limit: Int, $offset: Int) {\n    customer(id: $id) {\n      ...CustomerRow\n    }\n    charges(customerId: $id, limit: $limit, offset: $offset) {\n      total\n      totalCapped\n      data {\n        ...MerchantChargeRow\n      }\n    }\n  }\n"): typeof import('./graphql').CustomerDetailDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateCustomer($input: CreateCustomerInput!) {\n    createCustomer(input: $input) {\n      ...CustomerRow\n    }\n  }\n"): typeof import('./graphql').CreateCustomerDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment DisputeRow on Dispute {\n    id\n    companyId\n    chargeId\n    nature\n    amount\n    heldAmount\n    status\n    outcome\n    description\n    merchantStatement\n    contestStatement\n    refundId\n    returnFailureReason\n    returnedByBank\n    openedAt\n    deadlineAt\n    decidedAt\n    closedAt\n  }\n"): typeof import('./graphql').DisputeRowFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Disputes($first: Int, $after: String, $status: DisputeStatus) {\n    disputes(first: $first, after: $after, status: $status) {\n      data {\n        ...DisputeRow\n      }\n      total\n      pageInfo {\n        endCursor\n        hasNextPage\n      }\n    }\n  }\n"): typeof import('./graphql').DisputesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ChargeDisputes($chargeId: ID!) {\n    chargeDisputes(chargeId: $chargeId) {\n      ...DisputeRow\n    }\n  }\n"): typeof import('./graphql').ChargeDisputesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AcceptDispute($id: ID!) {\n    acceptDispute(id: $id) {\n      ...DisputeRow\n      acceptRequestedBy\n    }\n  }\n"): typeof import('./graphql').AcceptDisputeDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ContestDispute($id: ID!, $statement: String!) {\n    contestDispute(id: $id, statement: $statement) {\n      ...DisputeRow\n    }\n  }\n"): typeof import('./graphql').ContestDisputeDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CloseDispute($id: ID!, $note: String) {\n    closeDispute(id: $id, note: $note) {\n      ...DisputeRow\n    }\n  }\n"): typeof import('./graphql').CloseDisputeDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SubmitDisputeStatement($id: ID!, $statement: String!) {\n    submitDisputeStatement(id: $id, statement: $statement) {\n      ...DisputeRow\n    }\n  }\n"): typeof import('./graphql').SubmitDisputeStatementDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment MerchantChargeRow on Charge {\n    id\n    txid\n    e2eId\n    amount\n    fee\n    netAmount\n    status\n    description\n    reserved\n    refundedAmount\n    disputedAmount\n    createdAt\n    expiresAt\n    paidAt\n    payerName\n    type\n    dueDate\n    paidAmount\n    payer {\n      name\n    }\n  }\n"): typeof import('./graphql').MerchantChargeRowFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MerchantCharges(\n    $status: ChargeStatus\n    $type: ChargeType\n    $refunded: Boolean\n    $disputed: Boolean\n    $createdFrom: DateTimeISO\n    $createdTo: DateTimeISO\n    $limit: Int\n    $offset: Int\n  ) {\n    charges(\n      status: $status\n      type: $type\n      refunded: $refunded\n      disputed: $disputed\n      createdFrom: $createdFrom\n      createdTo: $createdTo\n      limit: $limit\n      offset: $offset\n    ) {\n      total\n      totalCapped\n      data {\n        ...MerchantChargeRow\n      }\n    }\n  }\n"): typeof import('./graphql').MerchantChargesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MerchantChargeSearch($query: String!) {\n    search(query: $query) {\n      charges {\n        ...MerchantChargeRow\n      }\n    }\n  }\n"): typeof import('./graphql').MerchantChargeSearchDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MerchantChargeDetail($id: ID!) {\n    charge(id: $id) {\n      ...MerchantChargeRow\n      pixCode\n      payerDocument\n      updatedAt\n      reservedAmount\n      paymentLinkId\n      qrcodeId\n      ...ChargeBillingFields\n      ...ChargeRecurrenceFields\n    }\n    refunds(chargeId: $id) {\n      total\n      data {\n        ...RefundRow\n      }\n    }\n    webhookDeliveries(subjectId: $id, limit: 20) {\n      data {\n        eventId\n        endpointId\n        endpointUrl\n        event\n        status\n        createdAt\n        deliveredAt\n        attemptCount\n        requestBody\n      }\n    }\n    # Where its events go: the account's endpoints (CONTRACT §15), counted beside its events.\n    webhookEndpoints {\n      data {\n        id\n        status\n      }\n    }\n  }\n"): typeof import('./graphql').MerchantChargeDetailDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateMerchantCharge($input: CreateChargeInput!, $idempotencyKey: String) {\n    createCharge(input: $input, idempotencyKey: $idempotencyKey) {\n      id\n      amount\n      pixCode\n      expiresAt\n      status\n    }\n  }\n"): typeof import('./graphql').CreateMerchantChargeDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CancelMerchantCharge($id: ID!) {\n    cancelCharge(id: $id) {\n      id\n      status\n    }\n  }\n"): typeof import('./graphql').CancelMerchantChargeDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SimulateOwnChargePayment($chargeId: ID!, $payerName: String) {\n    simulateOwnChargePayment(chargeId: $chargeId, payerName: $payerName) {\n      id\n      status\n    }\n  }\n"): typeof import('./graphql').SimulateOwnChargePaymentDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment MerchantWithdrawalRow on Withdrawal {\n    id\n    amount\n    status\n    pixKey\n    pixKeyType\n    bankAccount {\n      ispb\n      branch\n      account\n      accountType\n      holderName\n      holderDocument\n    }\n    recipientDocument\n    recipientName\n    recipient {\n      name\n      document\n      institution\n    }\n    recipientWarnings\n    queuePosition\n    scheduledFor\n    sendsOn\n    cancellable\n    reason\n    rejected\n    withdrawalReference\n    e2eId\n    createdAt\n    updatedAt\n    paidAt\n  }\n"): typeof import('./graphql').MerchantWithdrawalRowFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MerchantWithdrawals($status: WithdrawalStatus, $limit: Int, $offset: Int) {\n    withdrawals(status: $status, limit: $limit, offset: $offset) {\n      total\n      totalCapped\n      data {\n        ...MerchantWithdrawalRow\n      }\n    }\n    balance {\n      balance\n    }\n  }\n"): typeof import('./graphql').MerchantWithdrawalsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MerchantWithdrawalDetail($id: ID!) {\n    withdrawal(id: $id) {\n      ...MerchantWithdrawalRow\n      idempotencyKey\n      retryCount\n      approvalsRequired\n      approvals {\n        at\n      }\n    }\n    withdrawalHistory(id: $id) {\n      id\n      fromStatus\n      toStatus\n      actor\n      actorInfo {\n        id\n        kind\n        displayName\n        email\n        credentialHint\n      }\n      reason\n      createdAt\n    }\n  }\n"): typeof import('./graphql').MerchantWithdrawalDetailDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MerchantBalance {\n    balance {\n      balance\n    }\n  }\n"): typeof import('./graphql').MerchantBalanceDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateMerchantWithdrawal($idempotencyKey: String!, $input: CreateWithdrawalInput!) {\n    createWithdrawal(idempotencyKey: $idempotencyKey, input: $input) {\n      id\n      status\n      withdrawalReference\n      queuePosition\n    }\n  }\n"): typeof import('./graphql').CreateMerchantWithdrawalDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CancelMerchantWithdrawal($id: ID!, $reason: String) {\n    cancelWithdrawal(id: $id, reason: $reason) {\n      id\n      status\n    }\n  }\n"): typeof import('./graphql').CancelMerchantWithdrawalDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PixParticipants {\n    pixParticipants {\n      ispb\n      name\n      code\n    }\n  }\n"): typeof import('./graphql').PixParticipantsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MerchantHome {\n    merchantOverview {\n      balance\n      paidChargesNet\n      adjustments\n      withdrawalsHeld\n      refundsHeld\n      reserved\n      disputesHeld\n      today {\n        received {\n          count\n          amount\n        }\n        sent {\n          count\n          amount\n        }\n      }\n      daily(days: 30) {\n        date\n        paidAmount\n        withdrawalAmount\n      }\n    }\n    recent: charges(limit: 5) {\n      total\n      data {\n        id\n        amount\n        netAmount\n        status\n        description\n        createdAt\n      }\n    }\n  }\n"): typeof import('./graphql').MerchantHomeDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment OperatorRow on ConsoleUser {\n    id\n    email\n    name\n    role\n    disabled\n    invitePending\n    inviteExpiresAt\n    lastSignInAt\n    createdAt\n  }\n"): typeof import('./graphql').OperatorRowFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Operators {\n    operators {\n      ...OperatorRow\n    }\n  }\n"): typeof import('./graphql').OperatorsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation InviteOperator($email: String!, $name: String, $role: OperatorRole!) {\n    inviteOperator(email: $email, name: $name, role: $role) {\n      inviteUrl\n      user {\n        ...OperatorRow\n      }\n    }\n  }\n"): typeof import('./graphql').InviteOperatorDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateOperator($id: ID!, $role: OperatorRole, $disabled: Boolean) {\n    updateOperator(id: $id, role: $role, disabled: $disabled) {\n      ...OperatorRow\n    }\n  }\n"): typeof import('./graphql').UpdateOperatorDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment PendingApprovalCounts on PendingApprovals {\n    adjustments {\n      count\n      amount\n    }\n    withdrawals {\n      count\n      amount\n    }\n  }\n"): typeof import('./graphql').PendingApprovalCountsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query OperatorOverview {\n    pendingApprovals {\n      ...PendingApprovalCounts\n    }\n    operatorDashboard {\n      pendingWithdrawals {\n        count\n        amount\n        oldestCreatedAt\n      }\n      today {\n        paidCharges {\n          count\n          amount\n        }\n        withdrawals {\n          count\n          amount\n        }\n      }\n      openPaymentExceptions\n      failedWebhookDeliveries\n      daily(days: 30) {\n        date\n        paidAmount\n        paidCount\n        withdrawalAmount\n        withdrawalCount\n      }\n    }\n  }\n"): typeof import('./graphql').OperatorOverviewDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PendingApprovals {\n    pendingApprovals {\n      ...PendingApprovalCounts\n    }\n  }\n"): typeof import('./graphql').PendingApprovalsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PayerPage($token: String!) {\n    payerPage(token: $token) {\n      accountName\n      status\n      type\n      amount\n      description\n      dueDate\n      expiresAt\n      pixCode\n      paidAt\n      sandbox\n    }\n  }\n"): typeof import('./graphql').PayerPageDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PaymentLinkPage($token: String!) {\n    paymentLinkPage(token: $token) {\n      accountName\n      description\n      status\n      amount\n      minAmount\n      maxAmount\n      sandbox\n    }\n  }\n"): typeof import('./graphql').PaymentLinkPageDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConfirmPaymentLink($token: String!, $amount: Money) {\n    confirmPaymentLink(token: $token, amount: $amount) {\n      paymentUrl\n    }\n  }\n"): typeof import('./graphql').ConfirmPaymentLinkDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment PaymentExceptionRow on PaymentException {\n    id\n    kind\n    status\n    amount\n    expectedAmount\n    txid\n    endToEndId\n    chargeId\n    companyId\n    payerName\n    payerDocument\n    paidAt\n    problem\n    resolution\n    resolvedAt\n    resolvedBy\n    createdAt\n    returnStatus\n    returnId\n    returnReason\n    returnFailureReason\n    returnedAt\n  }\n"): typeof import('./graphql').PaymentExceptionRowFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PaymentExceptions($first: Int, $after: String, $status: PaymentExceptionStatus) {\n    paymentExceptions(first: $first, after: $after, status: $status) {\n      data {\n        ...PaymentExceptionRow\n      }\n      pageInfo {\n        endCursor\n        hasNextPage\n      }\n    }\n  }\n"): typeof import('./graphql').PaymentExceptionsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ResolvePaymentException($id: ID!, $resolution: String!) {\n    resolvePaymentException(id: $id, resolution: $resolution) {\n      ...PaymentExceptionRow\n    }\n  }\n"): typeof import('./graphql').ResolvePaymentExceptionDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ReturnPaymentException($id: ID!, $reason: String) {\n    returnPaymentException(id: $id, reason: $reason) {\n      ...PaymentExceptionRow\n    }\n  }\n"): typeof import('./graphql').ReturnPaymentExceptionDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MerchantPaymentLinks($limit: Int, $offset: Int) {\n    paymentLinks(limit: $limit, offset: $offset) {\n      total\n      data {\n        id\n        url\n        status\n        description\n        amount\n        minAmount\n        maxAmount\n        reusable\n        expiresAt\n        chargesCount\n        paidCount\n        paidTotal\n        createdAt\n      }\n    }\n    payerPageSettings {\n      displayName\n    }\n  }\n"): typeof import('./graphql').MerchantPaymentLinksDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreatePaymentLink($input: CreatePaymentLinkInput!) {\n    createPaymentLink(input: $input) {\n      id\n      url\n    }\n  }\n"): typeof import('./graphql').CreatePaymentLinkDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeactivatePaymentLink($id: ID!) {\n    deactivatePaymentLink(id: $id) {\n      id\n      status\n    }\n  }\n"): typeof import('./graphql').DeactivatePaymentLinkDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdatePayerPageSettings($displayName: String) {\n    updatePayerPageSettings(displayName: $displayName) {\n      displayName\n    }\n  }\n"): typeof import('./graphql').UpdatePayerPageSettingsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ServiceInfo {\n    serviceInfo {\n      pixProvider\n      sandbox\n    }\n  }\n"): typeof import('./graphql').ServiceInfoDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ProviderStatus {\n    providerStatus {\n      name\n      reconcileEverySeconds\n      efi {\n        baseUrl\n        pixKey\n        certificateSubject\n        certificateIssuer\n        certificateValidTo\n        certificateDaysLeft\n        tokenValid\n        tokenExpiresAt\n        tokenRequests\n        circuit\n        lastSuccessAt\n        lastFailureAt\n        lastFailure\n      }\n      webhook {\n        ok\n        webhookUrl\n        pixKey\n        registeredAt\n        error\n      }\n      lastNotification {\n        receivedAt\n        test\n        payments\n        transfers\n        failed\n      }\n      lastReconciliation {\n        startedAt\n        finishedAt\n        windowFrom\n        windowTo\n        pixSeen\n        credited\n        exceptions\n        transfersReadBack\n        transfersDecided\n        error\n        differences {\n          kind\n          endToEndId\n          txid\n          valor\n          detail\n        }\n      }\n    }\n    reconciliationReports(days: 14) {\n      day\n      generatedAt\n      pspCount\n      pspSum\n      serviceCount\n      serviceSum\n      differences {\n        kind\n        endToEndId\n        txid\n        chargeId\n        valor\n      }\n    }\n  }\n"): typeof import('./graphql').ProviderStatusDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query UnconfirmedNotifications {\n    unconfirmedNotifications(status: OPEN, limit: 20) {\n      total\n      totalCapped\n      data {\n        id\n        kind\n        problem\n        endToEndId\n        txid\n        amount\n        claimedStatus\n        withdrawalId\n        returnRequestId\n        callerAddress\n        lastCallerAddress\n        timesSeen\n        createdAt\n        lastSeenAt\n      }\n    }\n  }\n"): typeof import('./graphql').UnconfirmedNotificationsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MerchantQrCodes($limit: Int, $offset: Int) {\n    qrCodes(limit: $limit, offset: $offset) {\n      total\n      data {\n        id\n        pixCode\n        description\n        amount\n        active\n        paidCount\n        paidTotal\n        createdAt\n      }\n    }\n  }\n"): typeof import('./graphql').MerchantQrCodesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MerchantQrCode($id: ID!) {\n    qrCode(id: $id) {\n      id\n      pixCode\n      description\n      amount\n      active\n    }\n    payerPageSettings {\n      displayName\n    }\n  }\n"): typeof import('./graphql').MerchantQrCodeDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateQrCode($input: CreateQrCodeInput!) {\n    createQrCode(input: $input) {\n      id\n    }\n  }\n"): typeof import('./graphql').CreateQrCodeDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeactivateQrCode($id: ID!) {\n    deactivateQrCode(id: $id) {\n      id\n      active\n    }\n  }\n"): typeof import('./graphql').DeactivateQrCodeDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment RecurrenceRow on Recurrence {\n    id\n    companyId\n    status\n    contract\n    object\n    frequency\n    startDate\n    endDate\n    amount\n    retryPolicy\n    autoCharge\n    reason\n    customerId\n    payer {\n      name\n      document\n    }\n    firstPayment {\n      amount\n    }\n    createdAt\n  }\n"): typeof import('./graphql').RecurrenceRowFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment RecurringChargeRow on Charge {\n    id\n    type\n    amount\n    status\n    dueDate\n    debitAttempt\n    failureReason\n    nextAttemptOn\n    paidAt\n    createdAt\n  }\n"): typeof import('./graphql').RecurringChargeRowFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ChargeRecurrenceFields on Charge {\n    id\n    type\n    status\n    dueDate\n    recurrenceId\n    debitAttempt\n    failureReason\n    nextAttemptOn\n    payer {\n      name\n      document\n    }\n  }\n"): typeof import('./graphql').ChargeRecurrenceFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment DebitAttemptRow on RecurringDebitAttempt {\n    chargeId\n    companyId\n    recurrenceId\n    attempt\n    day\n    outcome\n    failureReason\n    amount\n    recordedAt\n  }\n"): typeof import('./graphql').DebitAttemptRowFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RecurrenceAttempts($recurrenceId: ID!, $limit: Int) {\n    recurringDebitAttempts(recurrenceId: $recurrenceId, limit: $limit) {\n      total\n      data {\n        ...DebitAttemptRow\n      }\n    }\n  }\n"): typeof import('./graphql').RecurrenceAttemptsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query FailedDebits($day: String!, $companyId: ID, $limit: Int, $offset: Int) {\n    recurringDebitAttempts(day: $day, outcome: FAILED, companyId: $companyId, limit: $limit, offset: $offset) {\n      total\n      totalCapped\n      data {\n        ...DebitAttemptRow\n      }\n    }\n  }\n"): typeof import('./graphql').FailedDebitsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Recurrences($status: RecurrenceStatus, $companyId: ID, $limit: Int, $offset: Int) {\n    recurrences(status: $status, companyId: $companyId, limit: $limit, offset: $offset) {\n      total\n      totalCapped\n      data {\n        ...RecurrenceRow\n      }\n    }\n  }\n"): typeof import('./graphql').RecurrencesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RecurrenceDetail($id: ID!, $limit: Int, $offset: Int) {\n    recurrence(id: $id) {\n      ...RecurrenceRow\n      pixCode\n      authorisationExpiresAt\n      updatedAt\n      nextCycleDate\n      payerBankAccount {\n        ispb\n        branch\n        account\n      }\n      payerBankRequest {\n        status\n        sentAt\n        failureReason\n      }\n    }\n    recurrenceCharges(recurrenceId: $id, limit: $limit, offset: $offset) {\n      total\n      totalCapped\n      data {\n        ...RecurringChargeRow\n      }\n    }\n  }\n"): typeof import('./graphql').RecurrenceDetailDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateRecurrence($input: CreateRecurrenceInput!, $idempotencyKey: String!) {\n    createRecurrence(input: $input, idempotencyKey: $idempotencyKey) {\n      id\n      status\n    }\n  }\n"): typeof import('./graphql').CreateRecurrenceDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CancelRecurrence($id: ID!, $reason: String) {\n    cancelRecurrence(id: $id, reason: $reason) {\n      id\n      status\n    }\n  }\n"): typeof import('./graphql').CancelRecurrenceDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SimulateRecurrenceDecision($id: ID!, $decision: RecurrenceDecision!) {\n    simulateRecurrenceDecision(id: $id, decision: $decision) {\n      id\n      status\n    }\n  }\n"): typeof import('./graphql').SimulateRecurrenceDecisionDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateRecurringCharge($recurrenceId: ID!, $input: CreateRecurringChargeInput!) {\n    createRecurringCharge(recurrenceId: $recurrenceId, input: $input) {\n      id\n      dueDate\n      amount\n    }\n  }\n"): typeof import('./graphql').CreateRecurringChargeDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SimulateRecurringDebit($chargeId: ID!, $outcome: RecurringDebitOutcome!, $reason: String) {\n    simulateRecurringDebit(chargeId: $chargeId, outcome: $outcome, reason: $reason) {\n      id\n      status\n    }\n  }\n"): typeof import('./graphql').SimulateRecurringDebitDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PayerBanks {\n    pixParticipants {\n      ispb\n      name\n      code\n    }\n  }\n"): typeof import('./graphql').PayerBanksDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment RefundRow on Refund {\n    id\n    chargeId\n    amount\n    status\n    reason\n    failureReason\n    returnId\n    createdAt\n    refundedAt\n    updatedAt\n  }\n"): typeof import('./graphql').RefundRowFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ChargeRefunds($chargeId: ID!) {\n    refunds(chargeId: $chargeId) {\n      total\n      data {\n        ...RefundRow\n      }\n    }\n  }\n"): typeof import('./graphql').ChargeRefundsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RefundCharge($chargeId: ID!, $idempotencyKey: String!, $input: RefundChargeInput) {\n    refundCharge(chargeId: $chargeId, idempotencyKey: $idempotencyKey, input: $input) {\n      ...RefundRow\n    }\n  }\n"): typeof import('./graphql').RefundChargeDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment RefundRequestRow on RefundRequest {\n    id\n    chargeId\n    amount\n    reason\n    status\n    mine\n    requestedByEmail\n    decidedBy\n    decidedByEmail\n    rejectionReason\n    refundId\n    requestedAt\n    expiresAt\n    decidedAt\n  }\n"): typeof import('./graphql').RefundRequestRowFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ChargeRefundRequests($chargeId: ID!) {\n    refundRequests(chargeId: $chargeId) {\n      ...RefundRequestRow\n    }\n    charge(id: $chargeId) {\n      id\n      payerName\n      payerDocument\n    }\n  }\n"): typeof import('./graphql').ChargeRefundRequestsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RequestRefund($chargeId: ID!, $idempotencyKey: String!, $input: RefundChargeInput) {\n    requestRefund(chargeId: $chargeId, idempotencyKey: $idempotencyKey, input: $input) {\n      ...RefundRequestRow\n    }\n  }\n"): typeof import('./graphql').RequestRefundDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConfirmRefundRequest($id: ID!) {\n    confirmRefundRequest(id: $id) {\n      ...RefundRequestRow\n    }\n  }\n"): typeof import('./graphql').ConfirmRefundRequestDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RejectRefundRequest($id: ID!, $reason: String!) {\n    rejectRefundRequest(id: $id, reason: $reason) {\n      ...RefundRequestRow\n    }\n  }\n"): typeof import('./graphql').RejectRefundRequestDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query GlobalSearch($query: String!) {\n    search(query: $query) {\n      charges {\n        id\n        txid\n        amount\n        status\n        description\n      }\n      withdrawals {\n        id\n        withdrawalReference\n        amount\n        status\n        rejected\n        scheduledFor\n        cancellable\n      }\n      companies {\n        id\n        name\n        cnpj\n      }\n    }\n  }\n"): typeof import('./graphql').GlobalSearchDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Statement($from: DateTimeISO, $to: DateTimeISO, $limit: Int, $offset: Int) {\n    ledgerEntries(from: $from, to: $to, limit: $limit, offset: $offset) {\n      total\n      totalCapped\n      data {\n        id\n        kind\n        amount\n        balanceAfter\n        memo\n        chargeId\n        withdrawalId\n        adjustmentId\n        refundId\n        createdAt\n      }\n    }\n    balance {\n      balance\n    }\n  }\n"): typeof import('./graphql').StatementDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query WithdrawalReference($id: ID!) {\n    withdrawal(id: $id) {\n      id\n      withdrawalReference\n    }\n  }\n"): typeof import('./graphql').WithdrawalReferenceDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Team {\n    companyUsers {\n      id\n      email\n      name\n      role\n      disabled\n      invitePending\n      inviteExpiresAt\n      lastSignInAt\n      createdAt\n    }\n  }\n"): typeof import('./graphql').TeamDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation InviteTeamMember($email: String!, $name: String, $role: MerchantRole!) {\n    inviteCompanyUser(email: $email, name: $name, role: $role) {\n      inviteUrl\n      user {\n        id\n        email\n      }\n    }\n  }\n"): typeof import('./graphql').InviteTeamMemberDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RemoveTeamMember($id: ID!) {\n    removeCompanyUser(id: $id) {\n      id\n      disabled\n    }\n  }\n"): typeof import('./graphql').RemoveTeamMemberDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment WebhookDeliveryRow on WebhookDelivery {\n    eventId\n    endpointId\n    endpointUrl\n    event\n    status\n    companyId\n    subjectId\n    createdAt\n    deliveredAt\n    lastAttemptAt\n    nextAttemptAt\n    attemptCount\n    requestBody\n    attempts {\n      id\n      attemptNumber\n      manual\n      url\n      responseStatus\n      responseTimeMs\n      responseBody\n      requestBody\n      error\n      startedAt\n      finishedAt\n    }\n  }\n"): typeof import('./graphql').WebhookDeliveryRowFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query WebhookDeliveries(\n    $first: Int\n    $after: String\n    $status: WebhookDeliveryStatus\n    $event: String\n    $subjectId: ID\n    $companyId: ID\n    $endpointId: ID\n  ) {\n    webhookDeliveries(\n      first: $first\n      after: $after\n      status: $status\n      event: $event\n      subjectId: $subjectId\n      companyId: $companyId\n      endpointId: $endpointId\n    ) {\n      data {\n        ...WebhookDeliveryRow\n      }\n      pageInfo {\n        endCursor\n        hasNextPage\n      }\n    }\n  }\n"): typeof import('./graphql').WebhookDeliveriesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CompanyWebhookEndpoints($companyId: ID!) {\n    webhookEndpoints(companyId: $companyId) {\n      data {\n        id\n        url\n      }\n    }\n  }\n"): typeof import('./graphql').CompanyWebhookEndpointsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RedeliverWebhook($eventId: ID!, $endpointId: ID) {\n    redeliverWebhook(eventId: $eventId, endpointId: $endpointId) {\n      ...WebhookDeliveryRow\n    }\n  }\n"): typeof import('./graphql').RedeliverWebhookDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query FailedDeliveries($companyId: ID, $first: Int) {\n    webhookDeliveries(status: FAILED, companyId: $companyId, first: $first) {\n      total\n      totalCapped\n      data {\n        companyId\n      }\n    }\n  }\n"): typeof import('./graphql').FailedDeliveriesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RedeliverFailedWebhooks($companyId: ID, $max: Int!) {\n    redeliverFailedWebhooks(companyId: $companyId, max: $max) {\n      count\n      eventIds\n    }\n  }\n"): typeof import('./graphql').RedeliverFailedWebhooksDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment MerchantWebhookDelivery on WebhookDelivery {\n    eventId\n    endpointId\n    endpointUrl\n    event\n    status\n    subjectId\n    createdAt\n    deliveredAt\n    nextAttemptAt\n    attemptCount\n    requestBody\n    attempts {\n      id\n      attemptNumber\n      manual\n      url\n      startedAt\n      finishedAt\n      responseStatus\n      responseTimeMs\n      responseBody\n      error\n    }\n  }\n"): typeof import('./graphql').MerchantWebhookDeliveryFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query WebhookPage($limit: Int, $offset: Int, $endpointId: ID) {\n    webhookEndpoints {\n      data {\n        ...MerchantWebhookEndpoint\n      }\n    }\n    webhookSettings {\n      companyId\n      url\n      secretHint\n      secretIsBase64url\n    }\n    webhookDeliveries(limit: $limit, offset: $offset, endpointId: $endpointId) {\n      total\n      totalCapped\n      data {\n        ...MerchantWebhookDelivery\n      }\n    }\n  }\n"): typeof import('./graphql').WebhookPageDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateWebhookUrl($url: String) {\n    updateWebhookSettings(url: $url) {\n      url\n      secretHint\n    }\n  }\n"): typeof import('./graphql').UpdateWebhookUrlDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RotateWebhookSecret {\n    rotateWebhookSecret {\n      webhookSecret\n      settings {\n        secretHint\n      }\n    }\n  }\n"): typeof import('./graphql').RotateWebhookSecretDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RevealStandardWebhookSecret {\n    revealStandardWebhookSecret {\n      standardBase64Secret\n    }\n  }\n"): typeof import('./graphql').RevealStandardWebhookSecretDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SendTestWebhook {\n    sendTestWebhook {\n      ...MerchantWebhookDelivery\n    }\n  }\n"): typeof import('./graphql').SendTestWebhookDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PingDeliveries {\n    # A ping goes to each endpoint that takes it (at most 10): the latest pings' deliveries.\n    webhookDeliveries(event: \"ping\", limit: 20) {\n      data {\n        ...MerchantWebhookDelivery\n      }\n    }\n  }\n"): typeof import('./graphql').PingDeliveriesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RedeliverMerchantWebhook($eventId: ID!, $endpointId: ID) {\n    redeliverWebhook(eventId: $eventId, endpointId: $endpointId) {\n      eventId\n      status\n    }\n  }\n"): typeof import('./graphql').RedeliverMerchantWebhookDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment MerchantWebhookEndpoint on WebhookEndpoint {\n    id\n    url\n    events\n    status\n    accountEndpoint\n    secretHint\n    createdAt\n    disabledReason\n    disabledAt\n    consecutiveFailures\n    failingSince\n  }\n"): typeof import('./graphql').MerchantWebhookEndpointFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateWebhookEndpoint($url: String!, $events: [String!]!) {\n    createWebhookEndpoint(url: $url, events: $events) {\n      id\n      secret\n    }\n  }\n"): typeof import('./graphql').CreateWebhookEndpointDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateWebhookEndpoint($id: ID!, $events: [String!], $status: WebhookEndpointStatus) {\n    updateWebhookEndpoint(id: $id, events: $events, status: $status) {\n      ...MerchantWebhookEndpoint\n    }\n  }\n"): typeof import('./graphql').UpdateWebhookEndpointDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RotateWebhookEndpointSecret($id: ID!) {\n    rotateWebhookEndpointSecret(id: $id) {\n      id\n      secret\n    }\n  }\n"): typeof import('./graphql').RotateWebhookEndpointSecretDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteWebhookEndpoint($id: ID!) {\n    deleteWebhookEndpoint(id: $id) {\n      id\n    }\n  }\n"): typeof import('./graphql').DeleteWebhookEndpointDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment WithdrawalRow on Withdrawal {\n    id\n    companyId\n    amount\n    status\n    pixKey\n    pixKeyType\n    bankAccount {\n      ispb\n      branch\n      account\n      accountType\n      holderName\n      holderDocument\n    }\n    recipientDocument\n    recipientName\n    recipient {\n      name\n      document\n      institution\n    }\n    recipientWarnings\n    queuePosition\n    scheduledFor\n    sendsOn\n    cancellable\n    reason\n    rejected\n    retryCount\n    withdrawalReference\n    createdAt\n    updatedAt\n    approvalsRequired\n    approvals {\n      operator\n      operatorEmail\n      operatorInfo {\n        id\n        kind\n        displayName\n        email\n        credentialHint\n      }\n      at\n    }\n  }\n"): typeof import('./graphql').WithdrawalRowFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Withdrawals($status: WithdrawalStatus, $companyId: ID, $order: ListOrder, $limit: Int, $offset: Int) {\n    withdrawals(status: $status, companyId: $companyId, order: $order, limit: $limit, offset: $offset) {\n      total\n      totalCapped\n      limit\n      offset\n      data {\n        ...WithdrawalRow\n      }\n    }\n  }\n"): typeof import('./graphql').WithdrawalsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CompanyNames {\n    companies(limit: 100) {\n      data {\n        id\n        name\n      }\n    }\n  }\n"): typeof import('./graphql').CompanyNamesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CompanyName($id: ID!) {\n    company(id: $id) {\n      id\n      name\n    }\n  }\n"): typeof import('./graphql').CompanyNameDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ApproveWithdrawal($id: ID!) {\n    approveWithdrawal(id: $id) {\n      ...WithdrawalRow\n    }\n  }\n"): typeof import('./graphql').ApproveWithdrawalDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RejectWithdrawal($id: ID!, $reason: String!) {\n    rejectWithdrawal(id: $id, reason: $reason) {\n      ...WithdrawalRow\n    }\n  }\n"): typeof import('./graphql').RejectWithdrawalDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CancelScheduledWithdrawal($id: ID!, $reason: String!) {\n    cancelWithdrawal(id: $id, reason: $reason) {\n      ...WithdrawalRow\n    }\n  }\n"): typeof import('./graphql').CancelScheduledWithdrawalDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query WithdrawalDetail($id: ID!) {\n    withdrawal(id: $id) {\n      ...WithdrawalRow\n      idempotencyKey\n      e2eId\n      paidAt\n    }\n    withdrawalHistory(id: $id) {\n      id\n      fromStatus\n      toStatus\n      actor\n      actorInfo {\n        id\n        kind\n        displayName\n        email\n        credentialHint\n      }\n      reason\n      createdAt\n    }\n  }\n"): typeof import('./graphql').WithdrawalDetailDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ExportWithdrawals($first: Int, $after: String, $status: WithdrawalStatus, $companyId: ID, $order: ListOrder) {\n    withdrawals(first: $first, after: $after, status: $status, companyId: $companyId, order: $order) {\n      data {\n        id\n        withdrawalReference\n        companyId\n        amount\n        status\n        pixKey\n        pixKeyType\n        reason\n        e2eId\n        createdAt\n        updatedAt\n        scheduledFor\n        sendsOn\n        recipient {\n          name\n          document\n          institution\n        }\n        bankAccount {\n          ispb\n          branch\n          account\n          accountType\n          holderName\n          holderDocument\n        }\n      }\n      pageInfo {\n        endCursor\n        hasNextPage\n      }\n    }\n  }\n"): typeof import('./graphql').ExportWithdrawalsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ExportStatement($first: Int, $after: String, $from: DateTimeISO, $to: DateTimeISO) {\n    ledgerEntries(first: $first, after: $after, from: $from, to: $to) {\n      data {\n        id\n        kind\n        amount\n        balanceAfter\n        memo\n        chargeId\n        withdrawalId\n        adjustmentId\n        refundId\n        createdAt\n      }\n      pageInfo {\n        endCursor\n        hasNextPage\n      }\n    }\n  }\n"): typeof import('./graphql').ExportStatementDocument;


export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}
