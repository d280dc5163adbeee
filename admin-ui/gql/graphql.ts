/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
/** FIXED (BRL) or PERCENT (of the amount). */
export type AdjustmentMode =
  | 'FIXED'
  | 'PERCENT';

export type AdjustmentStatus =
  | 'POSTED'
  | 'REJECTED'
  | 'REQUESTED';

export type AutoApproveLimitRequestStatus =
  | 'CONFIRMED'
  | 'DECLINED'
  | 'REQUESTED';

/** An account to pay instead of a key; every field is checked (VALIDATION_ERROR). */
export type BankAccountInput = {
  /** 1 to 20 digits, the check digit included. */
  account: string;
  accountType: BankAccountType;
  /** 1 to 4 digits. */
  branch: string;
  /** A CPF or CNPJ with valid check digits. */
  holderDocument: string;
  /** 1 to 140 characters. */
  holderName: string;
  /** The institution's ISPB: 8 digits, a Pix participant's (pixParticipants). */
  ispb: string;
};

/** CHECKING (conta corrente), SAVINGS (poupança), PAYMENT (conta de pagamento). */
export type BankAccountType =
  | 'CHECKING'
  | 'PAYMENT'
  | 'SAVINGS';

export type ChargeAdjustmentInput = {
  mode: AdjustmentMode;
  /** BRL for FIXED and AMOUNT_* modes, a percentage for PERCENT* modes; at most two decimals. */
  value: string;
};

export type ChargeDiscountDateInput = {
  /** YYYY-MM-DD, not after the due date. */
  date: string;
  /** BRL for FIXED and AMOUNT_* modes, a percentage for PERCENT* modes; at most two decimals. */
  value: string;
};

/** `dates` (1 to 3, increasing) for the *_UNTIL_DATES modes, `value` for the *_EARLY ones. */
export type ChargeDiscountInput = {
  dates?: Array<ChargeDiscountDateInput> | null | undefined;
  mode: DiscountMode;
  /** BRL for FIXED and AMOUNT_* modes, a percentage for PERCENT* modes; at most two decimals. */
  value?: string | null | undefined;
};

export type ChargeInterestInput = {
  mode: InterestMode;
  /** BRL for FIXED and AMOUNT_* modes, a percentage for PERCENT* modes; at most two decimals. */
  value: string;
};

/** `cpf` or `cnpj`, exactly one. */
export type ChargePayerInput = {
  /** 14 characters, plain or dd.ddd.ddd/dddd-dd. */
  cnpj?: string | null | undefined;
  /** 11 digits, plain or ddd.ddd.ddd-dd. */
  cpf?: string | null | undefined;
  /** 1 to 140 characters. */
  name: string;
};

export type ChargeStatus =
  | 'CANCELLED'
  | 'EXPIRED'
  | 'PAID'
  | 'PENDING';

/** A due-date charge's amount and terms, as createCharge takes them. */
export type ChargeTermsPreviewInput = {
  abatement?: ChargeAdjustmentInput | null | undefined;
  /** 0.01 to 99999999.99 */
  amount: string;
  /** 0 to 365, default 30. */
  daysAfterDue?: number | null | undefined;
  discount?: ChargeDiscountInput | null | undefined;
  /** YYYY-MM-DD (America/Sao_Paulo), today to 3650 days ahead. */
  dueDate: string;
  fine?: ChargeAdjustmentInput | null | undefined;
  interest?: ChargeInterestInput | null | undefined;
};

export type ChargeType =
  /** A due date, with fine, interest and discount (API Pix cobv). */
  | 'DUE_DATE'
  /** Paid once before it expires (API Pix cob). */
  | 'IMMEDIATE'
  /** A cycle of a Pix Automático recurrence. */
  | 'RECURRING';

/** The console's languages: PT_BR (Brazilian Portuguese, the default) and EN (English). */
export type ConsoleLocale =
  | 'EN'
  | 'PT_BR';

export type ConsoleUserKind =
  | 'MERCHANT'
  | 'OPERATOR';

/** An immediate charge (expires_in), or a due-date charge (due_date and its terms). */
export type CreateChargeInput = {
  abatement?: ChargeAdjustmentInput | null | undefined;
  /** 0.01 to 99999999.99 */
  amount: string;
  /** One of the account's customers: the charge's payer. */
  customerId?: string | null | undefined;
  /** 0 to 365, default 30: payable until the end of that many days after the due date. */
  daysAfterDue?: number | null | undefined;
  /** At most 140 characters. */
  description?: string | null | undefined;
  discount?: ChargeDiscountInput | null | undefined;
  /** A due-date charge: YYYY-MM-DD (America/Sao_Paulo), today to 3650 days ahead. */
  dueDate?: string | null | undefined;
  /** Seconds until expiry, 60 to 2592000; default 3600. Not with dueDate. */
  expiresIn?: number | null | undefined;
  /** 1 to 64 of A-Z a-z 0-9 . _ : -, unique among the account's charges. */
  externalReference?: string | null | undefined;
  fine?: ChargeAdjustmentInput | null | undefined;
  interest?: ChargeInterestInput | null | undefined;
  metadata?: Record<string, string> | null | undefined;
  /** Required with dueDate unless customerId is given. */
  payer?: ChargePayerInput | null | undefined;
};

export type CreateCompanyInput = {
  autoApproveLimit?: string | null | undefined;
  /** Return the account's payments that cannot be credited to their payers at once; default false. */
  autoReturnExceptions?: boolean | null | undefined;
  /** Merchant city in the BR Code; default SAO PAULO. */
  city?: string | null | undefined;
  /** CNPJ, plain or formatted; stored without punctuation. */
  cnpj?: string | null | undefined;
  /** Default from DEFAULT_FEE_FIXED. */
  feeFixed?: string | null | undefined;
  /** Default from DEFAULT_FEE_PERCENT. */
  feePercent?: string | null | undefined;
  name: string;
  /** E-mail of the company's first console user (a merchant ADMIN), invited now. */
  ownerEmail?: string | null | undefined;
  webhookUrl?: string | null | undefined;
};

/** `cpf` or `cnpj`, exactly one. */
export type CreateCustomerInput = {
  /** 14 characters, plain or dd.ddd.ddd/dddd-dd. */
  cnpj?: string | null | undefined;
  /** 11 digits, plain or ddd.ddd.ddd-dd. */
  cpf?: string | null | undefined;
  /** At most 77 characters. */
  email?: string | null | undefined;
  /** 1 to 140 characters. */
  name: string;
  /** +55, the area code and 8 or 9 digits (or those 10 or 11 digits). */
  phone?: string | null | undefined;
};

/** A fixed amount, or none (the payer types one between minAmount and maxAmount). */
export type CreatePaymentLinkInput = {
  /** Fixed amount, 0.01 to 99999999.99; absent: the payer types it. */
  amount?: string | null | undefined;
  /** 1 to 140 characters: what is paid for; each charge's description. */
  description: string;
  /** After it, the link makes no charge (EXPIRED). */
  expiresAt?: string | null | undefined;
  /** Without amount: the most a payer may type; default 99999999.99. */
  maxAmount?: string | null | undefined;
  /** Without amount: the least a payer may type; default 1.00. */
  minAmount?: string | null | undefined;
  /** Default false: COMPLETED at its first payment. */
  reusable?: boolean | null | undefined;
};

/** A fixed amount, or none (the payer types it in their bank's app). */
export type CreateQrCodeInput = {
  /** Fixed amount, 0.01 to 99999999.99; absent: the payer types it. */
  amount?: string | null | undefined;
  /** 1 to 140 characters: what is paid for; each charge's description. */
  description: string;
};

/** customerId or payer, exactly one. */
export type CreateRecurrenceInput = {
  /** A fixed amount; absent: each charge's own. */
  amount?: string | null | undefined;
  /** Default false; with a fixed amount, the service creates each cycle's charge itself. */
  autoCharge?: boolean | null | undefined;
  /** The merchant's contract number: 1 to 35 characters. */
  contract: string;
  /** One of the account's customers: the payer. */
  customerId?: string | null | undefined;
  /** YYYY-MM-DD, not before startDate; absent: until cancelled. */
  endDate?: string | null | undefined;
  firstPayment?: FirstPaymentInput | null | undefined;
  frequency: RecurrenceFrequency;
  /** What is paid for: 1 to 35 characters. */
  object: string;
  /** Required unless customerId is given. */
  payer?: ChargePayerInput | null | undefined;
  /** Also send the authorisation to the payer's bank (journey 4); the pix_code still works. */
  payerBankAccount?: PayerBankAccountInput | null | undefined;
  /** Default NONE. */
  retryPolicy?: RecurrenceRetryPolicy | null | undefined;
  /** YYYY-MM-DD (America/Sao_Paulo), today or later. */
  startDate: string;
};

/** A cycle's charge: its due date and, for a variable recurrence, its amount. */
export type CreateRecurringChargeInput = {
  /** Required for a variable recurrence; a fixed one's own amount (another is refused). */
  amount?: string | null | undefined;
  /** YYYY-MM-DD (America/Sao_Paulo): 2 to 10 days after today. */
  dueDate: string;
};

/** A key (pixKeyType and pixKey) or an account (bankAccount). */
export type CreateWithdrawalInput = {
  /** 1.00 to 99999999.99 */
  amount: string;
  /** Instead of pixKeyType and pixKey. */
  bankAccount?: BankAccountInput | null | undefined;
  pixKey?: string | null | undefined;
  pixKeyType?: PixKeyType | null | undefined;
  /** The CPF or CNPJ that owns the key: the bank refuses the transfer when the key is not its. */
  recipientDocument?: string | null | undefined;
  /** The recipient's name (1 to 140 characters); operators are warned when the bank's holder differs. */
  recipientName?: string | null | undefined;
  /** YYYY-MM-DD, today up to 60 days ahead (America/Sao_Paulo): the amount is reserved now, the transfer is not sent before that day (the next business day when it is a weekend or a banking holiday). */
  scheduledFor?: string | null | undefined;
};

/** The API Pix `desconto.modalidade` 1 to 6, in order. */
export type DiscountMode =
  | 'AMOUNT_PER_BUSINESS_DAY_EARLY'
  | 'AMOUNT_PER_DAY_EARLY'
  | 'FIXED_UNTIL_DATES'
  | 'PERCENT_PER_BUSINESS_DAY_EARLY'
  | 'PERCENT_PER_DAY_EARLY'
  | 'PERCENT_UNTIL_DATES';

export type DisputeNature =
  /** Fundada suspeita de fraude (fraud or scam). */
  | 'MED_FRAUDE'
  /** Falha operacional of a participant (a Pix made by mistake of a PSP). */
  | 'MED_OPERACIONAL';

export type DisputeOutcome =
  | 'RELEASED'
  | 'RETURNED';

export type DisputeStatus =
  | 'ACCEPTED'
  | 'CLOSED'
  | 'OPEN'
  | 'REJECTED';

/** A payment made with the authorisation (journey 3). */
export type FirstPaymentInput = {
  /** 0.01 to 99999999.99 */
  amount: string;
};

/** The API Pix `juros.modalidade` 1 to 8, in order. */
export type InterestMode =
  | 'AMOUNT_PER_BUSINESS_DAY'
  | 'AMOUNT_PER_DAY'
  | 'PERCENT_PER_BUSINESS_DAY'
  | 'PERCENT_PER_DAY'
  | 'PERCENT_PER_MONTH'
  | 'PERCENT_PER_MONTH_BUSINESS_DAYS'
  | 'PERCENT_PER_YEAR'
  | 'PERCENT_PER_YEAR_BUSINESS_DAYS';

export type LedgerEntryKind =
  | 'ADJUSTMENT'
  | 'CHARGE_PAID'
  | 'CHARGE_RELEASED'
  | 'CHARGE_RESERVED'
  | 'DISPUTE_HELD'
  | 'DISPUTE_RELEASED'
  | 'REFUND_FAILED'
  | 'REFUND_RESERVED'
  | 'WITHDRAWAL_REFUNDED'
  | 'WITHDRAWAL_RESERVED';

/** Order of a list by creation time (then id). */
export type ListOrder =
  /** Newest first (the default). */
  | 'NEWEST_FIRST'
  /** Oldest first: queue order. */
  | 'OLDEST_FIRST';

/** ADMIN: the whole merchant panel (team, API credentials, webhooks); MEMBER: charges, withdrawals, reading. */
export type MerchantRole =
  | 'ADMIN'
  | 'MEMBER';

/** ADMIN: everything, operators included; OPERATOR: act on money and charges; VIEWER: read only. */
export type OperatorRole =
  | 'ADMIN'
  | 'OPERATOR'
  | 'VIEWER';

/** The payer's account at their bank (journey 4): the authorisation is sent there, to appear in their bank's app. Its holder is the recurrence's payer. */
export type PayerBankAccountInput = {
  /** 1 to 20 digits, the check digit included. */
  account: string;
  /** 1 to 4 digits; absent when the account has no branch. */
  branch?: string | null | undefined;
  /** The payer's bank's ISPB: 8 digits, a Pix participant's. */
  ispb: string;
};

/** The authorisation request sent to the payer's bank (API Pix `solicrec`). */
export type PayerBankRequestStatus =
  /** The payer authorised the recurrence. */
  | 'ACCEPTED'
  /** The recurrence ended before the payer decided. */
  | 'CANCELLED'
  /** The bank did not send it (failureReason says why). */
  | 'FAILED'
  /** Queued: the service is sending it. */
  | 'PENDING'
  /** The payer refused the recurrence. */
  | 'REJECTED'
  /** Sent: it is in the payer's bank's app until the authorisation's end. */
  | 'SENT';

export type PaymentExceptionKind =
  | 'ALREADY_PAID'
  | 'AMOUNT_MISMATCH'
  | 'CHARGE_CANCELLED'
  | 'CHARGE_EXPIRED'
  | 'MALFORMED'
  | 'QRCODE_INACTIVE'
  | 'UNKNOWN_RETURN'
  | 'UNKNOWN_TXID';

export type PaymentExceptionStatus =
  | 'OPEN'
  | 'RESOLVED';

export type PaymentLinkStatus =
  /** Payers can open it and get a charge. */
  | 'ACTIVE'
  /** A single-use link, paid. */
  | 'COMPLETED'
  /** Past its expires_at. */
  | 'EXPIRED'
  /** Deactivated by the merchant. */
  | 'INACTIVE';

export type PaymentReturnStatus =
  | 'FAILED'
  | 'PROCESSING'
  | 'RETURNED';

export type PixKeyType =
  | 'ALEATORIA'
  | 'CNPJ'
  | 'CPF'
  | 'EMAIL'
  | 'TELEFONE';

/** Where the holder the bank tells differs from the recipient the merchant declared. */
export type RecipientWarning =
  | 'DOCUMENT_MISMATCH'
  | 'NAME_MISMATCH';

export type RecurrenceDecision =
  | 'APPROVED'
  | 'REJECTED';

/** The API Pix `periodicidade`: SEMANAL, MENSAL, TRIMESTRAL, SEMESTRAL, ANUAL. */
export type RecurrenceFrequency =
  | 'ANNUAL'
  | 'MONTHLY'
  | 'QUARTERLY'
  | 'SEMIANNUAL'
  | 'WEEKLY';

/** The API Pix `politicaRetentativa`: NAO_PERMITE, or PERMITE_3R_7D (3 more attempts within 7 days). */
export type RecurrenceRetryPolicy =
  | 'NONE'
  | 'THREE_IN_SEVEN_DAYS';

export type RecurrenceStatus =
  /** Authorised: its charges are debited on their due dates. */
  | 'APPROVED'
  /** Cancelled by the merchant or by the payer at their bank. */
  | 'CANCELLED'
  /** Past its end date. */
  | 'COMPLETED'
  /** Waiting for the payer's authorisation in their bank's app. */
  | 'CREATED'
  /** Not authorised in time. */
  | 'EXPIRED'
  /** The payer refused it. */
  | 'REJECTED';

export type RecurringDebitOutcome =
  | 'FAILED'
  | 'PAID';

export type RefundChargeInput = {
  /** 0.01 up to what remains refundable; omitted: all that remains. */
  amount?: string | null | undefined;
  /** At most 140 characters; sent to the bank as descricao. */
  reason?: string | null | undefined;
};

export type RefundRequestStatus =
  | 'CONFIRMED'
  | 'EXPIRED'
  | 'REJECTED'
  | 'REQUESTED';

export type RefundStatus =
  | 'FAILED'
  | 'PROCESSING'
  | 'REFUNDED';

/** DONE: signed in. SECOND_FACTOR: give a code (completeSignIn). ENROL_SECOND_FACTOR: a second factor is required and must be enrolled first (startTwoFactorEnrolment, confirmTwoFactorEnrolment). */
export type SignInStep =
  | 'DONE'
  | 'ENROL_SECOND_FACTOR'
  | 'SECOND_FACTOR';

export type UnconfirmedNotificationKind =
  | 'RECEIVED_PIX'
  | 'RECURRENCE_STATUS'
  | 'RECURRING_DEBIT'
  | 'RETURN_OUTCOME'
  | 'TRANSFER_OUTCOME';

export type UpdateCompanyInput = {
  /** Send null to remove the limit. */
  autoApproveLimit?: string | null | undefined;
  /** Return the account's payments that cannot be credited to their payers at once. */
  autoReturnExceptions?: boolean | null | undefined;
  city?: string | null | undefined;
  /** Send null to remove it. */
  cnpj?: string | null | undefined;
  feeFixed?: string | null | undefined;
  feePercent?: string | null | undefined;
  name?: string | null | undefined;
};

export type WebhookDeliveryStatus =
  | 'DELIVERED'
  | 'FAILED'
  | 'HELD'
  | 'NO_URL'
  | 'PENDING';

export type WebhookEndpointDisabledReason =
  | 'FAILING'
  | 'MERCHANT';

export type WebhookEndpointStatus =
  | 'DISABLED'
  | 'ENABLED';

export type WithdrawalStatus =
  | 'CANCELLED'
  | 'FAILED'
  | 'PAID'
  | 'PENDING'
  | 'PROCESSING';

export type ShellQueryVariables = Exact<{
  failingEndpoints: boolean;
}>;


export type ShellQuery = { serviceInfo: { sandbox: boolean }, failingWebhookEndpoints?: Array<{ id: string, url: string, disabledAt: string }> };

export type MySessionsQueryVariables = Exact<{ [key: string]: never; }>;


export type MySessionsQuery = { mySessions: Array<{ id: string, createdAt: string, lastSeenAt: string, expiresAt: string, address: string | null, userAgent: string | null, current: boolean }> };

export type RevokeSessionMutationVariables = Exact<{
  id: string;
}>;


export type RevokeSessionMutation = { revokeSession: boolean };

export type RevokeOtherSessionsMutationVariables = Exact<{ [key: string]: never; }>;


export type RevokeOtherSessionsMutation = { revokeOtherSessions: number };

export type TwoFactorStatusQueryVariables = Exact<{ [key: string]: never; }>;


export type TwoFactorStatusQuery = { twoFactorStatus: { enrolled: boolean, required: boolean, enrolledAt: string | null, recoveryCodesLeft: number, trustedBrowsers: number, stepUpValidUntil: string | null } };

export type CompleteSignInMutationVariables = Exact<{
  code: string;
  trustBrowser?: boolean | null | undefined;
}>;


export type CompleteSignInMutation = { completeSignIn: { id: string, kind: ConsoleUserKind, role: string, locale: ConsoleLocale | null } };

export type StartTwoFactorEnrolmentMutationVariables = Exact<{ [key: string]: never; }>;


export type StartTwoFactorEnrolmentMutation = { startTwoFactorEnrolment: { secret: string, otpauthUri: string } };

export type ConfirmTwoFactorEnrolmentMutationVariables = Exact<{
  code: string;
}>;


export type ConfirmTwoFactorEnrolmentMutation = { confirmTwoFactorEnrolment: { recoveryCodes: Array<string>, viewer: { id: string, kind: ConsoleUserKind, role: string, locale: ConsoleLocale | null } } };

export type VerifyStepUpMutationVariables = Exact<{
  code: string;
}>;


export type VerifyStepUpMutation = { verifyStepUp: string };

export type RegenerateRecoveryCodesMutationVariables = Exact<{
  code: string;
}>;


export type RegenerateRecoveryCodesMutation = { regenerateRecoveryCodes: Array<string> };

export type DisableTwoFactorMutationVariables = Exact<{
  code: string;
}>;


export type DisableTwoFactorMutation = { disableTwoFactor: boolean };

export type ForgetTrustedBrowsersMutationVariables = Exact<{ [key: string]: never; }>;


export type ForgetTrustedBrowsersMutation = { forgetTrustedBrowsers: number };

export type ResetTwoFactorMutationVariables = Exact<{
  userId: string;
}>;


export type ResetTwoFactorMutation = { resetTwoFactor: boolean };

export type CompanyTwoFactorRequiredQueryVariables = Exact<{ [key: string]: never; }>;


export type CompanyTwoFactorRequiredQuery = { companyTwoFactorRequired: boolean };

export type SetCompanyTwoFactorRequiredMutationVariables = Exact<{
  required: boolean;
}>;


export type SetCompanyTwoFactorRequiredMutation = { setCompanyTwoFactorRequired: boolean };

export type AdjustmentRowFragment = { id: string, companyId: string, amount: string, description: string, status: AdjustmentStatus, createdAt: string, requestedBy: string, confirmedBy: string | null, rejectedBy: string | null, rejectionReason: string | null, decidedAt: string | null, requestedByInfo: { id: string, kind: string, displayName: string | null, email: string | null, credentialHint: string | null } };

export type AdjustmentsListQueryVariables = Exact<{
  first?: number | null | undefined;
  after?: string | null | undefined;
  status?: AdjustmentStatus | null | undefined;
  companyId?: string | null | undefined;
}>;


export type AdjustmentsListQuery = { adjustments: { data: Array<{ id: string, companyId: string, amount: string, description: string, status: AdjustmentStatus, createdAt: string, requestedBy: string, confirmedBy: string | null, rejectedBy: string | null, rejectionReason: string | null, decidedAt: string | null, requestedByInfo: { id: string, kind: string, displayName: string | null, email: string | null, credentialHint: string | null } }>, pageInfo: { endCursor: string | null, hasNextPage: boolean } } };

export type CreateAdjustmentMutationVariables = Exact<{
  companyId: string;
  amount: string;
  description: string;
}>;


export type CreateAdjustmentMutation = { createAdjustment: { id: string, companyId: string, amount: string, description: string, status: AdjustmentStatus, createdAt: string, requestedBy: string, confirmedBy: string | null, rejectedBy: string | null, rejectionReason: string | null, decidedAt: string | null, requestedByInfo: { id: string, kind: string, displayName: string | null, email: string | null, credentialHint: string | null } } };

export type ConfirmAdjustmentMutationVariables = Exact<{
  id: string;
}>;


export type ConfirmAdjustmentMutation = { confirmAdjustment: { id: string, companyId: string, amount: string, description: string, status: AdjustmentStatus, createdAt: string, requestedBy: string, confirmedBy: string | null, rejectedBy: string | null, rejectionReason: string | null, decidedAt: string | null, requestedByInfo: { id: string, kind: string, displayName: string | null, email: string | null, credentialHint: string | null } } };

export type RejectAdjustmentMutationVariables = Exact<{
  id: string;
  reason: string;
}>;


export type RejectAdjustmentMutation = { rejectAdjustment: { id: string, companyId: string, amount: string, description: string, status: AdjustmentStatus, createdAt: string, requestedBy: string, confirmedBy: string | null, rejectedBy: string | null, rejectionReason: string | null, decidedAt: string | null, requestedByInfo: { id: string, kind: string, displayName: string | null, email: string | null, credentialHint: string | null } } };

export type AuditLogQueryVariables = Exact<{
  first?: number | null | undefined;
  after?: string | null | undefined;
  objectType?: string | null | undefined;
  objectId?: string | null | undefined;
  actor?: string | null | undefined;
  action?: string | null | undefined;
  from?: string | null | undefined;
  to?: string | null | undefined;
}>;


export type AuditLogQuery = { auditLog: { data: Array<{ id: string, at: string, actor: string, actorKind: string, action: string, objectType: string, objectId: string | null, companyId: string | null, reason: string | null, address: string | null, requestId: string | null, before: unknown, after: unknown, actorInfo: { id: string, kind: string, displayName: string | null, email: string | null, credentialHint: string | null }, namedActors: Array<{ id: string, kind: string, displayName: string | null, email: string | null, credentialHint: string | null }> }>, pageInfo: { endCursor: string | null, hasNextPage: boolean } } };

export type ViewerQueryVariables = Exact<{ [key: string]: never; }>;


export type ViewerQuery = { viewer: { id: string, kind: ConsoleUserKind, role: string, name: string | null, email: string | null, companyId: string | null, companyName: string | null, locale: ConsoleLocale | null, authenticatedBy: string } | null };

export type SignInMutationVariables = Exact<{
  email: string;
  password: string;
}>;


export type SignInMutation = { signIn: { id: string, kind: ConsoleUserKind, role: string, locale: ConsoleLocale | null, signInStep: SignInStep } };

export type SignOutMutationVariables = Exact<{ [key: string]: never; }>;


export type SignOutMutation = { signOut: boolean };

export type AcceptInviteMutationVariables = Exact<{
  token: string;
  password: string;
  name?: string | null | undefined;
}>;


export type AcceptInviteMutation = { acceptInvite: { id: string, kind: ConsoleUserKind, role: string, locale: ConsoleLocale | null, signInStep: SignInStep } };

export type SetConsoleLocaleMutationVariables = Exact<{
  locale: ConsoleLocale;
}>;


export type SetConsoleLocaleMutation = { setConsoleLocale: { id: string, locale: ConsoleLocale | null } };

export type InvitePreviewQueryVariables = Exact<{
  token: string;
}>;


export type InvitePreviewQuery = { invitePreview: { email: string, name: string | null, kind: ConsoleUserKind, role: string, companyName: string | null, expiresAt: string } | null };

export type ChargeBillingFieldsFragment = { type: ChargeType, dueDate: string | null, daysAfterDue: number | null, amountDue: string | null, paidAmount: string | null, customerId: string | null, externalReference: string | null, payer: { name: string, document: string } | null, fine: { mode: AdjustmentMode, value: string } | null, interest: { mode: InterestMode, value: string } | null, abatement: { mode: AdjustmentMode, value: string } | null, discount: { mode: DiscountMode, value: string | null, dates: Array<{ date: string, value: string }> | null } | null };

export type PreviewChargeAmountDueQueryVariables = Exact<{
  input: ChargeTermsPreviewInput;
  dates?: Array<string> | string | null | undefined;
}>;


export type PreviewChargeAmountDueQuery = { previewChargeAmountDue: { dueDate: string, paymentDueDate: string, lastPayableDate: string, days: Array<{ date: string, amountDue: string, abatement: string, discount: string, fine: string, interest: string }> } };

export type CreateDueDateChargeMutationVariables = Exact<{
  input: CreateChargeInput;
  idempotencyKey?: string | null | undefined;
}>;


export type CreateDueDateChargeMutation = { createCharge: { id: string, amount: string, dueDate: string | null, status: ChargeStatus } };

export type ChargeRowFragment = { id: string, companyId: string, txid: string, e2eId: string | null, amount: string, fee: string, netAmount: string, status: ChargeStatus, description: string | null, reserved: boolean, reservedReason: string | null, reservedAmount: string, refundedAmount: string, disputedAmount: string, payerName: string | null, payerDocument: string | null, createdAt: string, paidAt: string | null, expiresAt: string, type: ChargeType, dueDate: string | null, paidAmount: string | null, payer: { name: string, document: string } | null };

export type ChargesListQueryVariables = Exact<{
  first?: number | null | undefined;
  after?: string | null | undefined;
  status?: ChargeStatus | null | undefined;
  reserved?: boolean | null | undefined;
  refunded?: boolean | null | undefined;
  disputed?: boolean | null | undefined;
  companyId?: string | null | undefined;
  createdFrom?: string | null | undefined;
  createdTo?: string | null | undefined;
  type?: ChargeType | null | undefined;
}>;


export type ChargesListQuery = { charges: { data: Array<{ id: string, companyId: string, txid: string, e2eId: string | null, amount: string, fee: string, netAmount: string, status: ChargeStatus, description: string | null, reserved: boolean, reservedReason: string | null, reservedAmount: string, refundedAmount: string, disputedAmount: string, payerName: string | null, payerDocument: string | null, createdAt: string, paidAt: string | null, expiresAt: string, type: ChargeType, dueDate: string | null, paidAmount: string | null, payer: { name: string, document: string } | null }>, pageInfo: { endCursor: string | null, hasNextPage: boolean } } };

export type ChargeSearchQueryVariables = Exact<{
  query: string;
}>;


export type ChargeSearchQuery = { search: { charges: Array<{ id: string, companyId: string, txid: string, e2eId: string | null, amount: string, fee: string, netAmount: string, status: ChargeStatus, description: string | null, reserved: boolean, reservedReason: string | null, reservedAmount: string, refundedAmount: string, disputedAmount: string, payerName: string | null, payerDocument: string | null, createdAt: string, paidAt: string | null, expiresAt: string, type: ChargeType, dueDate: string | null, paidAmount: string | null, payer: { name: string, document: string } | null }> } };

export type ChargeDetailQueryVariables = Exact<{
  id: string;
}>;


export type ChargeDetailQuery = { charge: { pixCode: string | null, updatedAt: string, id: string, companyId: string, txid: string, e2eId: string | null, amount: string, fee: string, netAmount: string, status: ChargeStatus, description: string | null, reserved: boolean, reservedReason: string | null, reservedAmount: string, refundedAmount: string, disputedAmount: string, payerName: string | null, payerDocument: string | null, createdAt: string, paidAt: string | null, expiresAt: string, type: ChargeType, dueDate: string | null, paidAmount: string | null, daysAfterDue: number | null, amountDue: string | null, customerId: string | null, externalReference: string | null, recurrenceId: string | null, debitAttempt: number | null, failureReason: string | null, nextAttemptOn: string | null, payer: { name: string, document: string } | null, fine: { mode: AdjustmentMode, value: string } | null, interest: { mode: InterestMode, value: string } | null, abatement: { mode: AdjustmentMode, value: string } | null, discount: { mode: DiscountMode, value: string | null, dates: Array<{ date: string, value: string }> | null } | null } };

export type ChargeTimelineQueryVariables = Exact<{
  id: string;
}>;


export type ChargeTimelineQuery = { auditTrail: Array<{ id: string, at: string, actor: string, action: string, reason: string | null, actorInfo: { id: string, kind: string, displayName: string | null, email: string | null, credentialHint: string | null } }>, webhookDeliveries: { data: Array<{ eventId: string, endpointId: string, endpointUrl: string | null, event: string, status: WebhookDeliveryStatus, createdAt: string, attemptCount: number }> } };

export type ReserveChargeMutationVariables = Exact<{
  id: string;
  reason: string;
}>;


export type ReserveChargeMutation = { reserveCharge: { id: string, companyId: string, txid: string, e2eId: string | null, amount: string, fee: string, netAmount: string, status: ChargeStatus, description: string | null, reserved: boolean, reservedReason: string | null, reservedAmount: string, refundedAmount: string, disputedAmount: string, payerName: string | null, payerDocument: string | null, createdAt: string, paidAt: string | null, expiresAt: string, type: ChargeType, dueDate: string | null, paidAmount: string | null, payer: { name: string, document: string } | null } };

export type ReleaseChargeMutationVariables = Exact<{
  id: string;
}>;


export type ReleaseChargeMutation = { releaseCharge: { id: string, companyId: string, txid: string, e2eId: string | null, amount: string, fee: string, netAmount: string, status: ChargeStatus, description: string | null, reserved: boolean, reservedReason: string | null, reservedAmount: string, refundedAmount: string, disputedAmount: string, payerName: string | null, payerDocument: string | null, createdAt: string, paidAt: string | null, expiresAt: string, type: ChargeType, dueDate: string | null, paidAmount: string | null, payer: { name: string, document: string } | null } };

export type SimulateChargePaymentMutationVariables = Exact<{
  chargeId: string;
  payerName?: string | null | undefined;
  payerDocument?: string | null | undefined;
}>;


export type SimulateChargePaymentMutation = { simulateChargePayment: { id: string, companyId: string, txid: string, e2eId: string | null, amount: string, fee: string, netAmount: string, status: ChargeStatus, description: string | null, reserved: boolean, reservedReason: string | null, reservedAmount: string, refundedAmount: string, disputedAmount: string, payerName: string | null, payerDocument: string | null, createdAt: string, paidAt: string | null, expiresAt: string, type: ChargeType, dueDate: string | null, paidAmount: string | null, payer: { name: string, document: string } | null } };

export type CompaniesQueryVariables = Exact<{
  search?: string | null | undefined;
  limit?: number | null | undefined;
  offset?: number | null | undefined;
}>;


export type CompaniesQuery = { companies: { total: number, totalCapped: boolean, data: Array<{ id: string, name: string, cnpj: string | null, city: string, balance: string, feePercent: string, feeFixed: string, autoApproveLimit: string | null, createdAt: string, webhookEndpointCount: number }> } };

export type CompanyEndpointsQueryVariables = Exact<{
  companyId: string;
}>;


export type CompanyEndpointsQuery = { webhookEndpoints: { data: Array<{ id: string, url: string, events: Array<string>, status: WebhookEndpointStatus, disabledReason: WebhookEndpointDisabledReason | null, disabledAt: string | null, accountEndpoint: boolean, consecutiveFailures: number, failingSince: string | null }> } };

export type CompanyOverviewQueryVariables = Exact<{
  id: string;
}>;


export type CompanyOverviewQuery = { company: { id: string, name: string, cnpj: string | null, city: string, balance: string, feePercent: string, feeFixed: string, autoApproveLimit: string | null, createdAt: string, updatedAt: string, pendingAutoApproveLimitRequest: { id: string, previousLimit: string | null, requestedLimit: string, requestedBy: string, requestedByEmail: string | null, requestedAt: string, mine: boolean } | null } };

export type PendingAutoApproveLimitFragment = { id: string, previousLimit: string | null, requestedLimit: string, requestedBy: string, requestedByEmail: string | null, requestedAt: string, mine: boolean };

export type ConfirmAutoApproveLimitRequestMutationVariables = Exact<{
  id: string;
}>;


export type ConfirmAutoApproveLimitRequestMutation = { confirmAutoApproveLimitRequest: { id: string, status: AutoApproveLimitRequestStatus } };

export type DeclineAutoApproveLimitRequestMutationVariables = Exact<{
  id: string;
  reason?: string | null | undefined;
}>;


export type DeclineAutoApproveLimitRequestMutation = { declineAutoApproveLimitRequest: { id: string, status: AutoApproveLimitRequestStatus } };

export type BalanceAuditQueryVariables = Exact<{
  companyId: string;
}>;


export type BalanceAuditQuery = { balanceAudit: { consistent: boolean, checkedAt: string, paidChargesNet: string, chargesHeld: string, disputesHeld: string, adjustments: string, withdrawalsHeld: string, refundsHeld: string, recomputedBalance: string, runningBalance: string, ledgerSum: string, lastEntryBalance: string, ledgerEntries: number, pendingWithdrawals: number, pendingWithdrawalsCounted: number } };

export type CompanyAdjustmentsQueryVariables = Exact<{
  companyId: string;
  limit?: number | null | undefined;
  offset?: number | null | undefined;
}>;


export type CompanyAdjustmentsQuery = { adjustments: { total: number, data: Array<{ id: string, amount: string, description: string, status: AdjustmentStatus, createdAt: string, requestedBy: string, confirmedBy: string | null, rejectedBy: string | null, rejectionReason: string | null, decidedAt: string | null }> } };

export type CompanyChargesQueryVariables = Exact<{
  companyId: string;
  status?: ChargeStatus | null | undefined;
  limit?: number | null | undefined;
  offset?: number | null | undefined;
}>;


export type CompanyChargesQuery = { charges: { total: number, data: Array<{ id: string, txid: string, amount: string, fee: string, netAmount: string, status: ChargeStatus, description: string | null, reserved: boolean, reservedReason: string | null, refundedAmount: string, disputedAmount: string, payerName: string | null, createdAt: string, paidAt: string | null, expiresAt: string, type: ChargeType, dueDate: string | null, paidAmount: string | null, payer: { name: string } | null }> } };

export type UpdateCompanyMutationVariables = Exact<{
  id: string;
  input: UpdateCompanyInput;
}>;


export type UpdateCompanyMutation = { updateCompany: { id: string, name: string, cnpj: string | null, city: string, feePercent: string, feeFixed: string, autoApproveLimit: string | null, updatedAt: string, pendingAutoApproveLimitRequest: { id: string, requestedLimit: string } | null } };

export type CreateCompanyMutationVariables = Exact<{
  input: CreateCompanyInput;
}>;


export type CreateCompanyMutation = { createCompany: { clientSecret: string, webhookSecret: string, company: { id: string, name: string, autoApproveLimit: string | null }, autoApproveLimitRequest: { id: string, requestedLimit: string } | null, ownerInvite: { inviteUrl: string, user: { email: string } } | null } };

export type CompanyPickerQueryVariables = Exact<{
  search?: string | null | undefined;
  limit?: number | null | undefined;
}>;


export type CompanyPickerQuery = { companies: { data: Array<{ id: string, name: string, cnpj: string | null }> } };

export type MerchantCredentialsQueryVariables = Exact<{ [key: string]: never; }>;


export type MerchantCredentialsQuery = { clientCredentials: Array<{ id: string, label: string | null, lastUsedAt: string | null, secretHint: string, createdAt: string, expiresAt: string | null, revokedAt: string | null }> };

export type IssueMerchantSecretMutationVariables = Exact<{
  expiresAt?: string | null | undefined;
  label?: string | null | undefined;
}>;


export type IssueMerchantSecretMutation = { issueClientSecret: { clientSecret: string, credential: { id: string, secretHint: string, expiresAt: string | null } } };

export type RevokeMerchantSecretMutationVariables = Exact<{
  credentialId: string;
}>;


export type RevokeMerchantSecretMutation = { revokeClientSecret: { id: string, revokedAt: string | null } };

export type LabelMerchantSecretMutationVariables = Exact<{
  credentialId: string;
  label?: string | null | undefined;
}>;


export type LabelMerchantSecretMutation = { labelClientCredential: { id: string, label: string | null } };

export type CustomerRowFragment = { id: string, name: string, document: string, email: string | null, phone: string | null, createdAt: string };

export type CustomersQueryVariables = Exact<{
  document?: string | null | undefined;
  limit?: number | null | undefined;
  offset?: number | null | undefined;
}>;


export type CustomersQuery = { customers: { total: number, totalCapped: boolean, data: Array<{ id: string, name: string, document: string, email: string | null, phone: string | null, createdAt: string }> } };

export type CustomerDetailQueryVariables = Exact<{
  id: string;
  limit?: number | null | undefined;
  offset?: number | null | undefined;
}>;


export type CustomerDetailQuery = { customer: { id: string, name: string, document: string, email: string | null, phone: string | null, createdAt: string }, charges: { total: number, totalCapped: boolean, data: Array<{ id: string, txid: string, e2eId: string | null, amount: string, fee: string, netAmount: string, status: ChargeStatus, description: string | null, reserved: boolean, refundedAmount: string, disputedAmount: string, createdAt: string, expiresAt: string, paidAt: string | null, payerName: string | null, type: ChargeType, dueDate: string | null, paidAmount: string | null, payer: { name: string } | null }> } };

export type CreateCustomerMutationVariables = Exact<{
  input: CreateCustomerInput;
}>;


export type CreateCustomerMutation = { createCustomer: { id: string, name: string, document: string, email: string | null, phone: string | null, createdAt: string } };

export type DisputeRowFragment = { id: string, companyId: string, chargeId: string, nature: DisputeNature, amount: string, heldAmount: string, status: DisputeStatus, outcome: DisputeOutcome | null, description: string | null, merchantStatement: string | null, contestStatement: string | null, refundId: string | null, returnFailureReason: string | null, returnedByBank: boolean, openedAt: string, deadlineAt: string, decidedAt: string | null, closedAt: string | null };

export type DisputesQueryVariables = Exact<{
  first?: number | null | undefined;
  after?: string | null | undefined;
  status?: DisputeStatus | null | undefined;
}>;


export type DisputesQuery = { disputes: { total: number, data: Array<{ id: string, companyId: string, chargeId: string, nature: DisputeNature, amount: string, heldAmount: string, status: DisputeStatus, outcome: DisputeOutcome | null, description: string | null, merchantStatement: string | null, contestStatement: string | null, refundId: string | null, returnFailureReason: string | null, returnedByBank: boolean, openedAt: string, deadlineAt: string, decidedAt: string | null, closedAt: string | null }>, pageInfo: { endCursor: string | null, hasNextPage: boolean } } };

export type ChargeDisputesQueryVariables = Exact<{
  chargeId: string;
}>;


export type ChargeDisputesQuery = { chargeDisputes: Array<{ id: string, companyId: string, chargeId: string, nature: DisputeNature, amount: string, heldAmount: string, status: DisputeStatus, outcome: DisputeOutcome | null, description: string | null, merchantStatement: string | null, contestStatement: string | null, refundId: string | null, returnFailureReason: string | null, returnedByBank: boolean, openedAt: string, deadlineAt: string, decidedAt: string | null, closedAt: string | null }> };

export type AcceptDisputeMutationVariables = Exact<{
  id: string;
}>;


export type AcceptDisputeMutation = { acceptDispute: { acceptRequestedBy: string | null, id: string, companyId: string, chargeId: string, nature: DisputeNature, amount: string, heldAmount: string, status: DisputeStatus, outcome: DisputeOutcome | null, description: string | null, merchantStatement: string | null, contestStatement: string | null, refundId: string | null, returnFailureReason: string | null, returnedByBank: boolean, openedAt: string, deadlineAt: string, decidedAt: string | null, closedAt: string | null } };

export type ContestDisputeMutationVariables = Exact<{
  id: string;
  statement: string;
}>;


export type ContestDisputeMutation = { contestDispute: { id: string, companyId: string, chargeId: string, nature: DisputeNature, amount: string, heldAmount: string, status: DisputeStatus, outcome: DisputeOutcome | null, description: string | null, merchantStatement: string | null, contestStatement: string | null, refundId: string | null, returnFailureReason: string | null, returnedByBank: boolean, openedAt: string, deadlineAt: string, decidedAt: string | null, closedAt: string | null } };

export type CloseDisputeMutationVariables = Exact<{
  id: string;
  note?: string | null | undefined;
}>;


export type CloseDisputeMutation = { closeDispute: { id: string, companyId: string, chargeId: string, nature: DisputeNature, amount: string, heldAmount: string, status: DisputeStatus, outcome: DisputeOutcome | null, description: string | null, merchantStatement: string | null, contestStatement: string | null, refundId: string | null, returnFailureReason: string | null, returnedByBank: boolean, openedAt: string, deadlineAt: string, decidedAt: string | null, closedAt: string | null } };

export type SubmitDisputeStatementMutationVariables = Exact<{
  id: string;
  statement: string;
}>;


export type SubmitDisputeStatementMutation = { submitDisputeStatement: { id: string, companyId: string, chargeId: string, nature: DisputeNature, amount: string, heldAmount: string, status: DisputeStatus, outcome: DisputeOutcome | null, description: string | null, merchantStatement: string | null, contestStatement: string | null, refundId: string | null, returnFailureReason: string | null, returnedByBank: boolean, openedAt: string, deadlineAt: string, decidedAt: string | null, closedAt: string | null } };

export type MerchantChargeRowFragment = { id: string, txid: string, e2eId: string | null, amount: string, fee: string, netAmount: string, status: ChargeStatus, description: string | null, reserved: boolean, refundedAmount: string, disputedAmount: string, createdAt: string, expiresAt: string, paidAt: string | null, payerName: string | null, type: ChargeType, dueDate: string | null, paidAmount: string | null, payer: { name: string } | null };

export type MerchantChargesQueryVariables = Exact<{
  status?: ChargeStatus | null | undefined;
  type?: ChargeType | null | undefined;
  refunded?: boolean | null | undefined;
  disputed?: boolean | null | undefined;
  createdFrom?: string | null | undefined;
  createdTo?: string | null | undefined;
  limit?: number | null | undefined;
  offset?: number | null | undefined;
}>;


export type MerchantChargesQuery = { charges: { total: number, totalCapped: boolean, data: Array<{ id: string, txid: string, e2eId: string | null, amount: string, fee: string, netAmount: string, status: ChargeStatus, description: string | null, reserved: boolean, refundedAmount: string, disputedAmount: string, createdAt: string, expiresAt: string, paidAt: string | null, payerName: string | null, type: ChargeType, dueDate: string | null, paidAmount: string | null, payer: { name: string } | null }> } };

export type MerchantChargeSearchQueryVariables = Exact<{
  query: string;
}>;


export type MerchantChargeSearchQuery = { search: { charges: Array<{ id: string, txid: string, e2eId: string | null, amount: string, fee: string, netAmount: string, status: ChargeStatus, description: string | null, reserved: boolean, refundedAmount: string, disputedAmount: string, createdAt: string, expiresAt: string, paidAt: string | null, payerName: string | null, type: ChargeType, dueDate: string | null, paidAmount: string | null, payer: { name: string } | null }> } };

export type MerchantChargeDetailQueryVariables = Exact<{
  id: string;
}>;


export type MerchantChargeDetailQuery = { charge: { pixCode: string | null, payerDocument: string | null, updatedAt: string, reservedAmount: string, paymentLinkId: string | null, qrcodeId: string | null, id: string, txid: string, e2eId: string | null, amount: string, fee: string, netAmount: string, status: ChargeStatus, description: string | null, reserved: boolean, refundedAmount: string, disputedAmount: string, createdAt: string, expiresAt: string, paidAt: string | null, payerName: string | null, type: ChargeType, dueDate: string | null, paidAmount: string | null, daysAfterDue: number | null, amountDue: string | null, customerId: string | null, externalReference: string | null, recurrenceId: string | null, debitAttempt: number | null, failureReason: string | null, nextAttemptOn: string | null, payer: { name: string, document: string } | null, fine: { mode: AdjustmentMode, value: string } | null, interest: { mode: InterestMode, value: string } | null, abatement: { mode: AdjustmentMode, value: string } | null, discount: { mode: DiscountMode, value: string | null, dates: Array<{ date: string, value: string }> | null } | null }, refunds: { total: number, data: Array<{ id: string, chargeId: string, amount: string, status: RefundStatus, reason: string | null, failureReason: string | null, returnId: string | null, createdAt: string, refundedAt: string | null, updatedAt: string }> }, webhookDeliveries: { data: Array<{ eventId: string, endpointId: string, endpointUrl: string | null, event: string, status: WebhookDeliveryStatus, createdAt: string, deliveredAt: string | null, attemptCount: number, requestBody: string }> }, webhookEndpoints: { data: Array<{ id: string, status: WebhookEndpointStatus }> } };

export type CreateMerchantChargeMutationVariables = Exact<{
  input: CreateChargeInput;
  idempotencyKey?: string | null | undefined;
}>;


export type CreateMerchantChargeMutation = { createCharge: { id: string, amount: string, pixCode: string | null, expiresAt: string, status: ChargeStatus } };

export type CancelMerchantChargeMutationVariables = Exact<{
  id: string;
}>;


export type CancelMerchantChargeMutation = { cancelCharge: { id: string, status: ChargeStatus } };

export type SimulateOwnChargePaymentMutationVariables = Exact<{
  chargeId: string;
  payerName?: string | null | undefined;
}>;


export type SimulateOwnChargePaymentMutation = { simulateOwnChargePayment: { id: string, status: ChargeStatus } };

export type MerchantWithdrawalRowFragment = { id: string, amount: string, status: WithdrawalStatus, pixKey: string | null, pixKeyType: PixKeyType | null, recipientDocument: string | null, recipientName: string | null, recipientWarnings: Array<RecipientWarning>, queuePosition: number | null, scheduledFor: string | null, sendsOn: string | null, cancellable: boolean, reason: string | null, rejected: boolean, withdrawalReference: string, e2eId: string | null, createdAt: string, updatedAt: string, paidAt: string | null, bankAccount: { ispb: string, branch: string, account: string, accountType: BankAccountType, holderName: string, holderDocument: string } | null, recipient: { name: string, document: string, institution: string | null } | null };

export type MerchantWithdrawalsQueryVariables = Exact<{
  status?: WithdrawalStatus | null | undefined;
  limit?: number | null | undefined;
  offset?: number | null | undefined;
}>;


export type MerchantWithdrawalsQuery = { withdrawals: { total: number, totalCapped: boolean, data: Array<{ id: string, amount: string, status: WithdrawalStatus, pixKey: string | null, pixKeyType: PixKeyType | null, recipientDocument: string | null, recipientName: string | null, recipientWarnings: Array<RecipientWarning>, queuePosition: number | null, scheduledFor: string | null, sendsOn: string | null, cancellable: boolean, reason: string | null, rejected: boolean, withdrawalReference: string, e2eId: string | null, createdAt: string, updatedAt: string, paidAt: string | null, bankAccount: { ispb: string, branch: string, account: string, accountType: BankAccountType, holderName: string, holderDocument: string } | null, recipient: { name: string, document: string, institution: string | null } | null }> }, balance: { balance: string } };

export type MerchantWithdrawalDetailQueryVariables = Exact<{
  id: string;
}>;


export type MerchantWithdrawalDetailQuery = { withdrawal: { idempotencyKey: string, retryCount: number, approvalsRequired: number, id: string, amount: string, status: WithdrawalStatus, pixKey: string | null, pixKeyType: PixKeyType | null, recipientDocument: string | null, recipientName: string | null, recipientWarnings: Array<RecipientWarning>, queuePosition: number | null, scheduledFor: string | null, sendsOn: string | null, cancellable: boolean, reason: string | null, rejected: boolean, withdrawalReference: string, e2eId: string | null, createdAt: string, updatedAt: string, paidAt: string | null, approvals: Array<{ at: string }>, bankAccount: { ispb: string, branch: string, account: string, accountType: BankAccountType, holderName: string, holderDocument: string } | null, recipient: { name: string, document: string, institution: string | null } | null }, withdrawalHistory: Array<{ id: string, fromStatus: WithdrawalStatus | null, toStatus: WithdrawalStatus, actor: string, reason: string | null, createdAt: string, actorInfo: { id: string, kind: string, displayName: string | null, email: string | null, credentialHint: string | null } }> };

export type MerchantBalanceQueryVariables = Exact<{ [key: string]: never; }>;


export type MerchantBalanceQuery = { balance: { balance: string } };

export type CreateMerchantWithdrawalMutationVariables = Exact<{
  idempotencyKey: string;
  input: CreateWithdrawalInput;
}>;


export type CreateMerchantWithdrawalMutation = { createWithdrawal: { id: string, status: WithdrawalStatus, withdrawalReference: string, queuePosition: number | null } };

export type CancelMerchantWithdrawalMutationVariables = Exact<{
  id: string;
  reason?: string | null | undefined;
}>;


export type CancelMerchantWithdrawalMutation = { cancelWithdrawal: { id: string, status: WithdrawalStatus } };

export type PixParticipantsQueryVariables = Exact<{ [key: string]: never; }>;


export type PixParticipantsQuery = { pixParticipants: Array<{ ispb: string, name: string, code: string | null }> };

export type MerchantHomeQueryVariables = Exact<{ [key: string]: never; }>;


export type MerchantHomeQuery = { merchantOverview: { balance: string, paidChargesNet: string, adjustments: string, withdrawalsHeld: string, refundsHeld: string, reserved: string, disputesHeld: string, today: { received: { count: number, amount: string }, sent: { count: number, amount: string } }, daily: Array<{ date: string, paidAmount: string, withdrawalAmount: string }> }, recent: { total: number, data: Array<{ id: string, amount: string, netAmount: string, status: ChargeStatus, description: string | null, createdAt: string }> } };

export type OperatorRowFragment = { id: string, email: string, name: string | null, role: string, disabled: boolean, invitePending: boolean, inviteExpiresAt: string | null, lastSignInAt: string | null, createdAt: string };

export type OperatorsQueryVariables = Exact<{ [key: string]: never; }>;


export type OperatorsQuery = { operators: Array<{ id: string, email: string, name: string | null, role: string, disabled: boolean, invitePending: boolean, inviteExpiresAt: string | null, lastSignInAt: string | null, createdAt: string }> };

export type InviteOperatorMutationVariables = Exact<{
  email: string;
  name?: string | null | undefined;
  role: OperatorRole;
}>;


export type InviteOperatorMutation = { inviteOperator: { inviteUrl: string, user: { id: string, email: string, name: string | null, role: string, disabled: boolean, invitePending: boolean, inviteExpiresAt: string | null, lastSignInAt: string | null, createdAt: string } } };

export type UpdateOperatorMutationVariables = Exact<{
  id: string;
  role?: OperatorRole | null | undefined;
  disabled?: boolean | null | undefined;
}>;


export type UpdateOperatorMutation = { updateOperator: { id: string, email: string, name: string | null, role: string, disabled: boolean, invitePending: boolean, inviteExpiresAt: string | null, lastSignInAt: string | null, createdAt: string } };

export type PendingApprovalCountsFragment = { adjustments: { count: number, amount: string }, withdrawals: { count: number, amount: string } };

export type OperatorOverviewQueryVariables = Exact<{ [key: string]: never; }>;


export type OperatorOverviewQuery = { pendingApprovals: { adjustments: { count: number, amount: string }, withdrawals: { count: number, amount: string } }, operatorDashboard: { openPaymentExceptions: number, failedWebhookDeliveries: number, pendingWithdrawals: { count: number, amount: string, oldestCreatedAt: string | null }, today: { paidCharges: { count: number, amount: string }, withdrawals: { count: number, amount: string } }, daily: Array<{ date: string, paidAmount: string, paidCount: number, withdrawalAmount: string, withdrawalCount: number }> } };

export type PendingApprovalsQueryVariables = Exact<{ [key: string]: never; }>;


export type PendingApprovalsQuery = { pendingApprovals: { adjustments: { count: number, amount: string }, withdrawals: { count: number, amount: string } } };

export type PayerPageQueryVariables = Exact<{
  token: string;
}>;


export type PayerPageQuery = { payerPage: { accountName: string, status: ChargeStatus, type: ChargeType, amount: string, description: string | null, dueDate: string | null, expiresAt: string, pixCode: string | null, paidAt: string | null, sandbox: boolean } };

export type PaymentLinkPageQueryVariables = Exact<{
  token: string;
}>;


export type PaymentLinkPageQuery = { paymentLinkPage: { accountName: string, description: string, status: PaymentLinkStatus, amount: string | null, minAmount: string | null, maxAmount: string | null, sandbox: boolean } };

export type ConfirmPaymentLinkMutationVariables = Exact<{
  token: string;
  amount?: string | null | undefined;
}>;


export type ConfirmPaymentLinkMutation = { confirmPaymentLink: { paymentUrl: string } };

export type PaymentExceptionRowFragment = { id: string, kind: PaymentExceptionKind, status: PaymentExceptionStatus, amount: string | null, expectedAmount: string | null, txid: string | null, endToEndId: string | null, chargeId: string | null, companyId: string | null, payerName: string | null, payerDocument: string | null, paidAt: string | null, problem: string | null, resolution: string | null, resolvedAt: string | null, resolvedBy: string | null, createdAt: string, returnStatus: PaymentReturnStatus | null, returnId: string | null, returnReason: string | null, returnFailureReason: string | null, returnedAt: string | null };

export type PaymentExceptionsQueryVariables = Exact<{
  first?: number | null | undefined;
  after?: string | null | undefined;
  status?: PaymentExceptionStatus | null | undefined;
}>;


export type PaymentExceptionsQuery = { paymentExceptions: { data: Array<{ id: string, kind: PaymentExceptionKind, status: PaymentExceptionStatus, amount: string | null, expectedAmount: string | null, txid: string | null, endToEndId: string | null, chargeId: string | null, companyId: string | null, payerName: string | null, payerDocument: string | null, paidAt: string | null, problem: string | null, resolution: string | null, resolvedAt: string | null, resolvedBy: string | null, createdAt: string, returnStatus: PaymentReturnStatus | null, returnId: string | null, returnReason: string | null, returnFailureReason: string | null, returnedAt: string | null }>, pageInfo: { endCursor: string | null, hasNextPage: boolean } } };

export type ResolvePaymentExceptionMutationVariables = Exact<{
  id: string;
  resolution: string;
}>;


export type ResolvePaymentExceptionMutation = { resolvePaymentException: { id: string, kind: PaymentExceptionKind, status: PaymentExceptionStatus, amount: string | null, expectedAmount: string | null, txid: string | null, endToEndId: string | null, chargeId: string | null, companyId: string | null, payerName: string | null, payerDocument: string | null, paidAt: string | null, problem: string | null, resolution: string | null, resolvedAt: string | null, resolvedBy: string | null, createdAt: string, returnStatus: PaymentReturnStatus | null, returnId: string | null, returnReason: string | null, returnFailureReason: string | null, returnedAt: string | null } };

export type ReturnPaymentExceptionMutationVariables = Exact<{
  id: string;
  reason?: string | null | undefined;
}>;


export type ReturnPaymentExceptionMutation = { returnPaymentException: { id: string, kind: PaymentExceptionKind, status: PaymentExceptionStatus, amount: string | null, expectedAmount: string | null, txid: string | null, endToEndId: string | null, chargeId: string | null, companyId: string | null, payerName: string | null, payerDocument: string | null, paidAt: string | null, problem: string | null, resolution: string | null, resolvedAt: string | null, resolvedBy: string | null, createdAt: string, returnStatus: PaymentReturnStatus | null, returnId: string | null, returnReason: string | null, returnFailureReason: string | null, returnedAt: string | null } };

export type MerchantPaymentLinksQueryVariables = Exact<{
  limit?: number | null | undefined;
  offset?: number | null | undefined;
}>;


export type MerchantPaymentLinksQuery = { paymentLinks: { total: number, data: Array<{ id: string, url: string, status: PaymentLinkStatus, description: string, amount: string | null, minAmount: string | null, maxAmount: string | null, reusable: boolean, expiresAt: string | null, chargesCount: number, paidCount: number, paidTotal: string, createdAt: string }> }, payerPageSettings: { displayName: string | null } };

export type CreatePaymentLinkMutationVariables = Exact<{
  input: CreatePaymentLinkInput;
}>;


export type CreatePaymentLinkMutation = { createPaymentLink: { id: string, url: string } };

export type DeactivatePaymentLinkMutationVariables = Exact<{
  id: string;
}>;


export type DeactivatePaymentLinkMutation = { deactivatePaymentLink: { id: string, status: PaymentLinkStatus } };

export type UpdatePayerPageSettingsMutationVariables = Exact<{
  displayName?: string | null | undefined;
}>;


export type UpdatePayerPageSettingsMutation = { updatePayerPageSettings: { displayName: string | null } };

export type ServiceInfoQueryVariables = Exact<{ [key: string]: never; }>;


export type ServiceInfoQuery = { serviceInfo: { pixProvider: string, sandbox: boolean } };

export type ProviderStatusQueryVariables = Exact<{ [key: string]: never; }>;


export type ProviderStatusQuery = { providerStatus: { name: string, reconcileEverySeconds: number | null, efi: { baseUrl: string, pixKey: string, certificateSubject: string, certificateIssuer: string, certificateValidTo: string, certificateDaysLeft: number, tokenValid: boolean, tokenExpiresAt: string | null, tokenRequests: number, circuit: string, lastSuccessAt: string | null, lastFailureAt: string | null, lastFailure: string | null } | null, webhook: { ok: boolean, webhookUrl: string, pixKey: string, registeredAt: string, error: string | null } | null, lastNotification: { receivedAt: string, test: boolean, payments: number, transfers: number, failed: string | null } | null, lastReconciliation: { startedAt: string, finishedAt: string | null, windowFrom: string, windowTo: string, pixSeen: number, credited: number, exceptions: number, transfersReadBack: number, transfersDecided: number, error: string | null, differences: Array<{ kind: string, endToEndId: string | null, txid: string | null, valor: string | null, detail: string | null }> } | null }, reconciliationReports: Array<{ day: string, generatedAt: string, pspCount: number, pspSum: string, serviceCount: number, serviceSum: string, differences: Array<{ kind: string, endToEndId: string | null, txid: string | null, chargeId: string | null, valor: string | null }> }> };

export type UnconfirmedNotificationsQueryVariables = Exact<{ [key: string]: never; }>;


export type UnconfirmedNotificationsQuery = { unconfirmedNotifications: { total: number, totalCapped: boolean, data: Array<{ id: string, kind: UnconfirmedNotificationKind, problem: string, endToEndId: string | null, txid: string | null, amount: string | null, claimedStatus: string | null, withdrawalId: string | null, returnRequestId: string | null, callerAddress: string | null, lastCallerAddress: string | null, timesSeen: number, createdAt: string, lastSeenAt: string }> } };

export type MerchantQrCodesQueryVariables = Exact<{
  limit?: number | null | undefined;
  offset?: number | null | undefined;
}>;


export type MerchantQrCodesQuery = { qrCodes: { total: number, data: Array<{ id: string, pixCode: string, description: string, amount: string | null, active: boolean, paidCount: number, paidTotal: string, createdAt: string }> } };

export type MerchantQrCodeQueryVariables = Exact<{
  id: string;
}>;


export type MerchantQrCodeQuery = { qrCode: { id: string, pixCode: string, description: string, amount: string | null, active: boolean }, payerPageSettings: { displayName: string | null } };

export type CreateQrCodeMutationVariables = Exact<{
  input: CreateQrCodeInput;
}>;


export type CreateQrCodeMutation = { createQrCode: { id: string } };

export type DeactivateQrCodeMutationVariables = Exact<{
  id: string;
}>;


export type DeactivateQrCodeMutation = { deactivateQrCode: { id: string, active: boolean } };

export type RecurrenceRowFragment = { id: string, companyId: string, status: RecurrenceStatus, contract: string, object: string, frequency: RecurrenceFrequency, startDate: string, endDate: string | null, amount: string | null, retryPolicy: RecurrenceRetryPolicy, autoCharge: boolean, reason: string | null, customerId: string | null, createdAt: string, payer: { name: string, document: string }, firstPayment: { amount: string } | null };

export type RecurringChargeRowFragment = { id: string, type: ChargeType, amount: string, status: ChargeStatus, dueDate: string | null, debitAttempt: number | null, failureReason: string | null, nextAttemptOn: string | null, paidAt: string | null, createdAt: string };

export type ChargeRecurrenceFieldsFragment = { id: string, type: ChargeType, status: ChargeStatus, dueDate: string | null, recurrenceId: string | null, debitAttempt: number | null, failureReason: string | null, nextAttemptOn: string | null, payer: { name: string, document: string } | null };

export type DebitAttemptRowFragment = { chargeId: string, companyId: string, recurrenceId: string, attempt: number, day: string, outcome: string, failureReason: string | null, amount: string, recordedAt: string };

export type RecurrenceAttemptsQueryVariables = Exact<{
  recurrenceId: string;
  limit?: number | null | undefined;
}>;


export type RecurrenceAttemptsQuery = { recurringDebitAttempts: { total: number, data: Array<{ chargeId: string, companyId: string, recurrenceId: string, attempt: number, day: string, outcome: string, failureReason: string | null, amount: string, recordedAt: string }> } };

export type FailedDebitsQueryVariables = Exact<{
  day: string;
  companyId?: string | null | undefined;
  limit?: number | null | undefined;
  offset?: number | null | undefined;
}>;


export type FailedDebitsQuery = { recurringDebitAttempts: { total: number, totalCapped: boolean, data: Array<{ chargeId: string, companyId: string, recurrenceId: string, attempt: number, day: string, outcome: string, failureReason: string | null, amount: string, recordedAt: string }> } };

export type RecurrencesQueryVariables = Exact<{
  status?: RecurrenceStatus | null | undefined;
  companyId?: string | null | undefined;
  limit?: number | null | undefined;
  offset?: number | null | undefined;
}>;


export type RecurrencesQuery = { recurrences: { total: number, totalCapped: boolean, data: Array<{ id: string, companyId: string, status: RecurrenceStatus, contract: string, object: string, frequency: RecurrenceFrequency, startDate: string, endDate: string | null, amount: string | null, retryPolicy: RecurrenceRetryPolicy, autoCharge: boolean, reason: string | null, customerId: string | null, createdAt: string, payer: { name: string, document: string }, firstPayment: { amount: string } | null }> } };

export type RecurrenceDetailQueryVariables = Exact<{
  id: string;
  limit?: number | null | undefined;
  offset?: number | null | undefined;
}>;


export type RecurrenceDetailQuery = { recurrence: { pixCode: string, authorisationExpiresAt: string, updatedAt: string, nextCycleDate: string | null, id: string, companyId: string, status: RecurrenceStatus, contract: string, object: string, frequency: RecurrenceFrequency, startDate: string, endDate: string | null, amount: string | null, retryPolicy: RecurrenceRetryPolicy, autoCharge: boolean, reason: string | null, customerId: string | null, createdAt: string, payerBankAccount: { ispb: string, branch: string | null, account: string } | null, payerBankRequest: { status: PayerBankRequestStatus, sentAt: string | null, failureReason: string | null } | null, payer: { name: string, document: string }, firstPayment: { amount: string } | null }, recurrenceCharges: { total: number, totalCapped: boolean, data: Array<{ id: string, type: ChargeType, amount: string, status: ChargeStatus, dueDate: string | null, debitAttempt: number | null, failureReason: string | null, nextAttemptOn: string | null, paidAt: string | null, createdAt: string }> } };

export type CreateRecurrenceMutationVariables = Exact<{
  input: CreateRecurrenceInput;
  idempotencyKey: string;
}>;


export type CreateRecurrenceMutation = { createRecurrence: { id: string, status: RecurrenceStatus } };

export type CancelRecurrenceMutationVariables = Exact<{
  id: string;
  reason?: string | null | undefined;
}>;


export type CancelRecurrenceMutation = { cancelRecurrence: { id: string, status: RecurrenceStatus } };

export type SimulateRecurrenceDecisionMutationVariables = Exact<{
  id: string;
  decision: RecurrenceDecision;
}>;


export type SimulateRecurrenceDecisionMutation = { simulateRecurrenceDecision: { id: string, status: RecurrenceStatus } };

export type CreateRecurringChargeMutationVariables = Exact<{
  recurrenceId: string;
  input: CreateRecurringChargeInput;
}>;


export type CreateRecurringChargeMutation = { createRecurringCharge: { id: string, dueDate: string | null, amount: string } };

export type SimulateRecurringDebitMutationVariables = Exact<{
  chargeId: string;
  outcome: RecurringDebitOutcome;
  reason?: string | null | undefined;
}>;


export type SimulateRecurringDebitMutation = { simulateRecurringDebit: { id: string, status: ChargeStatus } };

export type PayerBanksQueryVariables = Exact<{ [key: string]: never; }>;


export type PayerBanksQuery = { pixParticipants: Array<{ ispb: string, name: string, code: string | null }> };

export type RefundRowFragment = { id: string, chargeId: string, amount: string, status: RefundStatus, reason: string | null, failureReason: string | null, returnId: string | null, createdAt: string, refundedAt: string | null, updatedAt: string };

export type ChargeRefundsQueryVariables = Exact<{
  chargeId: string;
}>;


export type ChargeRefundsQuery = { refunds: { total: number, data: Array<{ id: string, chargeId: string, amount: string, status: RefundStatus, reason: string | null, failureReason: string | null, returnId: string | null, createdAt: string, refundedAt: string | null, updatedAt: string }> } };

export type RefundChargeMutationVariables = Exact<{
  chargeId: string;
  idempotencyKey: string;
  input?: RefundChargeInput | null | undefined;
}>;


export type RefundChargeMutation = { refundCharge: { id: string, chargeId: string, amount: string, status: RefundStatus, reason: string | null, failureReason: string | null, returnId: string | null, createdAt: string, refundedAt: string | null, updatedAt: string } };

export type RefundRequestRowFragment = { id: string, chargeId: string, amount: string, reason: string | null, status: RefundRequestStatus, mine: boolean, requestedByEmail: string | null, decidedBy: string | null, decidedByEmail: string | null, rejectionReason: string | null, refundId: string | null, requestedAt: string, expiresAt: string, decidedAt: string | null };

export type ChargeRefundRequestsQueryVariables = Exact<{
  chargeId: string;
}>;


export type ChargeRefundRequestsQuery = { refundRequests: Array<{ id: string, chargeId: string, amount: string, reason: string | null, status: RefundRequestStatus, mine: boolean, requestedByEmail: string | null, decidedBy: string | null, decidedByEmail: string | null, rejectionReason: string | null, refundId: string | null, requestedAt: string, expiresAt: string, decidedAt: string | null }>, charge: { id: string, payerName: string | null, payerDocument: string | null } };

export type RequestRefundMutationVariables = Exact<{
  chargeId: string;
  idempotencyKey: string;
  input?: RefundChargeInput | null | undefined;
}>;


export type RequestRefundMutation = { requestRefund: { id: string, chargeId: string, amount: string, reason: string | null, status: RefundRequestStatus, mine: boolean, requestedByEmail: string | null, decidedBy: string | null, decidedByEmail: string | null, rejectionReason: string | null, refundId: string | null, requestedAt: string, expiresAt: string, decidedAt: string | null } };

export type ConfirmRefundRequestMutationVariables = Exact<{
  id: string;
}>;


export type ConfirmRefundRequestMutation = { confirmRefundRequest: { id: string, chargeId: string, amount: string, reason: string | null, status: RefundRequestStatus, mine: boolean, requestedByEmail: string | null, decidedBy: string | null, decidedByEmail: string | null, rejectionReason: string | null, refundId: string | null, requestedAt: string, expiresAt: string, decidedAt: string | null } };

export type RejectRefundRequestMutationVariables = Exact<{
  id: string;
  reason: string;
}>;


export type RejectRefundRequestMutation = { rejectRefundRequest: { id: string, chargeId: string, amount: string, reason: string | null, status: RefundRequestStatus, mine: boolean, requestedByEmail: string | null, decidedBy: string | null, decidedByEmail: string | null, rejectionReason: string | null, refundId: string | null, requestedAt: string, expiresAt: string, decidedAt: string | null } };

export type GlobalSearchQueryVariables = Exact<{
  query: string;
}>;


export type GlobalSearchQuery = { search: { charges: Array<{ id: string, txid: string, amount: string, status: ChargeStatus, description: string | null }>, withdrawals: Array<{ id: string, withdrawalReference: string, amount: string, status: WithdrawalStatus, rejected: boolean, scheduledFor: string | null, cancellable: boolean }>, companies: Array<{ id: string, name: string, cnpj: string | null }> } };

export type StatementQueryVariables = Exact<{
  from?: string | null | undefined;
  to?: string | null | undefined;
  limit?: number | null | undefined;
  offset?: number | null | undefined;
}>;


export type StatementQuery = { ledgerEntries: { total: number, totalCapped: boolean, data: Array<{ id: string, kind: LedgerEntryKind, amount: string, balanceAfter: string, memo: string | null, chargeId: string | null, withdrawalId: string | null, adjustmentId: string | null, refundId: string | null, createdAt: string }> }, balance: { balance: string } };

export type WithdrawalReferenceQueryVariables = Exact<{
  id: string;
}>;


export type WithdrawalReferenceQuery = { withdrawal: { id: string, withdrawalReference: string } };

export type TeamQueryVariables = Exact<{ [key: string]: never; }>;


export type TeamQuery = { companyUsers: Array<{ id: string, email: string, name: string | null, role: string, disabled: boolean, invitePending: boolean, inviteExpiresAt: string | null, lastSignInAt: string | null, createdAt: string }> };

export type InviteTeamMemberMutationVariables = Exact<{
  email: string;
  name?: string | null | undefined;
  role: MerchantRole;
}>;


export type InviteTeamMemberMutation = { inviteCompanyUser: { inviteUrl: string, user: { id: string, email: string } } };

export type RemoveTeamMemberMutationVariables = Exact<{
  id: string;
}>;


export type RemoveTeamMemberMutation = { removeCompanyUser: { id: string, disabled: boolean } };

export type WebhookDeliveryRowFragment = { eventId: string, endpointId: string, endpointUrl: string | null, event: string, status: WebhookDeliveryStatus, companyId: string, subjectId: string | null, createdAt: string, deliveredAt: string | null, lastAttemptAt: string | null, nextAttemptAt: string | null, attemptCount: number, requestBody: string, attempts: Array<{ id: string, attemptNumber: number, manual: boolean, url: string | null, responseStatus: number | null, responseTimeMs: number | null, responseBody: string | null, requestBody: string, error: string | null, startedAt: string, finishedAt: string | null }> };

export type WebhookDeliveriesQueryVariables = Exact<{
  first?: number | null | undefined;
  after?: string | null | undefined;
  status?: WebhookDeliveryStatus | null | undefined;
  event?: string | null | undefined;
  subjectId?: string | null | undefined;
  companyId?: string | null | undefined;
  endpointId?: string | null | undefined;
}>;


export type WebhookDeliveriesQuery = { webhookDeliveries: { data: Array<{ eventId: string, endpointId: string, endpointUrl: string | null, event: string, status: WebhookDeliveryStatus, companyId: string, subjectId: string | null, createdAt: string, deliveredAt: string | null, lastAttemptAt: string | null, nextAttemptAt: string | null, attemptCount: number, requestBody: string, attempts: Array<{ id: string, attemptNumber: number, manual: boolean, url: string | null, responseStatus: number | null, responseTimeMs: number | null, responseBody: string | null, requestBody: string, error: string | null, startedAt: string, finishedAt: string | null }> }>, pageInfo: { endCursor: string | null, hasNextPage: boolean } } };

export type CompanyWebhookEndpointsQueryVariables = Exact<{
  companyId: string;
}>;


export type CompanyWebhookEndpointsQuery = { webhookEndpoints: { data: Array<{ id: string, url: string }> } };

export type RedeliverWebhookMutationVariables = Exact<{
  eventId: string;
  endpointId?: string | null | undefined;
}>;


export type RedeliverWebhookMutation = { redeliverWebhook: { eventId: string, endpointId: string, endpointUrl: string | null, event: string, status: WebhookDeliveryStatus, companyId: string, subjectId: string | null, createdAt: string, deliveredAt: string | null, lastAttemptAt: string | null, nextAttemptAt: string | null, attemptCount: number, requestBody: string, attempts: Array<{ id: string, attemptNumber: number, manual: boolean, url: string | null, responseStatus: number | null, responseTimeMs: number | null, responseBody: string | null, requestBody: string, error: string | null, startedAt: string, finishedAt: string | null }> } };

export type FailedDeliveriesQueryVariables = Exact<{
  companyId?: string | null | undefined;
  first?: number | null | undefined;
}>;


export type FailedDeliveriesQuery = { webhookDeliveries: { total: number, totalCapped: boolean, data: Array<{ companyId: string }> } };

export type RedeliverFailedWebhooksMutationVariables = Exact<{
  companyId?: string | null | undefined;
  max: number;
}>;


export type RedeliverFailedWebhooksMutation = { redeliverFailedWebhooks: { count: number, eventIds: Array<string> } };

export type MerchantWebhookDeliveryFragment = { eventId: string, endpointId: string, endpointUrl: string | null, event: string, status: WebhookDeliveryStatus, subjectId: string | null, createdAt: string, deliveredAt: string | null, nextAttemptAt: string | null, attemptCount: number, requestBody: string, attempts: Array<{ id: string, attemptNumber: number, manual: boolean, url: string | null, startedAt: string, finishedAt: string | null, responseStatus: number | null, responseTimeMs: number | null, responseBody: string | null, error: string | null }> };

export type WebhookPageQueryVariables = Exact<{
  limit?: number | null | undefined;
  offset?: number | null | undefined;
  endpointId?: string | null | undefined;
}>;


export type WebhookPageQuery = { webhookEndpoints: { data: Array<{ id: string, url: string, events: Array<string>, status: WebhookEndpointStatus, accountEndpoint: boolean, secretHint: string, createdAt: string, disabledReason: WebhookEndpointDisabledReason | null, disabledAt: string | null, consecutiveFailures: number, failingSince: string | null }> }, webhookSettings: { companyId: string, url: string | null, secretHint: string, secretIsBase64url: boolean }, webhookDeliveries: { total: number, totalCapped: boolean, data: Array<{ eventId: string, endpointId: string, endpointUrl: string | null, event: string, status: WebhookDeliveryStatus, subjectId: string | null, createdAt: string, deliveredAt: string | null, nextAttemptAt: string | null, attemptCount: number, requestBody: string, attempts: Array<{ id: string, attemptNumber: number, manual: boolean, url: string | null, startedAt: string, finishedAt: string | null, responseStatus: number | null, responseTimeMs: number | null, responseBody: string | null, error: string | null }> }> } };

export type UpdateWebhookUrlMutationVariables = Exact<{
  url?: string | null | undefined;
}>;


export type UpdateWebhookUrlMutation = { updateWebhookSettings: { url: string | null, secretHint: string } };

export type RotateWebhookSecretMutationVariables = Exact<{ [key: string]: never; }>;


export type RotateWebhookSecretMutation = { rotateWebhookSecret: { webhookSecret: string, settings: { secretHint: string } } };

export type RevealStandardWebhookSecretMutationVariables = Exact<{ [key: string]: never; }>;


export type RevealStandardWebhookSecretMutation = { revealStandardWebhookSecret: { standardBase64Secret: string } };

export type SendTestWebhookMutationVariables = Exact<{ [key: string]: never; }>;


export type SendTestWebhookMutation = { sendTestWebhook: { eventId: string, endpointId: string, endpointUrl: string | null, event: string, status: WebhookDeliveryStatus, subjectId: string | null, createdAt: string, deliveredAt: string | null, nextAttemptAt: string | null, attemptCount: number, requestBody: string, attempts: Array<{ id: string, attemptNumber: number, manual: boolean, url: string | null, startedAt: string, finishedAt: string | null, responseStatus: number | null, responseTimeMs: number | null, responseBody: string | null, error: string | null }> } };

export type PingDeliveriesQueryVariables = Exact<{ [key: string]: never; }>;


export type PingDeliveriesQuery = { webhookDeliveries: { data: Array<{ eventId: string, endpointId: string, endpointUrl: string | null, event: string, status: WebhookDeliveryStatus, subjectId: string | null, createdAt: string, deliveredAt: string | null, nextAttemptAt: string | null, attemptCount: number, requestBody: string, attempts: Array<{ id: string, attemptNumber: number, manual: boolean, url: string | null, startedAt: string, finishedAt: string | null, responseStatus: number | null, responseTimeMs: number | null, responseBody: string | null, error: string | null }> }> } };

export type RedeliverMerchantWebhookMutationVariables = Exact<{
  eventId: string;
  endpointId?: string | null | undefined;
}>;


export type RedeliverMerchantWebhookMutation = { redeliverWebhook: { eventId: string, status: WebhookDeliveryStatus } };

export type MerchantWebhookEndpointFragment = { id: string, url: string, events: Array<string>, status: WebhookEndpointStatus, accountEndpoint: boolean, secretHint: string, createdAt: string, disabledReason: WebhookEndpointDisabledReason | null, disabledAt: string | null, consecutiveFailures: number, failingSince: string | null };

export type CreateWebhookEndpointMutationVariables = Exact<{
  url: string;
  events: Array<string> | string;
}>;


export type CreateWebhookEndpointMutation = { createWebhookEndpoint: { id: string, secret: string } };

export type UpdateWebhookEndpointMutationVariables = Exact<{
  id: string;
  events?: Array<string> | string | null | undefined;
  status?: WebhookEndpointStatus | null | undefined;
}>;


export type UpdateWebhookEndpointMutation = { updateWebhookEndpoint: { id: string, url: string, events: Array<string>, status: WebhookEndpointStatus, accountEndpoint: boolean, secretHint: string, createdAt: string, disabledReason: WebhookEndpointDisabledReason | null, disabledAt: string | null, consecutiveFailures: number, failingSince: string | null } };

export type RotateWebhookEndpointSecretMutationVariables = Exact<{
  id: string;
}>;


export type RotateWebhookEndpointSecretMutation = { rotateWebhookEndpointSecret: { id: string, secret: string } };

export type DeleteWebhookEndpointMutationVariables = Exact<{
  id: string;
}>;


export type DeleteWebhookEndpointMutation = { deleteWebhookEndpoint: { id: string } };

export type WithdrawalRowFragment = { id: string, companyId: string, amount: string, status: WithdrawalStatus, pixKey: string | null, pixKeyType: PixKeyType | null, recipientDocument: string | null, recipientName: string | null, recipientWarnings: Array<RecipientWarning>, queuePosition: number | null, scheduledFor: string | null, sendsOn: string | null, cancellable: boolean, reason: string | null, rejected: boolean, retryCount: number, withdrawalReference: string, createdAt: string, updatedAt: string, approvalsRequired: number, bankAccount: { ispb: string, branch: string, account: string, accountType: BankAccountType, holderName: string, holderDocument: string } | null, recipient: { name: string, document: string, institution: string | null } | null, approvals: Array<{ operator: string, operatorEmail: string | null, at: string, operatorInfo: { id: string, kind: string, displayName: string | null, email: string | null, credentialHint: string | null } }> };

export type WithdrawalsQueryVariables = Exact<{
  status?: WithdrawalStatus | null | undefined;
  companyId?: string | null | undefined;
  order?: ListOrder | null | undefined;
  limit?: number | null | undefined;
  offset?: number | null | undefined;
}>;


export type WithdrawalsQuery = { withdrawals: { total: number, totalCapped: boolean, limit: number, offset: number, data: Array<{ id: string, companyId: string, amount: string, status: WithdrawalStatus, pixKey: string | null, pixKeyType: PixKeyType | null, recipientDocument: string | null, recipientName: string | null, recipientWarnings: Array<RecipientWarning>, queuePosition: number | null, scheduledFor: string | null, sendsOn: string | null, cancellable: boolean, reason: string | null, rejected: boolean, retryCount: number, withdrawalReference: string, createdAt: string, updatedAt: string, approvalsRequired: number, bankAccount: { ispb: string, branch: string, account: string, accountType: BankAccountType, holderName: string, holderDocument: string } | null, recipient: { name: string, document: string, institution: string | null } | null, approvals: Array<{ operator: string, operatorEmail: string | null, at: string, operatorInfo: { id: string, kind: string, displayName: string | null, email: string | null, credentialHint: string | null } }> }> } };

export type CompanyNamesQueryVariables = Exact<{ [key: string]: never; }>;


export type CompanyNamesQuery = { companies: { data: Array<{ id: string, name: string }> } };

export type CompanyNameQueryVariables = Exact<{
  id: string;
}>;


export type CompanyNameQuery = { company: { id: string, name: string } };

export type ApproveWithdrawalMutationVariables = Exact<{
  id: string;
}>;


export type ApproveWithdrawalMutation = { approveWithdrawal: { id: string, companyId: string, amount: string, status: WithdrawalStatus, pixKey: string | null, pixKeyType: PixKeyType | null, recipientDocument: string | null, recipientName: string | null, recipientWarnings: Array<RecipientWarning>, queuePosition: number | null, scheduledFor: string | null, sendsOn: string | null, cancellable: boolean, reason: string | null, rejected: boolean, retryCount: number, withdrawalReference: string, createdAt: string, updatedAt: string, approvalsRequired: number, bankAccount: { ispb: string, branch: string, account: string, accountType: BankAccountType, holderName: string, holderDocument: string } | null, recipient: { name: string, document: string, institution: string | null } | null, approvals: Array<{ operator: string, operatorEmail: string | null, at: string, operatorInfo: { id: string, kind: string, displayName: string | null, email: string | null, credentialHint: string | null } }> } };

export type RejectWithdrawalMutationVariables = Exact<{
  id: string;
  reason: string;
}>;


export type RejectWithdrawalMutation = { rejectWithdrawal: { id: string, companyId: string, amount: string, status: WithdrawalStatus, pixKey: string | null, pixKeyType: PixKeyType | null, recipientDocument: string | null, recipientName: string | null, recipientWarnings: Array<RecipientWarning>, queuePosition: number | null, scheduledFor: string | null, sendsOn: string | null, cancellable: boolean, reason: string | null, rejected: boolean, retryCount: number, withdrawalReference: string, createdAt: string, updatedAt: string, approvalsRequired: number, bankAccount: { ispb: string, branch: string, account: string, accountType: BankAccountType, holderName: string, holderDocument: string } | null, recipient: { name: string, document: string, institution: string | null } | null, approvals: Array<{ operator: string, operatorEmail: string | null, at: string, operatorInfo: { id: string, kind: string, displayName: string | null, email: string | null, credentialHint: string | null } }> } };

export type CancelScheduledWithdrawalMutationVariables = Exact<{
  id: string;
  reason: string;
}>;


export type CancelScheduledWithdrawalMutation = { cancelWithdrawal: { id: string, companyId: string, amount: string, status: WithdrawalStatus, pixKey: string | null, pixKeyType: PixKeyType | null, recipientDocument: string | null, recipientName: string | null, recipientWarnings: Array<RecipientWarning>, queuePosition: number | null, scheduledFor: string | null, sendsOn: string | null, cancellable: boolean, reason: string | null, rejected: boolean, retryCount: number, withdrawalReference: string, createdAt: string, updatedAt: string, approvalsRequired: number, bankAccount: { ispb: string, branch: string, account: string, accountType: BankAccountType, holderName: string, holderDocument: string } | null, recipient: { name: string, document: string, institution: string | null } | null, approvals: Array<{ operator: string, operatorEmail: string | null, at: string, operatorInfo: { id: string, kind: string, displayName: string | null, email: string | null, credentialHint: string | null } }> } };

export type WithdrawalDetailQueryVariables = Exact<{
  id: string;
}>;


export type WithdrawalDetailQuery = { withdrawal: { idempotencyKey: string, e2eId: string | null, paidAt: string | null, id: string, companyId: string, amount: string, status: WithdrawalStatus, pixKey: string | null, pixKeyType: PixKeyType | null, recipientDocument: string | null, recipientName: string | null, recipientWarnings: Array<RecipientWarning>, queuePosition: number | null, scheduledFor: string | null, sendsOn: string | null, cancellable: boolean, reason: string | null, rejected: boolean, retryCount: number, withdrawalReference: string, createdAt: string, updatedAt: string, approvalsRequired: number, bankAccount: { ispb: string, branch: string, account: string, accountType: BankAccountType, holderName: string, holderDocument: string } | null, recipient: { name: string, document: string, institution: string | null } | null, approvals: Array<{ operator: string, operatorEmail: string | null, at: string, operatorInfo: { id: string, kind: string, displayName: string | null, email: string | null, credentialHint: string | null } }> }, withdrawalHistory: Array<{ id: string, fromStatus: WithdrawalStatus | null, toStatus: WithdrawalStatus, actor: string, reason: string | null, createdAt: string, actorInfo: { id: string, kind: string, displayName: string | null, email: string | null, credentialHint: string | null } }> };

export type ExportWithdrawalsQueryVariables = Exact<{
  first?: number | null | undefined;
  after?: string | null | undefined;
  status?: WithdrawalStatus | null | undefined;
  companyId?: string | null | undefined;
  order?: ListOrder | null | undefined;
}>;


export type ExportWithdrawalsQuery = { withdrawals: { data: Array<{ id: string, withdrawalReference: string, companyId: string, amount: string, status: WithdrawalStatus, pixKey: string | null, pixKeyType: PixKeyType | null, reason: string | null, e2eId: string | null, createdAt: string, updatedAt: string, scheduledFor: string | null, sendsOn: string | null, recipient: { name: string, document: string, institution: string | null } | null, bankAccount: { ispb: string, branch: string, account: string, accountType: BankAccountType, holderName: string, holderDocument: string } | null }>, pageInfo: { endCursor: string | null, hasNextPage: boolean } } };

export type ExportStatementQueryVariables = Exact<{
  first?: number | null | undefined;
  after?: string | null | undefined;
  from?: string | null | undefined;
  to?: string | null | undefined;
}>;


export type ExportStatementQuery = { ledgerEntries: { data: Array<{ id: string, kind: LedgerEntryKind, amount: string, balanceAfter: string, memo: string | null, chargeId: string | null, withdrawalId: string | null, adjustmentId: string | null, refundId: string | null, createdAt: string }>, pageInfo: { endCursor: string | null, hasNextPage: boolean } } };

export class TypedDocumentString<TResult, TVariables>
  extends String
  implements DocumentTypeDecoration<TResult, TVariables>
{
  __apiType?: NonNullable<DocumentTypeDecoration<TResult, TVariables>['__apiType']>;
  private value: string;
  public __meta__?: Record<string, any> | undefined;

  constructor(value: string, __meta__?: Record<string, any> | undefined) {
    super(value);
    this.value = value;
    this.__meta__ = __meta__;
  }

  override toString(): string & DocumentTypeDecoration<TResult, TVariables> {
    return this.value;
  }
}
export const AdjustmentRowFragmentDoc = new TypedDocumentString(`
    fragment AdjustmentRow on Adjustment {
  id
  companyId
  amount
  description
  status
  createdAt
  requestedBy
  requestedByInfo {
    id
    kind
    displayName
    email
    credentialHint
  }
  confirmedBy
  rejectedBy
  rejectionReason
  decidedAt
}
    `, {"fragmentName":"AdjustmentRow"}) as unknown as TypedDocumentString<AdjustmentRowFragment, unknown>;
export const ChargeBillingFieldsFragmentDoc = new TypedDocumentString(`
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
    `, {"fragmentName":"ChargeBillingFields"}) as unknown as TypedDocumentString<ChargeBillingFieldsFragment, unknown>;
export const ChargeRowFragmentDoc = new TypedDocumentString(`
    fragment ChargeRow on Charge {
  id
  companyId
  txid
  e2eId
  amount
  fee
  netAmount
  status
  description
  reserved
  reservedReason
  reservedAmount
  refundedAmount
  disputedAmount
  payerName
  payerDocument
  createdAt
  paidAt
  expiresAt
  type
  dueDate
  paidAmount
  payer {
    name
    document
  }
}
    `, {"fragmentName":"ChargeRow"}) as unknown as TypedDocumentString<ChargeRowFragment, unknown>;
export const PendingAutoApproveLimitFragmentDoc = new TypedDocumentString(`
    fragment PendingAutoApproveLimit on AutoApproveLimitRequest {
  id
  previousLimit
  requestedLimit
  requestedBy
  requestedByEmail
  requestedAt
  mine
}
    `, {"fragmentName":"PendingAutoApproveLimit"}) as unknown as TypedDocumentString<PendingAutoApproveLimitFragment, unknown>;
export const CustomerRowFragmentDoc = new TypedDocumentString(`
    fragment CustomerRow on Customer {
  id
  name
  document
  email
  phone
  createdAt
}
    `, {"fragmentName":"CustomerRow"}) as unknown as TypedDocumentString<CustomerRowFragment, unknown>;
export const DisputeRowFragmentDoc = new TypedDocumentString(`
    fragment DisputeRow on Dispute {
  id
  companyId
  chargeId
  nature
  amount
  heldAmount
  status
  outcome
  description
  merchantStatement
  contestStatement
  refundId
  returnFailureReason
  returnedByBank
  openedAt
  deadlineAt
  decidedAt
  closedAt
}
    `, {"fragmentName":"DisputeRow"}) as unknown as TypedDocumentString<DisputeRowFragment, unknown>;
export const MerchantChargeRowFragmentDoc = new TypedDocumentString(`
    fragment MerchantChargeRow on Charge {
  id
  txid
  e2eId
  amount
  fee
  netAmount
  status
  description
  reserved
  refundedAmount
  disputedAmount
  createdAt
  expiresAt
  paidAt
  payerName
  type
  dueDate
  paidAmount
  payer {
    name
  }
}
    `, {"fragmentName":"MerchantChargeRow"}) as unknown as TypedDocumentString<MerchantChargeRowFragment, unknown>;
export const MerchantWithdrawalRowFragmentDoc = new TypedDocumentString(`
    fragment MerchantWithdrawalRow on Withdrawal {
  id
  amount
  status
  pixKey
  pixKeyType
  bankAccount {
    ispb
    branch
    account
    accountType
    holderName
    holderDocument
  }
  recipientDocument
  recipientName
  recipient {
    name
    document
    institution
  }
  recipientWarnings
  queuePosition
  scheduledFor
  sendsOn
  cancellable
  reason
  rejected
  withdrawalReference
  e2eId
  createdAt
  updatedAt
  paidAt
}
    `, {"fragmentName":"MerchantWithdrawalRow"}) as unknown as TypedDocumentString<MerchantWithdrawalRowFragment, unknown>;
export const OperatorRowFragmentDoc = new TypedDocumentString(`
    fragment OperatorRow on ConsoleUser {
  id
  email
  name
  role
  disabled
  invitePending
  inviteExpiresAt
  lastSignInAt
  createdAt
}
    `, {"fragmentName":"OperatorRow"}) as unknown as TypedDocumentString<OperatorRowFragment, unknown>;
export const PendingApprovalCountsFragmentDoc = new TypedDocumentString(`
    fragment PendingApprovalCounts on PendingApprovals {
  adjustments {
    count
    amount
  }
  withdrawals {
    count
    amount
  }
}
    `, {"fragmentName":"PendingApprovalCounts"}) as unknown as TypedDocumentString<PendingApprovalCountsFragment, unknown>;
export const PaymentExceptionRowFragmentDoc = new TypedDocumentString(`
    fragment PaymentExceptionRow on PaymentException {
  id
  kind
  status
  amount
  expectedAmount
  txid
  endToEndId
  chargeId
  companyId
  payerName
  payerDocument
  paidAt
  problem
  resolution
  resolvedAt
  resolvedBy
  createdAt
  returnStatus
  returnId
  returnReason
  returnFailureReason
  returnedAt
}
    `, {"fragmentName":"PaymentExceptionRow"}) as unknown as TypedDocumentString<PaymentExceptionRowFragment, unknown>;
export const RecurrenceRowFragmentDoc = new TypedDocumentString(`
    fragment RecurrenceRow on Recurrence {
  id
  companyId
  status
  contract
  object
  frequency
  startDate
  endDate
  amount
  retryPolicy
  autoCharge
  reason
  customerId
  payer {
    name
    document
  }
  firstPayment {
    amount
  }
  createdAt
}
    `, {"fragmentName":"RecurrenceRow"}) as unknown as TypedDocumentString<RecurrenceRowFragment, unknown>;
export const RecurringChargeRowFragmentDoc = new TypedDocumentString(`
    fragment RecurringChargeRow on Charge {
  id
  type
  amount
  status
  dueDate
  debitAttempt
  failureReason
  nextAttemptOn
  paidAt
  createdAt
}
    `, {"fragmentName":"RecurringChargeRow"}) as unknown as TypedDocumentString<RecurringChargeRowFragment, unknown>;
export const ChargeRecurrenceFieldsFragmentDoc = new TypedDocumentString(`
    fragment ChargeRecurrenceFields on Charge {
  id
  type
  status
  dueDate
  recurrenceId
  debitAttempt
  failureReason
  nextAttemptOn
  payer {
    name
    document
  }
}
    `, {"fragmentName":"ChargeRecurrenceFields"}) as unknown as TypedDocumentString<ChargeRecurrenceFieldsFragment, unknown>;
export const DebitAttemptRowFragmentDoc = new TypedDocumentString(`
    fragment DebitAttemptRow on RecurringDebitAttempt {
  chargeId
  companyId
  recurrenceId
  attempt
  day
  outcome
  failureReason
  amount
  recordedAt
}
    `, {"fragmentName":"DebitAttemptRow"}) as unknown as TypedDocumentString<DebitAttemptRowFragment, unknown>;
export const RefundRowFragmentDoc = new TypedDocumentString(`
    fragment RefundRow on Refund {
  id
  chargeId
  amount
  status
  reason
  failureReason
  returnId
  createdAt
  refundedAt
  updatedAt
}
    `, {"fragmentName":"RefundRow"}) as unknown as TypedDocumentString<RefundRowFragment, unknown>;
export const RefundRequestRowFragmentDoc = new TypedDocumentString(`
    fragment RefundRequestRow on RefundRequest {
  id
  chargeId
  amount
  reason
  status
  mine
  requestedByEmail
  decidedBy
  decidedByEmail
  rejectionReason
  refundId
  requestedAt
  expiresAt
  decidedAt
}
    `, {"fragmentName":"RefundRequestRow"}) as unknown as TypedDocumentString<RefundRequestRowFragment, unknown>;
export const WebhookDeliveryRowFragmentDoc = new TypedDocumentString(`
    fragment WebhookDeliveryRow on WebhookDelivery {
  eventId
  endpointId
  endpointUrl
  event
  status
  companyId
  subjectId
  createdAt
  deliveredAt
  lastAttemptAt
  nextAttemptAt
  attemptCount
  requestBody
  attempts {
    id
    attemptNumber
    manual
    url
    responseStatus
    responseTimeMs
    responseBody
    requestBody
    error
    startedAt
    finishedAt
  }
}
    `, {"fragmentName":"WebhookDeliveryRow"}) as unknown as TypedDocumentString<WebhookDeliveryRowFragment, unknown>;
export const MerchantWebhookDeliveryFragmentDoc = new TypedDocumentString(`
    fragment MerchantWebhookDelivery on WebhookDelivery {
  eventId
  endpointId
  endpointUrl
  event
  status
  subjectId
  createdAt
  deliveredAt
  nextAttemptAt
  attemptCount
  requestBody
  attempts {
    id
    attemptNumber
    manual
    url
    startedAt
    finishedAt
    responseStatus
    responseTimeMs
    responseBody
    error
  }
}
    `, {"fragmentName":"MerchantWebhookDelivery"}) as unknown as TypedDocumentString<MerchantWebhookDeliveryFragment, unknown>;
export const MerchantWebhookEndpointFragmentDoc = new TypedDocumentString(`
    fragment MerchantWebhookEndpoint on WebhookEndpoint {
  id
  url
  events
  status
  accountEndpoint
  secretHint
  createdAt
  disabledReason
  disabledAt
  consecutiveFailures
  failingSince
}
    `, {"fragmentName":"MerchantWebhookEndpoint"}) as unknown as TypedDocumentString<MerchantWebhookEndpointFragment, unknown>;
export const WithdrawalRowFragmentDoc = new TypedDocumentString(`
    fragment WithdrawalRow on Withdrawal {
  id
  companyId
  amount
  status
  pixKey
  pixKeyType
  bankAccount {
    ispb
    branch
    account
    accountType
    holderName
    holderDocument
  }
  recipientDocument
  recipientName
  recipient {
    name
    document
    institution
  }
  recipientWarnings
  queuePosition
  scheduledFor
  sendsOn
  cancellable
  reason
  rejected
  retryCount
  withdrawalReference
  createdAt
  updatedAt
  approvalsRequired
  approvals {
    operator
    operatorEmail
    operatorInfo {
      id
      kind
      displayName
      email
      credentialHint
    }
    at
  }
}
    `, {"fragmentName":"WithdrawalRow"}) as unknown as TypedDocumentString<WithdrawalRowFragment, unknown>;
export const ShellDocument = new TypedDocumentString(`
    query Shell($failingEndpoints: Boolean!) {
  serviceInfo {
    sandbox
  }
  failingWebhookEndpoints @include(if: $failingEndpoints) {
    id
    url
    disabledAt
  }
}
    `) as unknown as TypedDocumentString<ShellQuery, ShellQueryVariables>;
export const MySessionsDocument = new TypedDocumentString(`
    query MySessions {
  mySessions {
    id
    createdAt
    lastSeenAt
    expiresAt
    address
    userAgent
    current
  }
}
    `) as unknown as TypedDocumentString<MySessionsQuery, MySessionsQueryVariables>;
export const RevokeSessionDocument = new TypedDocumentString(`
    mutation RevokeSession($id: ID!) {
  revokeSession(id: $id)
}
    `) as unknown as TypedDocumentString<RevokeSessionMutation, RevokeSessionMutationVariables>;
export const RevokeOtherSessionsDocument = new TypedDocumentString(`
    mutation RevokeOtherSessions {
  revokeOtherSessions
}
    `) as unknown as TypedDocumentString<RevokeOtherSessionsMutation, RevokeOtherSessionsMutationVariables>;
export const TwoFactorStatusDocument = new TypedDocumentString(`
    query TwoFactorStatus {
  twoFactorStatus {
    enrolled
    required
    enrolledAt
    recoveryCodesLeft
    trustedBrowsers
    stepUpValidUntil
  }
}
    `) as unknown as TypedDocumentString<TwoFactorStatusQuery, TwoFactorStatusQueryVariables>;
export const CompleteSignInDocument = new TypedDocumentString(`
    mutation CompleteSignIn($code: String!, $trustBrowser: Boolean) {
  completeSignIn(code: $code, trustBrowser: $trustBrowser) {
    id
    kind
    role
    locale
  }
}
    `) as unknown as TypedDocumentString<CompleteSignInMutation, CompleteSignInMutationVariables>;
export const StartTwoFactorEnrolmentDocument = new TypedDocumentString(`
    mutation StartTwoFactorEnrolment {
  startTwoFactorEnrolment {
    secret
    otpauthUri
  }
}
    `) as unknown as TypedDocumentString<StartTwoFactorEnrolmentMutation, StartTwoFactorEnrolmentMutationVariables>;
export const ConfirmTwoFactorEnrolmentDocument = new TypedDocumentString(`
    mutation ConfirmTwoFactorEnrolment($code: String!) {
  confirmTwoFactorEnrolment(code: $code) {
    recoveryCodes
    viewer {
      id
      kind
      role
      locale
    }
  }
}
    `) as unknown as TypedDocumentString<ConfirmTwoFactorEnrolmentMutation, ConfirmTwoFactorEnrolmentMutationVariables>;
export const VerifyStepUpDocument = new TypedDocumentString(`
    mutation VerifyStepUp($code: String!) {
  verifyStepUp(code: $code)
}
    `) as unknown as TypedDocumentString<VerifyStepUpMutation, VerifyStepUpMutationVariables>;
export const RegenerateRecoveryCodesDocument = new TypedDocumentString(`
    mutation RegenerateRecoveryCodes($code: String!) {
  regenerateRecoveryCodes(code: $code)
}
    `) as unknown as TypedDocumentString<RegenerateRecoveryCodesMutation, RegenerateRecoveryCodesMutationVariables>;
export const DisableTwoFactorDocument = new TypedDocumentString(`
    mutation DisableTwoFactor($code: String!) {
  disableTwoFactor(code: $code)
}
    `) as unknown as TypedDocumentString<DisableTwoFactorMutation, DisableTwoFactorMutationVariables>;
export const ForgetTrustedBrowsersDocument = new TypedDocumentString(`
    mutation ForgetTrustedBrowsers {
  forgetTrustedBrowsers
}
    `) as unknown as TypedDocumentString<ForgetTrustedBrowsersMutation, ForgetTrustedBrowsersMutationVariables>;
export const ResetTwoFactorDocument = new TypedDocumentString(`
    mutation ResetTwoFactor($userId: ID!) {
  resetTwoFactor(userId: $userId)
}
    `) as unknown as TypedDocumentString<ResetTwoFactorMutation, ResetTwoFactorMutationVariables>;
export const CompanyTwoFactorRequiredDocument = new TypedDocumentString(`
    query CompanyTwoFactorRequired {
  companyTwoFactorRequired
}
    `) as unknown as TypedDocumentString<CompanyTwoFactorRequiredQuery, CompanyTwoFactorRequiredQueryVariables>;
export const SetCompanyTwoFactorRequiredDocument = new TypedDocumentString(`
    mutation SetCompanyTwoFactorRequired($required: Boolean!) {
  setCompanyTwoFactorRequired(required: $required)
}
    `) as unknown as TypedDocumentString<SetCompanyTwoFactorRequiredMutation, SetCompanyTwoFactorRequiredMutationVariables>;
export const AdjustmentsListDocument = new TypedDocumentString(`
    query AdjustmentsList($first: Int, $after: String, $status: AdjustmentStatus, $companyId: ID) {
  adjustments(
    first: $first
    after: $after
    status: $status
    companyId: $companyId
  ) {
    data {
      ...AdjustmentRow
    }
    pageInfo {
      endCursor
      hasNextPage
    }
  }
}
    fragment AdjustmentRow on Adjustment {
  id
  companyId
  amount
  description
  status
  createdAt
  requestedBy
  requestedByInfo {
    id
    kind
    displayName
    email
    credentialHint
  }
  confirmedBy
  rejectedBy
  rejectionReason
  decidedAt
}`) as unknown as TypedDocumentString<AdjustmentsListQuery, AdjustmentsListQueryVariables>;
export const CreateAdjustmentDocument = new TypedDocumentString(`
    mutation CreateAdjustment($companyId: ID!, $amount: Money!, $description: String!) {
  createAdjustment(
    companyId: $companyId
    amount: $amount
    description: $description
  ) {
    ...AdjustmentRow
  }
}
    fragment AdjustmentRow on Adjustment {
  id
  companyId
  amount
  description
  status
  createdAt
  requestedBy
  requestedByInfo {
    id
    kind
    displayName
    email
    credentialHint
  }
  confirmedBy
  rejectedBy
  rejectionReason
  decidedAt
}`) as unknown as TypedDocumentString<CreateAdjustmentMutation, CreateAdjustmentMutationVariables>;
export const ConfirmAdjustmentDocument = new TypedDocumentString(`
    mutation ConfirmAdjustment($id: ID!) {
  confirmAdjustment(id: $id) {
    ...AdjustmentRow
  }
}
    fragment AdjustmentRow on Adjustment {
  id
  companyId
  amount
  description
  status
  createdAt
  requestedBy
  requestedByInfo {
    id
    kind
    displayName
    email
    credentialHint
  }
  confirmedBy
  rejectedBy
  rejectionReason
  decidedAt
}`) as unknown as TypedDocumentString<ConfirmAdjustmentMutation, ConfirmAdjustmentMutationVariables>;
export const RejectAdjustmentDocument = new TypedDocumentString(`
    mutation RejectAdjustment($id: ID!, $reason: String!) {
  rejectAdjustment(id: $id, reason: $reason) {
    ...AdjustmentRow
  }
}
    fragment AdjustmentRow on Adjustment {
  id
  companyId
  amount
  description
  status
  createdAt
  requestedBy
  requestedByInfo {
    id
    kind
    displayName
    email
    credentialHint
  }
  confirmedBy
  rejectedBy
  rejectionReason
  decidedAt
}`) as unknown as TypedDocumentString<RejectAdjustmentMutation, RejectAdjustmentMutationVariables>;
export const AuditLogDocument = new TypedDocumentString(`
    query AuditLog($first: Int, $after: String, $objectType: String, $objectId: ID, $actor: String, $action: String, $from: DateTimeISO, $to: DateTimeISO) {
  auditLog(
    first: $first
    after: $after
    objectType: $objectType
    objectId: $objectId
    actor: $actor
    action: $action
    from: $from
    to: $to
  ) {
    data {
      id
      at
      actor
      actorInfo {
        id
        kind
        displayName
        email
        credentialHint
      }
      actorKind
      action
      objectType
      objectId
      companyId
      reason
      address
      requestId
      before
      after
      namedActors {
        id
        kind
        displayName
        email
        credentialHint
      }
    }
    pageInfo {
      endCursor
      hasNextPage
    }
  }
}
    `) as unknown as TypedDocumentString<AuditLogQuery, AuditLogQueryVariables>;
export const ViewerDocument = new TypedDocumentString(`
    query Viewer {
  viewer {
    id
    kind
    role
    name
    email
    companyId
    companyName
    locale
    authenticatedBy
  }
}
    `) as unknown as TypedDocumentString<ViewerQuery, ViewerQueryVariables>;
export const SignInDocument = new TypedDocumentString(`
    mutation SignIn($email: String!, $password: String!) {
  signIn(email: $email, password: $password) {
    id
    kind
    role
    locale
    signInStep
  }
}
    `) as unknown as TypedDocumentString<SignInMutation, SignInMutationVariables>;
export const SignOutDocument = new TypedDocumentString(`
    mutation SignOut {
  signOut
}
    `) as unknown as TypedDocumentString<SignOutMutation, SignOutMutationVariables>;
export const AcceptInviteDocument = new TypedDocumentString(`
    mutation AcceptInvite($token: String!, $password: String!, $name: String) {
  acceptInvite(token: $token, password: $password, name: $name) {
    id
    kind
    role
    locale
    signInStep
  }
}
    `) as unknown as TypedDocumentString<AcceptInviteMutation, AcceptInviteMutationVariables>;
export const SetConsoleLocaleDocument = new TypedDocumentString(`
    mutation SetConsoleLocale($locale: ConsoleLocale!) {
  setConsoleLocale(locale: $locale) {
    id
    locale
  }
}
    `) as unknown as TypedDocumentString<SetConsoleLocaleMutation, SetConsoleLocaleMutationVariables>;
export const InvitePreviewDocument = new TypedDocumentString(`
    query InvitePreview($token: String!) {
  invitePreview(token: $token) {
    email
    name
    kind
    role
    companyName
    expiresAt
  }
}
    `) as unknown as TypedDocumentString<InvitePreviewQuery, InvitePreviewQueryVariables>;
export const PreviewChargeAmountDueDocument = new TypedDocumentString(`
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
    `) as unknown as TypedDocumentString<PreviewChargeAmountDueQuery, PreviewChargeAmountDueQueryVariables>;
export const CreateDueDateChargeDocument = new TypedDocumentString(`
    mutation CreateDueDateCharge($input: CreateChargeInput!, $idempotencyKey: String) {
  createCharge(input: $input, idempotencyKey: $idempotencyKey) {
    id
    amount
    dueDate
    status
  }
}
    `) as unknown as TypedDocumentString<CreateDueDateChargeMutation, CreateDueDateChargeMutationVariables>;
export const ChargesListDocument = new TypedDocumentString(`
    query ChargesList($first: Int, $after: String, $status: ChargeStatus, $reserved: Boolean, $refunded: Boolean, $disputed: Boolean, $companyId: ID, $createdFrom: DateTimeISO, $createdTo: DateTimeISO, $type: ChargeType) {
  charges(
    first: $first
    after: $after
    status: $status
    reserved: $reserved
    refunded: $refunded
    disputed: $disputed
    companyId: $companyId
    createdFrom: $createdFrom
    createdTo: $createdTo
    type: $type
  ) {
    data {
      ...ChargeRow
    }
    pageInfo {
      endCursor
      hasNextPage
    }
  }
}
    fragment ChargeRow on Charge {
  id
  companyId
  txid
  e2eId
  amount
  fee
  netAmount
  status
  description
  reserved
  reservedReason
  reservedAmount
  refundedAmount
  disputedAmount
  payerName
  payerDocument
  createdAt
  paidAt
  expiresAt
  type
  dueDate
  paidAmount
  payer {
    name
    document
  }
}`) as unknown as TypedDocumentString<ChargesListQuery, ChargesListQueryVariables>;
export const ChargeSearchDocument = new TypedDocumentString(`
    query ChargeSearch($query: String!) {
  search(query: $query) {
    charges {
      ...ChargeRow
    }
  }
}
    fragment ChargeRow on Charge {
  id
  companyId
  txid
  e2eId
  amount
  fee
  netAmount
  status
  description
  reserved
  reservedReason
  reservedAmount
  refundedAmount
  disputedAmount
  payerName
  payerDocument
  createdAt
  paidAt
  expiresAt
  type
  dueDate
  paidAmount
  payer {
    name
    document
  }
}`) as unknown as TypedDocumentString<ChargeSearchQuery, ChargeSearchQueryVariables>;
export const ChargeDetailDocument = new TypedDocumentString(`
    query ChargeDetail($id: ID!) {
  charge(id: $id) {
    ...ChargeRow
    pixCode
    updatedAt
    ...ChargeBillingFields
    ...ChargeRecurrenceFields
  }
}
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
fragment ChargeRow on Charge {
  id
  companyId
  txid
  e2eId
  amount
  fee
  netAmount
  status
  description
  reserved
  reservedReason
  reservedAmount
  refundedAmount
  disputedAmount
  payerName
  payerDocument
  createdAt
  paidAt
  expiresAt
  type
  dueDate
  paidAmount
  payer {
    name
    document
  }
}
fragment ChargeRecurrenceFields on Charge {
  id
  type
  status
  dueDate
  recurrenceId
  debitAttempt
  failureReason
  nextAttemptOn
  payer {
    name
    document
  }
}`) as unknown as TypedDocumentString<ChargeDetailQuery, ChargeDetailQueryVariables>;
export const ChargeTimelineDocument = new TypedDocumentString(`
    query ChargeTimeline($id: ID!) {
  auditTrail(objectType: "charge", objectId: $id) {
    id
    at
    actor
    actorInfo {
      id
      kind
      displayName
      email
      credentialHint
    }
    action
    reason
  }
  webhookDeliveries(subjectId: $id, first: 20) {
    data {
      eventId
      endpointId
      endpointUrl
      event
      status
      createdAt
      attemptCount
    }
  }
}
    `) as unknown as TypedDocumentString<ChargeTimelineQuery, ChargeTimelineQueryVariables>;
export const ReserveChargeDocument = new TypedDocumentString(`
    mutation ReserveCharge($id: ID!, $reason: String!) {
  reserveCharge(id: $id, reason: $reason) {
    ...ChargeRow
  }
}
    fragment ChargeRow on Charge {
  id
  companyId
  txid
  e2eId
  amount
  fee
  netAmount
  status
  description
  reserved
  reservedReason
  reservedAmount
  refundedAmount
  disputedAmount
  payerName
  payerDocument
  createdAt
  paidAt
  expiresAt
  type
  dueDate
  paidAmount
  payer {
    name
    document
  }
}`) as unknown as TypedDocumentString<ReserveChargeMutation, ReserveChargeMutationVariables>;
export const ReleaseChargeDocument = new TypedDocumentString(`
    mutation ReleaseCharge($id: ID!) {
  releaseCharge(id: $id) {
    ...ChargeRow
  }
}
    fragment ChargeRow on Charge {
  id
  companyId
  txid
  e2eId
  amount
  fee
  netAmount
  status
  description
  reserved
  reservedReason
  reservedAmount
  refundedAmount
  disputedAmount
  payerName
  payerDocument
  createdAt
  paidAt
  expiresAt
  type
  dueDate
  paidAmount
  payer {
    name
    document
  }
}`) as unknown as TypedDocumentString<ReleaseChargeMutation, ReleaseChargeMutationVariables>;
export const SimulateChargePaymentDocument = new TypedDocumentString(`
    mutation SimulateChargePayment($chargeId: ID!, $payerName: String, $payerDocument: String) {
  simulateChargePayment(
    chargeId: $chargeId
    payerName: $payerName
    payerDocument: $payerDocument
  ) {
    ...ChargeRow
  }
}
    fragment ChargeRow on Charge {
  id
  companyId
  txid
  e2eId
  amount
  fee
  netAmount
  status
  description
  reserved
  reservedReason
  reservedAmount
  refundedAmount
  disputedAmount
  payerName
  payerDocument
  createdAt
  paidAt
  expiresAt
  type
  dueDate
  paidAmount
  payer {
    name
    document
  }
}`) as unknown as TypedDocumentString<SimulateChargePaymentMutation, SimulateChargePaymentMutationVariables>;
export const CompaniesDocument = new TypedDocumentString(`
    query Companies($search: String, $limit: Int, $offset: Int) {
  companies(search: $search, limit: $limit, offset: $offset) {
    total
    totalCapped
    data {
      id
      name
      cnpj
      city
      balance
      feePercent
      feeFixed
      autoApproveLimit
      createdAt
      webhookEndpointCount
    }
  }
}
    `) as unknown as TypedDocumentString<CompaniesQuery, CompaniesQueryVariables>;
export const CompanyEndpointsDocument = new TypedDocumentString(`
    query CompanyEndpoints($companyId: ID!) {
  webhookEndpoints(companyId: $companyId) {
    data {
      id
      url
      events
      status
      disabledReason
      disabledAt
      accountEndpoint
      consecutiveFailures
      failingSince
    }
  }
}
    `) as unknown as TypedDocumentString<CompanyEndpointsQuery, CompanyEndpointsQueryVariables>;
export const CompanyOverviewDocument = new TypedDocumentString(`
    query CompanyOverview($id: ID!) {
  company(id: $id) {
    id
    name
    cnpj
    city
    balance
    feePercent
    feeFixed
    autoApproveLimit
    createdAt
    updatedAt
    pendingAutoApproveLimitRequest {
      ...PendingAutoApproveLimit
    }
  }
}
    fragment PendingAutoApproveLimit on AutoApproveLimitRequest {
  id
  previousLimit
  requestedLimit
  requestedBy
  requestedByEmail
  requestedAt
  mine
}`) as unknown as TypedDocumentString<CompanyOverviewQuery, CompanyOverviewQueryVariables>;
export const ConfirmAutoApproveLimitRequestDocument = new TypedDocumentString(`
    mutation ConfirmAutoApproveLimitRequest($id: ID!) {
  confirmAutoApproveLimitRequest(id: $id) {
    id
    status
  }
}
    `) as unknown as TypedDocumentString<ConfirmAutoApproveLimitRequestMutation, ConfirmAutoApproveLimitRequestMutationVariables>;
export const DeclineAutoApproveLimitRequestDocument = new TypedDocumentString(`
    mutation DeclineAutoApproveLimitRequest($id: ID!, $reason: String) {
  declineAutoApproveLimitRequest(id: $id, reason: $reason) {
    id
    status
  }
}
    `) as unknown as TypedDocumentString<DeclineAutoApproveLimitRequestMutation, DeclineAutoApproveLimitRequestMutationVariables>;
export const BalanceAuditDocument = new TypedDocumentString(`
    query BalanceAudit($companyId: ID!) {
  balanceAudit(companyId: $companyId) {
    consistent
    checkedAt
    paidChargesNet
    chargesHeld
    disputesHeld
    adjustments
    withdrawalsHeld
    refundsHeld
    recomputedBalance
    runningBalance
    ledgerSum
    lastEntryBalance
    ledgerEntries
    pendingWithdrawals
    pendingWithdrawalsCounted
  }
}
    `) as unknown as TypedDocumentString<BalanceAuditQuery, BalanceAuditQueryVariables>;
export const CompanyAdjustmentsDocument = new TypedDocumentString(`
    query CompanyAdjustments($companyId: ID!, $limit: Int, $offset: Int) {
  adjustments(companyId: $companyId, limit: $limit, offset: $offset) {
    total
    data {
      id
      amount
      description
      status
      createdAt
      requestedBy
      confirmedBy
      rejectedBy
      rejectionReason
      decidedAt
    }
  }
}
    `) as unknown as TypedDocumentString<CompanyAdjustmentsQuery, CompanyAdjustmentsQueryVariables>;
export const CompanyChargesDocument = new TypedDocumentString(`
    query CompanyCharges($companyId: ID!, $status: ChargeStatus, $limit: Int, $offset: Int) {
  charges(companyId: $companyId, status: $status, limit: $limit, offset: $offset) {
    total
    data {
      id
      txid
      amount
      fee
      netAmount
      status
      description
      reserved
      reservedReason
      refundedAmount
      disputedAmount
      payerName
      createdAt
      paidAt
      expiresAt
      type
      dueDate
      paidAmount
      payer {
        name
      }
    }
  }
}
    `) as unknown as TypedDocumentString<CompanyChargesQuery, CompanyChargesQueryVariables>;
export const UpdateCompanyDocument = new TypedDocumentString(`
    mutation UpdateCompany($id: ID!, $input: UpdateCompanyInput!) {
  updateCompany(id: $id, input: $input) {
    id
    name
    cnpj
    city
    feePercent
    feeFixed
    autoApproveLimit
    updatedAt
    pendingAutoApproveLimitRequest {
      id
      requestedLimit
    }
  }
}
    `) as unknown as TypedDocumentString<UpdateCompanyMutation, UpdateCompanyMutationVariables>;
export const CreateCompanyDocument = new TypedDocumentString(`
    mutation CreateCompany($input: CreateCompanyInput!) {
  createCompany(input: $input) {
    company {
      id
      name
      autoApproveLimit
    }
    autoApproveLimitRequest {
      id
      requestedLimit
    }
    clientSecret
    webhookSecret
    ownerInvite {
      inviteUrl
      user {
        email
      }
    }
  }
}
    `) as unknown as TypedDocumentString<CreateCompanyMutation, CreateCompanyMutationVariables>;
export const CompanyPickerDocument = new TypedDocumentString(`
    query CompanyPicker($search: String, $limit: Int) {
  companies(search: $search, limit: $limit) {
    data {
      id
      name
      cnpj
    }
  }
}
    `) as unknown as TypedDocumentString<CompanyPickerQuery, CompanyPickerQueryVariables>;
export const MerchantCredentialsDocument = new TypedDocumentString(`
    query MerchantCredentials {
  clientCredentials {
    id
    label
    lastUsedAt
    secretHint
    createdAt
    expiresAt
    revokedAt
  }
}
    `) as unknown as TypedDocumentString<MerchantCredentialsQuery, MerchantCredentialsQueryVariables>;
export const IssueMerchantSecretDocument = new TypedDocumentString(`
    mutation IssueMerchantSecret($expiresAt: DateTimeISO, $label: String) {
  issueClientSecret(expiresAt: $expiresAt, label: $label) {
    clientSecret
    credential {
      id
      secretHint
      expiresAt
    }
  }
}
    `) as unknown as TypedDocumentString<IssueMerchantSecretMutation, IssueMerchantSecretMutationVariables>;
export const RevokeMerchantSecretDocument = new TypedDocumentString(`
    mutation RevokeMerchantSecret($credentialId: ID!) {
  revokeClientSecret(credentialId: $credentialId) {
    id
    revokedAt
  }
}
    `) as unknown as TypedDocumentString<RevokeMerchantSecretMutation, RevokeMerchantSecretMutationVariables>;
export const LabelMerchantSecretDocument = new TypedDocumentString(`
    mutation LabelMerchantSecret($credentialId: ID!, $label: String) {
  labelClientCredential(credentialId: $credentialId, label: $label) {
    id
    label
  }
}
    `) as unknown as TypedDocumentString<LabelMerchantSecretMutation, LabelMerchantSecretMutationVariables>;
export const CustomersDocument = new TypedDocumentString(`
    query Customers($document: String, $limit: Int, $offset: Int) {
  customers(document: $document, limit: $limit, offset: $offset) {
    total
    totalCapped
    data {
      ...CustomerRow
    }
  }
}
    fragment CustomerRow on Customer {
  id
  name
  document
  email
  phone
  createdAt
}`) as unknown as TypedDocumentString<CustomersQuery, CustomersQueryVariables>;
export const CustomerDetailDocument = new TypedDocumentString(`
    query CustomerDetail($id: ID!, $limit: Int, $offset: Int) {
  customer(id: $id) {
    ...CustomerRow
  }
  charges(customerId: $id, limit: $limit, offset: $offset) {
    total
    totalCapped
    data {
      ...MerchantChargeRow
    }
  }
}
    fragment CustomerRow on Customer {
  id
  name
  document
  email
  phone
  createdAt
}
fragment MerchantChargeRow on Charge {
  id
  txid
  e2eId
  amount
  fee
  netAmount
  status
  description
  reserved
  refundedAmount
  disputedAmount
  createdAt
  expiresAt
  paidAt
  payerName
  type
  dueDate
  paidAmount
  payer {
    name
  }
}`) as unknown as TypedDocumentString<CustomerDetailQuery, CustomerDetailQueryVariables>;
export const CreateCustomerDocument = new TypedDocumentString(`
    mutation CreateCustomer($input: CreateCustomerInput!) {
  createCustomer(input: $input) {
    ...CustomerRow
  }
}
    fragment CustomerRow on Customer {
  id
  name
  document
  email
  phone
  createdAt
}`) as unknown as TypedDocumentString<CreateCustomerMutation, CreateCustomerMutationVariables>;
export const DisputesDocument = new TypedDocumentString(`
    query Disputes($first: Int, $after: String, $status: DisputeStatus) {
  disputes(first: $first, after: $after, status: $status) {
    data {
      ...DisputeRow
    }
    total
    pageInfo {
      endCursor
      hasNextPage
    }
  }
}
    fragment DisputeRow on Dispute {
  id
  companyId
  chargeId
  nature
  amount
  heldAmount
  status
  outcome
  description
  merchantStatement
  contestStatement
  refundId
  returnFailureReason
  returnedByBank
  openedAt
  deadlineAt
  decidedAt
  closedAt
}`) as unknown as TypedDocumentString<DisputesQuery, DisputesQueryVariables>;
export const ChargeDisputesDocument = new TypedDocumentString(`
    query ChargeDisputes($chargeId: ID!) {
  chargeDisputes(chargeId: $chargeId) {
    ...DisputeRow
  }
}
    fragment DisputeRow on Dispute {
  id
  companyId
  chargeId
  nature
  amount
  heldAmount
  status
  outcome
  description
  merchantStatement
  contestStatement
  refundId
  returnFailureReason
  returnedByBank
  openedAt
  deadlineAt
  decidedAt
  closedAt
}`) as unknown as TypedDocumentString<ChargeDisputesQuery, ChargeDisputesQueryVariables>;
export const AcceptDisputeDocument = new TypedDocumentString(`
    mutation AcceptDispute($id: ID!) {
  acceptDispute(id: $id) {
    ...DisputeRow
    acceptRequestedBy
  }
}
    fragment DisputeRow on Dispute {
  id
  companyId
  chargeId
  nature
  amount
  heldAmount
  status
  outcome
  description
  merchantStatement
  contestStatement
  refundId
  returnFailureReason
  returnedByBank
  openedAt
  deadlineAt
  decidedAt
  closedAt
}`) as unknown as TypedDocumentString<AcceptDisputeMutation, AcceptDisputeMutationVariables>;
export const ContestDisputeDocument = new TypedDocumentString(`
    mutation ContestDispute($id: ID!, $statement: String!) {
  contestDispute(id: $id, statement: $statement) {
    ...DisputeRow
  }
}
    fragment DisputeRow on Dispute {
  id
  companyId
  chargeId
  nature
  amount
  heldAmount
  status
  outcome
  description
  merchantStatement
  contestStatement
  refundId
  returnFailureReason
  returnedByBank
  openedAt
  deadlineAt
  decidedAt
  closedAt
}`) as unknown as TypedDocumentString<ContestDisputeMutation, ContestDisputeMutationVariables>;
export const CloseDisputeDocument = new TypedDocumentString(`
    mutation CloseDispute($id: ID!, $note: String) {
  closeDispute(id: $id, note: $note) {
    ...DisputeRow
  }
}
    fragment DisputeRow on Dispute {
  id
  companyId
  chargeId
  nature
  amount
  heldAmount
  status
  outcome
  description
  merchantStatement
  contestStatement
  refundId
  returnFailureReason
  returnedByBank
  openedAt
  deadlineAt
  decidedAt
  closedAt
}`) as unknown as TypedDocumentString<CloseDisputeMutation, CloseDisputeMutationVariables>;
export const SubmitDisputeStatementDocument = new TypedDocumentString(`
    mutation SubmitDisputeStatement($id: ID!, $statement: String!) {
  submitDisputeStatement(id: $id, statement: $statement) {
    ...DisputeRow
  }
}
    fragment DisputeRow on Dispute {
  id
  companyId
  chargeId
  nature
  amount
  heldAmount
  status
  outcome
  description
  merchantStatement
  contestStatement
  refundId
  returnFailureReason
  returnedByBank
  openedAt
  deadlineAt
  decidedAt
  closedAt
}`) as unknown as TypedDocumentString<SubmitDisputeStatementMutation, SubmitDisputeStatementMutationVariables>;
export const MerchantChargesDocument = new TypedDocumentString(`
    query MerchantCharges($status: ChargeStatus, $type: ChargeType, $refunded: Boolean, $disputed: Boolean, $createdFrom: DateTimeISO, $createdTo: DateTimeISO, $limit: Int, $offset: Int) {
  charges(
    status: $status
    type: $type
    refunded: $refunded
    disputed: $disputed
    createdFrom: $createdFrom
    createdTo: $createdTo
    limit: $limit
    offset: $offset
  ) {
    total
    totalCapped
    data {
      ...MerchantChargeRow
    }
  }
}
    fragment MerchantChargeRow on Charge {
  id
  txid
  e2eId
  amount
  fee
  netAmount
  status
  description
  reserved
  refundedAmount
  disputedAmount
  createdAt
  expiresAt
  paidAt
  payerName
  type
  dueDate
  paidAmount
  payer {
    name
  }
}`) as unknown as TypedDocumentString<MerchantChargesQuery, MerchantChargesQueryVariables>;
export const MerchantChargeSearchDocument = new TypedDocumentString(`
    query MerchantChargeSearch($query: String!) {
  search(query: $query) {
    charges {
      ...MerchantChargeRow
    }
  }
}
    fragment MerchantChargeRow on Charge {
  id
  txid
  e2eId
  amount
  fee
  netAmount
  status
  description
  reserved
  refundedAmount
  disputedAmount
  createdAt
  expiresAt
  paidAt
  payerName
  type
  dueDate
  paidAmount
  payer {
    name
  }
}`) as unknown as TypedDocumentString<MerchantChargeSearchQuery, MerchantChargeSearchQueryVariables>;
export const MerchantChargeDetailDocument = new TypedDocumentString(`
    query MerchantChargeDetail($id: ID!) {
  charge(id: $id) {
    ...MerchantChargeRow
    pixCode
    payerDocument
    updatedAt
    reservedAmount
    paymentLinkId
    qrcodeId
    ...ChargeBillingFields
    ...ChargeRecurrenceFields
  }
  refunds(chargeId: $id) {
    total
    data {
      ...RefundRow
    }
  }
  webhookDeliveries(subjectId: $id, limit: 20) {
    data {
      eventId
      endpointId
      endpointUrl
      event
      status
      createdAt
      deliveredAt
      attemptCount
      requestBody
    }
  }
  webhookEndpoints {
    data {
      id
      status
    }
  }
}
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
fragment MerchantChargeRow on Charge {
  id
  txid
  e2eId
  amount
  fee
  netAmount
  status
  description
  reserved
  refundedAmount
  disputedAmount
  createdAt
  expiresAt
  paidAt
  payerName
  type
  dueDate
  paidAmount
  payer {
    name
  }
}
fragment ChargeRecurrenceFields on Charge {
  id
  type
  status
  dueDate
  recurrenceId
  debitAttempt
  failureReason
  nextAttemptOn
  payer {
    name
    document
  }
}
fragment RefundRow on Refund {
  id
  chargeId
  amount
  status
  reason
  failureReason
  returnId
  createdAt
  refundedAt
  updatedAt
}`) as unknown as TypedDocumentString<MerchantChargeDetailQuery, MerchantChargeDetailQueryVariables>;
export const CreateMerchantChargeDocument = new TypedDocumentString(`
    mutation CreateMerchantCharge($input: CreateChargeInput!, $idempotencyKey: String) {
  createCharge(input: $input, idempotencyKey: $idempotencyKey) {
    id
    amount
    pixCode
    expiresAt
    status
  }
}
    `) as unknown as TypedDocumentString<CreateMerchantChargeMutation, CreateMerchantChargeMutationVariables>;
export const CancelMerchantChargeDocument = new TypedDocumentString(`
    mutation CancelMerchantCharge($id: ID!) {
  cancelCharge(id: $id) {
    id
    status
  }
}
    `) as unknown as TypedDocumentString<CancelMerchantChargeMutation, CancelMerchantChargeMutationVariables>;
export const SimulateOwnChargePaymentDocument = new TypedDocumentString(`
    mutation SimulateOwnChargePayment($chargeId: ID!, $payerName: String) {
  simulateOwnChargePayment(chargeId: $chargeId, payerName: $payerName) {
    id
    status
  }
}
    `) as unknown as TypedDocumentString<SimulateOwnChargePaymentMutation, SimulateOwnChargePaymentMutationVariables>;
export const MerchantWithdrawalsDocument = new TypedDocumentString(`
    query MerchantWithdrawals($status: WithdrawalStatus, $limit: Int, $offset: Int) {
  withdrawals(status: $status, limit: $limit, offset: $offset) {
    total
    totalCapped
    data {
      ...MerchantWithdrawalRow
    }
  }
  balance {
    balance
  }
}
    fragment MerchantWithdrawalRow on Withdrawal {
  id
  amount
  status
  pixKey
  pixKeyType
  bankAccount {
    ispb
    branch
    account
    accountType
    holderName
    holderDocument
  }
  recipientDocument
  recipientName
  recipient {
    name
    document
    institution
  }
  recipientWarnings
  queuePosition
  scheduledFor
  sendsOn
  cancellable
  reason
  rejected
  withdrawalReference
  e2eId
  createdAt
  updatedAt
  paidAt
}`) as unknown as TypedDocumentString<MerchantWithdrawalsQuery, MerchantWithdrawalsQueryVariables>;
export const MerchantWithdrawalDetailDocument = new TypedDocumentString(`
    query MerchantWithdrawalDetail($id: ID!) {
  withdrawal(id: $id) {
    ...MerchantWithdrawalRow
    idempotencyKey
    retryCount
    approvalsRequired
    approvals {
      at
    }
  }
  withdrawalHistory(id: $id) {
    id
    fromStatus
    toStatus
    actor
    actorInfo {
      id
      kind
      displayName
      email
      credentialHint
    }
    reason
    createdAt
  }
}
    fragment MerchantWithdrawalRow on Withdrawal {
  id
  amount
  status
  pixKey
  pixKeyType
  bankAccount {
    ispb
    branch
    account
    accountType
    holderName
    holderDocument
  }
  recipientDocument
  recipientName
  recipient {
    name
    document
    institution
  }
  recipientWarnings
  queuePosition
  scheduledFor
  sendsOn
  cancellable
  reason
  rejected
  withdrawalReference
  e2eId
  createdAt
  updatedAt
  paidAt
}`) as unknown as TypedDocumentString<MerchantWithdrawalDetailQuery, MerchantWithdrawalDetailQueryVariables>;
export const MerchantBalanceDocument = new TypedDocumentString(`
    query MerchantBalance {
  balance {
    balance
  }
}
    `) as unknown as TypedDocumentString<MerchantBalanceQuery, MerchantBalanceQueryVariables>;
export const CreateMerchantWithdrawalDocument = new TypedDocumentString(`
    mutation CreateMerchantWithdrawal($idempotencyKey: String!, $input: CreateWithdrawalInput!) {
  createWithdrawal(idempotencyKey: $idempotencyKey, input: $input) {
    id
    status
    withdrawalReference
    queuePosition
  }
}
    `) as unknown as TypedDocumentString<CreateMerchantWithdrawalMutation, CreateMerchantWithdrawalMutationVariables>;
export const CancelMerchantWithdrawalDocument = new TypedDocumentString(`
    mutation CancelMerchantWithdrawal($id: ID!, $reason: String) {
  cancelWithdrawal(id: $id, reason: $reason) {
    id
    status
  }
}
    `) as unknown as TypedDocumentString<CancelMerchantWithdrawalMutation, CancelMerchantWithdrawalMutationVariables>;
export const PixParticipantsDocument = new TypedDocumentString(`
    query PixParticipants {
  pixParticipants {
    ispb
    name
    code
  }
}
    `) as unknown as TypedDocumentString<PixParticipantsQuery, PixParticipantsQueryVariables>;
export const MerchantHomeDocument = new TypedDocumentString(`
    query MerchantHome {
  merchantOverview {
    balance
    paidChargesNet
    adjustments
    withdrawalsHeld
    refundsHeld
    reserved
    disputesHeld
    today {
      received {
        count
        amount
      }
      sent {
        count
        amount
      }
    }
    daily(days: 30) {
      date
      paidAmount
      withdrawalAmount
    }
  }
  recent: charges(limit: 5) {
    total
    data {
      id
      amount
      netAmount
      status
      description
      createdAt
    }
  }
}
    `) as unknown as TypedDocumentString<MerchantHomeQuery, MerchantHomeQueryVariables>;
export const OperatorsDocument = new TypedDocumentString(`
    query Operators {
  operators {
    ...OperatorRow
  }
}
    fragment OperatorRow on ConsoleUser {
  id
  email
  name
  role
  disabled
  invitePending
  inviteExpiresAt
  lastSignInAt
  createdAt
}`) as unknown as TypedDocumentString<OperatorsQuery, OperatorsQueryVariables>;
export const InviteOperatorDocument = new TypedDocumentString(`
    mutation InviteOperator($email: String!, $name: String, $role: OperatorRole!) {
  inviteOperator(email: $email, name: $name, role: $role) {
    inviteUrl
    user {
      ...OperatorRow
    }
  }
}
    fragment OperatorRow on ConsoleUser {
  id
  email
  name
  role
  disabled
  invitePending
  inviteExpiresAt
  lastSignInAt
  createdAt
}`) as unknown as TypedDocumentString<InviteOperatorMutation, InviteOperatorMutationVariables>;
export const UpdateOperatorDocument = new TypedDocumentString(`
    mutation UpdateOperator($id: ID!, $role: OperatorRole, $disabled: Boolean) {
  updateOperator(id: $id, role: $role, disabled: $disabled) {
    ...OperatorRow
  }
}
    fragment OperatorRow on ConsoleUser {
  id
  email
  name
  role
  disabled
  invitePending
  inviteExpiresAt
  lastSignInAt
  createdAt
}`) as unknown as TypedDocumentString<UpdateOperatorMutation, UpdateOperatorMutationVariables>;
export const OperatorOverviewDocument = new TypedDocumentString(`
    query OperatorOverview {
  pendingApprovals {
    ...PendingApprovalCounts
  }
  operatorDashboard {
    pendingWithdrawals {
      count
      amount
      oldestCreatedAt
    }
    today {
      paidCharges {
        count
        amount
      }
      withdrawals {
        count
        amount
      }
    }
    openPaymentExceptions
    failedWebhookDeliveries
    daily(days: 30) {
      date
      paidAmount
      paidCount
      withdrawalAmount
      withdrawalCount
    }
  }
}
    fragment PendingApprovalCounts on PendingApprovals {
  adjustments {
    count
    amount
  }
  withdrawals {
    count
    amount
  }
}`) as unknown as TypedDocumentString<OperatorOverviewQuery, OperatorOverviewQueryVariables>;
export const PendingApprovalsDocument = new TypedDocumentString(`
    query PendingApprovals {
  pendingApprovals {
    ...PendingApprovalCounts
  }
}
    fragment PendingApprovalCounts on PendingApprovals {
  adjustments {
    count
    amount
  }
  withdrawals {
    count
    amount
  }
}`) as unknown as TypedDocumentString<PendingApprovalsQuery, PendingApprovalsQueryVariables>;
export const PayerPageDocument = new TypedDocumentString(`
    query PayerPage($token: String!) {
  payerPage(token: $token) {
    accountName
    status
    type
    amount
    description
    dueDate
    expiresAt
    pixCode
    paidAt
    sandbox
  }
}
    `) as unknown as TypedDocumentString<PayerPageQuery, PayerPageQueryVariables>;
export const PaymentLinkPageDocument = new TypedDocumentString(`
    query PaymentLinkPage($token: String!) {
  paymentLinkPage(token: $token) {
    accountName
    description
    status
    amount
    minAmount
    maxAmount
    sandbox
  }
}
    `) as unknown as TypedDocumentString<PaymentLinkPageQuery, PaymentLinkPageQueryVariables>;
export const ConfirmPaymentLinkDocument = new TypedDocumentString(`
    mutation ConfirmPaymentLink($token: String!, $amount: Money) {
  confirmPaymentLink(token: $token, amount: $amount) {
    paymentUrl
  }
}
    `) as unknown as TypedDocumentString<ConfirmPaymentLinkMutation, ConfirmPaymentLinkMutationVariables>;
export const PaymentExceptionsDocument = new TypedDocumentString(`
    query PaymentExceptions($first: Int, $after: String, $status: PaymentExceptionStatus) {
  paymentExceptions(first: $first, after: $after, status: $status) {
    data {
      ...PaymentExceptionRow
    }
    pageInfo {
      endCursor
      hasNextPage
    }
  }
}
    fragment PaymentExceptionRow on PaymentException {
  id
  kind
  status
  amount
  expectedAmount
  txid
  endToEndId
  chargeId
  companyId
  payerName
  payerDocument
  paidAt
  problem
  resolution
  resolvedAt
  resolvedBy
  createdAt
  returnStatus
  returnId
  returnReason
  returnFailureReason
  returnedAt
}`) as unknown as TypedDocumentString<PaymentExceptionsQuery, PaymentExceptionsQueryVariables>;
export const ResolvePaymentExceptionDocument = new TypedDocumentString(`
    mutation ResolvePaymentException($id: ID!, $resolution: String!) {
  resolvePaymentException(id: $id, resolution: $resolution) {
    ...PaymentExceptionRow
  }
}
    fragment PaymentExceptionRow on PaymentException {
  id
  kind
  status
  amount
  expectedAmount
  txid
  endToEndId
  chargeId
  companyId
  payerName
  payerDocument
  paidAt
  problem
  resolution
  resolvedAt
  resolvedBy
  createdAt
  returnStatus
  returnId
  returnReason
  returnFailureReason
  returnedAt
}`) as unknown as TypedDocumentString<ResolvePaymentExceptionMutation, ResolvePaymentExceptionMutationVariables>;
export const ReturnPaymentExceptionDocument = new TypedDocumentString(`
    mutation ReturnPaymentException($id: ID!, $reason: String) {
  returnPaymentException(id: $id, reason: $reason) {
    ...PaymentExceptionRow
  }
}
    fragment PaymentExceptionRow on PaymentException {
  id
  kind
  status
  amount
  expectedAmount
  txid
  endToEndId
  chargeId
  companyId
  payerName
  payerDocument
  paidAt
  problem
  resolution
  resolvedAt
  resolvedBy
  createdAt
  returnStatus
  returnId
  returnReason
  returnFailureReason
  returnedAt
}`) as unknown as TypedDocumentString<ReturnPaymentExceptionMutation, ReturnPaymentExceptionMutationVariables>;
export const MerchantPaymentLinksDocument = new TypedDocumentString(`
    query MerchantPaymentLinks($limit: Int, $offset: Int) {
  paymentLinks(limit: $limit, offset: $offset) {
    total
    data {
      id
      url
      status
      description
      amount
      minAmount
      maxAmount
      reusable
      expiresAt
      chargesCount
      paidCount
      paidTotal
      createdAt
    }
  }
  payerPageSettings {
    displayName
  }
}
    `) as unknown as TypedDocumentString<MerchantPaymentLinksQuery, MerchantPaymentLinksQueryVariables>;
export const CreatePaymentLinkDocument = new TypedDocumentString(`
    mutation CreatePaymentLink($input: CreatePaymentLinkInput!) {
  createPaymentLink(input: $input) {
    id
    url
  }
}
    `) as unknown as TypedDocumentString<CreatePaymentLinkMutation, CreatePaymentLinkMutationVariables>;
export const DeactivatePaymentLinkDocument = new TypedDocumentString(`
    mutation DeactivatePaymentLink($id: ID!) {
  deactivatePaymentLink(id: $id) {
    id
    status
  }
}
    `) as unknown as TypedDocumentString<DeactivatePaymentLinkMutation, DeactivatePaymentLinkMutationVariables>;
export const UpdatePayerPageSettingsDocument = new TypedDocumentString(`
    mutation UpdatePayerPageSettings($displayName: String) {
  updatePayerPageSettings(displayName: $displayName) {
    displayName
  }
}
    `) as unknown as TypedDocumentString<UpdatePayerPageSettingsMutation, UpdatePayerPageSettingsMutationVariables>;
export const ServiceInfoDocument = new TypedDocumentString(`
    query ServiceInfo {
  serviceInfo {
    pixProvider
    sandbox
  }
}
    `) as unknown as TypedDocumentString<ServiceInfoQuery, ServiceInfoQueryVariables>;
export const ProviderStatusDocument = new TypedDocumentString(`
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
    `) as unknown as TypedDocumentString<ProviderStatusQuery, ProviderStatusQueryVariables>;
export const UnconfirmedNotificationsDocument = new TypedDocumentString(`
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
    `) as unknown as TypedDocumentString<UnconfirmedNotificationsQuery, UnconfirmedNotificationsQueryVariables>;
export const MerchantQrCodesDocument = new TypedDocumentString(`
    query MerchantQrCodes($limit: Int, $offset: Int) {
  qrCodes(limit: $limit, offset: $offset) {
    total
    data {
      id
      pixCode
      description
      amount
      active
      paidCount
      paidTotal
      createdAt
    }
  }
}
    `) as unknown as TypedDocumentString<MerchantQrCodesQuery, MerchantQrCodesQueryVariables>;
export const MerchantQrCodeDocument = new TypedDocumentString(`
    query MerchantQrCode($id: ID!) {
  qrCode(id: $id) {
    id
    pixCode
    description
    amount
    active
  }
  payerPageSettings {
    displayName
  }
}
    `) as unknown as TypedDocumentString<MerchantQrCodeQuery, MerchantQrCodeQueryVariables>;
export const CreateQrCodeDocument = new TypedDocumentString(`
    mutation CreateQrCode($input: CreateQrCodeInput!) {
  createQrCode(input: $input) {
    id
  }
}
    `) as unknown as TypedDocumentString<CreateQrCodeMutation, CreateQrCodeMutationVariables>;
export const DeactivateQrCodeDocument = new TypedDocumentString(`
    mutation DeactivateQrCode($id: ID!) {
  deactivateQrCode(id: $id) {
    id
    active
  }
}
    `) as unknown as TypedDocumentString<DeactivateQrCodeMutation, DeactivateQrCodeMutationVariables>;
export const RecurrenceAttemptsDocument = new TypedDocumentString(`
    query RecurrenceAttempts($recurrenceId: ID!, $limit: Int) {
  recurringDebitAttempts(recurrenceId: $recurrenceId, limit: $limit) {
    total
    data {
      ...DebitAttemptRow
    }
  }
}
    fragment DebitAttemptRow on RecurringDebitAttempt {
  chargeId
  companyId
  recurrenceId
  attempt
  day
  outcome
  failureReason
  amount
  recordedAt
}`) as unknown as TypedDocumentString<RecurrenceAttemptsQuery, RecurrenceAttemptsQueryVariables>;
export const FailedDebitsDocument = new TypedDocumentString(`
    query FailedDebits($day: String!, $companyId: ID, $limit: Int, $offset: Int) {
  recurringDebitAttempts(
    day: $day
    outcome: FAILED
    companyId: $companyId
    limit: $limit
    offset: $offset
  ) {
    total
    totalCapped
    data {
      ...DebitAttemptRow
    }
  }
}
    fragment DebitAttemptRow on RecurringDebitAttempt {
  chargeId
  companyId
  recurrenceId
  attempt
  day
  outcome
  failureReason
  amount
  recordedAt
}`) as unknown as TypedDocumentString<FailedDebitsQuery, FailedDebitsQueryVariables>;
export const RecurrencesDocument = new TypedDocumentString(`
    query Recurrences($status: RecurrenceStatus, $companyId: ID, $limit: Int, $offset: Int) {
  recurrences(
    status: $status
    companyId: $companyId
    limit: $limit
    offset: $offset
  ) {
    total
    totalCapped
    data {
      ...RecurrenceRow
    }
  }
}
    fragment RecurrenceRow on Recurrence {
  id
  companyId
  status
  contract
  object
  frequency
  startDate
  endDate
  amount
  retryPolicy
  autoCharge
  reason
  customerId
  payer {
    name
    document
  }
  firstPayment {
    amount
  }
  createdAt
}`) as unknown as TypedDocumentString<RecurrencesQuery, RecurrencesQueryVariables>;
export const RecurrenceDetailDocument = new TypedDocumentString(`
    query RecurrenceDetail($id: ID!, $limit: Int, $offset: Int) {
  recurrence(id: $id) {
    ...RecurrenceRow
    pixCode
    authorisationExpiresAt
    updatedAt
    nextCycleDate
    payerBankAccount {
      ispb
      branch
      account
    }
    payerBankRequest {
      status
      sentAt
      failureReason
    }
  }
  recurrenceCharges(recurrenceId: $id, limit: $limit, offset: $offset) {
    total
    totalCapped
    data {
      ...RecurringChargeRow
    }
  }
}
    fragment RecurrenceRow on Recurrence {
  id
  companyId
  status
  contract
  object
  frequency
  startDate
  endDate
  amount
  retryPolicy
  autoCharge
  reason
  customerId
  payer {
    name
    document
  }
  firstPayment {
    amount
  }
  createdAt
}
fragment RecurringChargeRow on Charge {
  id
  type
  amount
  status
  dueDate
  debitAttempt
  failureReason
  nextAttemptOn
  paidAt
  createdAt
}`) as unknown as TypedDocumentString<RecurrenceDetailQuery, RecurrenceDetailQueryVariables>;
export const CreateRecurrenceDocument = new TypedDocumentString(`
    mutation CreateRecurrence($input: CreateRecurrenceInput!, $idempotencyKey: String!) {
  createRecurrence(input: $input, idempotencyKey: $idempotencyKey) {
    id
    status
  }
}
    `) as unknown as TypedDocumentString<CreateRecurrenceMutation, CreateRecurrenceMutationVariables>;
export const CancelRecurrenceDocument = new TypedDocumentString(`
    mutation CancelRecurrence($id: ID!, $reason: String) {
  cancelRecurrence(id: $id, reason: $reason) {
    id
    status
  }
}
    `) as unknown as TypedDocumentString<CancelRecurrenceMutation, CancelRecurrenceMutationVariables>;
export const SimulateRecurrenceDecisionDocument = new TypedDocumentString(`
    mutation SimulateRecurrenceDecision($id: ID!, $decision: RecurrenceDecision!) {
  simulateRecurrenceDecision(id: $id, decision: $decision) {
    id
    status
  }
}
    `) as unknown as TypedDocumentString<SimulateRecurrenceDecisionMutation, SimulateRecurrenceDecisionMutationVariables>;
export const CreateRecurringChargeDocument = new TypedDocumentString(`
    mutation CreateRecurringCharge($recurrenceId: ID!, $input: CreateRecurringChargeInput!) {
  createRecurringCharge(recurrenceId: $recurrenceId, input: $input) {
    id
    dueDate
    amount
  }
}
    `) as unknown as TypedDocumentString<CreateRecurringChargeMutation, CreateRecurringChargeMutationVariables>;
export const SimulateRecurringDebitDocument = new TypedDocumentString(`
    mutation SimulateRecurringDebit($chargeId: ID!, $outcome: RecurringDebitOutcome!, $reason: String) {
  simulateRecurringDebit(chargeId: $chargeId, outcome: $outcome, reason: $reason) {
    id
    status
  }
}
    `) as unknown as TypedDocumentString<SimulateRecurringDebitMutation, SimulateRecurringDebitMutationVariables>;
export const PayerBanksDocument = new TypedDocumentString(`
    query PayerBanks {
  pixParticipants {
    ispb
    name
    code
  }
}
    `) as unknown as TypedDocumentString<PayerBanksQuery, PayerBanksQueryVariables>;
export const ChargeRefundsDocument = new TypedDocumentString(`
    query ChargeRefunds($chargeId: ID!) {
  refunds(chargeId: $chargeId) {
    total
    data {
      ...RefundRow
    }
  }
}
    fragment RefundRow on Refund {
  id
  chargeId
  amount
  status
  reason
  failureReason
  returnId
  createdAt
  refundedAt
  updatedAt
}`) as unknown as TypedDocumentString<ChargeRefundsQuery, ChargeRefundsQueryVariables>;
export const RefundChargeDocument = new TypedDocumentString(`
    mutation RefundCharge($chargeId: ID!, $idempotencyKey: String!, $input: RefundChargeInput) {
  refundCharge(
    chargeId: $chargeId
    idempotencyKey: $idempotencyKey
    input: $input
  ) {
    ...RefundRow
  }
}
    fragment RefundRow on Refund {
  id
  chargeId
  amount
  status
  reason
  failureReason
  returnId
  createdAt
  refundedAt
  updatedAt
}`) as unknown as TypedDocumentString<RefundChargeMutation, RefundChargeMutationVariables>;
export const ChargeRefundRequestsDocument = new TypedDocumentString(`
    query ChargeRefundRequests($chargeId: ID!) {
  refundRequests(chargeId: $chargeId) {
    ...RefundRequestRow
  }
  charge(id: $chargeId) {
    id
    payerName
    payerDocument
  }
}
    fragment RefundRequestRow on RefundRequest {
  id
  chargeId
  amount
  reason
  status
  mine
  requestedByEmail
  decidedBy
  decidedByEmail
  rejectionReason
  refundId
  requestedAt
  expiresAt
  decidedAt
}`) as unknown as TypedDocumentString<ChargeRefundRequestsQuery, ChargeRefundRequestsQueryVariables>;
export const RequestRefundDocument = new TypedDocumentString(`
    mutation RequestRefund($chargeId: ID!, $idempotencyKey: String!, $input: RefundChargeInput) {
  requestRefund(
    chargeId: $chargeId
    idempotencyKey: $idempotencyKey
    input: $input
  ) {
    ...RefundRequestRow
  }
}
    fragment RefundRequestRow on RefundRequest {
  id
  chargeId
  amount
  reason
  status
  mine
  requestedByEmail
  decidedBy
  decidedByEmail
  rejectionReason
  refundId
  requestedAt
  expiresAt
  decidedAt
}`) as unknown as TypedDocumentString<RequestRefundMutation, RequestRefundMutationVariables>;
export const ConfirmRefundRequestDocument = new TypedDocumentString(`
    mutation ConfirmRefundRequest($id: ID!) {
  confirmRefundRequest(id: $id) {
    ...RefundRequestRow
  }
}
    fragment RefundRequestRow on RefundRequest {
  id
  chargeId
  amount
  reason
  status
  mine
  requestedByEmail
  decidedBy
  decidedByEmail
  rejectionReason
  refundId
  requestedAt
  expiresAt
  decidedAt
}`) as unknown as TypedDocumentString<ConfirmRefundRequestMutation, ConfirmRefundRequestMutationVariables>;
export const RejectRefundRequestDocument = new TypedDocumentString(`
    mutation RejectRefundRequest($id: ID!, $reason: String!) {
  rejectRefundRequest(id: $id, reason: $reason) {
    ...RefundRequestRow
  }
}
    fragment RefundRequestRow on RefundRequest {
  id
  chargeId
  amount
  reason
  status
  mine
  requestedByEmail
  decidedBy
  decidedByEmail
  rejectionReason
  refundId
  requestedAt
  expiresAt
  decidedAt
}`) as unknown as TypedDocumentString<RejectRefundRequestMutation, RejectRefundRequestMutationVariables>;
export const GlobalSearchDocument = new TypedDocumentString(`
    query GlobalSearch($query: String!) {
  search(query: $query) {
    charges {
      id
      txid
      amount
      status
      description
    }
    withdrawals {
      id
      withdrawalReference
      amount
      status
      rejected
      scheduledFor
      cancellable
    }
    companies {
      id
      name
      cnpj
    }
  }
}
    `) as unknown as TypedDocumentString<GlobalSearchQuery, GlobalSearchQueryVariables>;
export const StatementDocument = new TypedDocumentString(`
    query Statement($from: DateTimeISO, $to: DateTimeISO, $limit: Int, $offset: Int) {
  ledgerEntries(from: $from, to: $to, limit: $limit, offset: $offset) {
    total
    totalCapped
    data {
      id
      kind
      amount
      balanceAfter
      memo
      chargeId
      withdrawalId
      adjustmentId
      refundId
      createdAt
    }
  }
  balance {
    balance
  }
}
    `) as unknown as TypedDocumentString<StatementQuery, StatementQueryVariables>;
export const WithdrawalReferenceDocument = new TypedDocumentString(`
    query WithdrawalReference($id: ID!) {
  withdrawal(id: $id) {
    id
    withdrawalReference
  }
}
    `) as unknown as TypedDocumentString<WithdrawalReferenceQuery, WithdrawalReferenceQueryVariables>;
export const TeamDocument = new TypedDocumentString(`
    query Team {
  companyUsers {
    id
    email
    name
    role
    disabled
    invitePending
    inviteExpiresAt
    lastSignInAt
    createdAt
  }
}
    `) as unknown as TypedDocumentString<TeamQuery, TeamQueryVariables>;
export const InviteTeamMemberDocument = new TypedDocumentString(`
    mutation InviteTeamMember($email: String!, $name: String, $role: MerchantRole!) {
  inviteCompanyUser(email: $email, name: $name, role: $role) {
    inviteUrl
    user {
      id
      email
    }
  }
}
    `) as unknown as TypedDocumentString<InviteTeamMemberMutation, InviteTeamMemberMutationVariables>;
export const RemoveTeamMemberDocument = new TypedDocumentString(`
    mutation RemoveTeamMember($id: ID!) {
  removeCompanyUser(id: $id) {
    id
    disabled
  }
}
    `) as unknown as TypedDocumentString<RemoveTeamMemberMutation, RemoveTeamMemberMutationVariables>;
export const WebhookDeliveriesDocument = new TypedDocumentString(`
    query WebhookDeliveries($first: Int, $after: String, $status: WebhookDeliveryStatus, $event: String, $subjectId: ID, $companyId: ID, $endpointId: ID) {
  webhookDeliveries(
    first: $first
    after: $after
    status: $status
    event: $event
    subjectId: $subjectId
    companyId: $companyId
    endpointId: $endpointId
  ) {
    data {
      ...WebhookDeliveryRow
    }
    pageInfo {
      endCursor
      hasNextPage
    }
  }
}
    fragment WebhookDeliveryRow on WebhookDelivery {
  eventId
  endpointId
  endpointUrl
  event
  status
  companyId
  subjectId
  createdAt
  deliveredAt
  lastAttemptAt
  nextAttemptAt
  attemptCount
  requestBody
  attempts {
    id
    attemptNumber
    manual
    url
    responseStatus
    responseTimeMs
    responseBody
    requestBody
    error
    startedAt
    finishedAt
  }
}`) as unknown as TypedDocumentString<WebhookDeliveriesQuery, WebhookDeliveriesQueryVariables>;
export const CompanyWebhookEndpointsDocument = new TypedDocumentString(`
    query CompanyWebhookEndpoints($companyId: ID!) {
  webhookEndpoints(companyId: $companyId) {
    data {
      id
      url
    }
  }
}
    `) as unknown as TypedDocumentString<CompanyWebhookEndpointsQuery, CompanyWebhookEndpointsQueryVariables>;
export const RedeliverWebhookDocument = new TypedDocumentString(`
    mutation RedeliverWebhook($eventId: ID!, $endpointId: ID) {
  redeliverWebhook(eventId: $eventId, endpointId: $endpointId) {
    ...WebhookDeliveryRow
  }
}
    fragment WebhookDeliveryRow on WebhookDelivery {
  eventId
  endpointId
  endpointUrl
  event
  status
  companyId
  subjectId
  createdAt
  deliveredAt
  lastAttemptAt
  nextAttemptAt
  attemptCount
  requestBody
  attempts {
    id
    attemptNumber
    manual
    url
    responseStatus
    responseTimeMs
    responseBody
    requestBody
    error
    startedAt
    finishedAt
  }
}`) as unknown as TypedDocumentString<RedeliverWebhookMutation, RedeliverWebhookMutationVariables>;
export const FailedDeliveriesDocument = new TypedDocumentString(`
    query FailedDeliveries($companyId: ID, $first: Int) {
  webhookDeliveries(status: FAILED, companyId: $companyId, first: $first) {
    total
    totalCapped
    data {
      companyId
    }
  }
}
    `) as unknown as TypedDocumentString<FailedDeliveriesQuery, FailedDeliveriesQueryVariables>;
export const RedeliverFailedWebhooksDocument = new TypedDocumentString(`
    mutation RedeliverFailedWebhooks($companyId: ID, $max: Int!) {
  redeliverFailedWebhooks(companyId: $companyId, max: $max) {
    count
    eventIds
  }
}
    `) as unknown as TypedDocumentString<RedeliverFailedWebhooksMutation, RedeliverFailedWebhooksMutationVariables>;
export const WebhookPageDocument = new TypedDocumentString(`
    query WebhookPage($limit: Int, $offset: Int, $endpointId: ID) {
  webhookEndpoints {
    data {
      ...MerchantWebhookEndpoint
    }
  }
  webhookSettings {
    companyId
    url
    secretHint
    secretIsBase64url
  }
  webhookDeliveries(limit: $limit, offset: $offset, endpointId: $endpointId) {
    total
    totalCapped
    data {
      ...MerchantWebhookDelivery
    }
  }
}
    fragment MerchantWebhookDelivery on WebhookDelivery {
  eventId
  endpointId
  endpointUrl
  event
  status
  subjectId
  createdAt
  deliveredAt
  nextAttemptAt
  attemptCount
  requestBody
  attempts {
    id
    attemptNumber
    manual
    url
    startedAt
    finishedAt
    responseStatus
    responseTimeMs
    responseBody
    error
  }
}
fragment MerchantWebhookEndpoint on WebhookEndpoint {
  id
  url
  events
  status
  accountEndpoint
  secretHint
  createdAt
  disabledReason
  disabledAt
  consecutiveFailures
  failingSince
}`) as unknown as TypedDocumentString<WebhookPageQuery, WebhookPageQueryVariables>;
export const UpdateWebhookUrlDocument = new TypedDocumentString(`
    mutation UpdateWebhookUrl($url: String) {
  updateWebhookSettings(url: $url) {
    url
    secretHint
  }
}
    `) as unknown as TypedDocumentString<UpdateWebhookUrlMutation, UpdateWebhookUrlMutationVariables>;
export const RotateWebhookSecretDocument = new TypedDocumentString(`
    mutation RotateWebhookSecret {
  rotateWebhookSecret {
    webhookSecret
    settings {
      secretHint
    }
  }
}
    `) as unknown as TypedDocumentString<RotateWebhookSecretMutation, RotateWebhookSecretMutationVariables>;
export const RevealStandardWebhookSecretDocument = new TypedDocumentString(`
    mutation RevealStandardWebhookSecret {
  revealStandardWebhookSecret {
    standardBase64Secret
  }
}
    `) as unknown as TypedDocumentString<RevealStandardWebhookSecretMutation, RevealStandardWebhookSecretMutationVariables>;
export const SendTestWebhookDocument = new TypedDocumentString(`
    mutation SendTestWebhook {
  sendTestWebhook {
    ...MerchantWebhookDelivery
  }
}
    fragment MerchantWebhookDelivery on WebhookDelivery {
  eventId
  endpointId
  endpointUrl
  event
  status
  subjectId
  createdAt
  deliveredAt
  nextAttemptAt
  attemptCount
  requestBody
  attempts {
    id
    attemptNumber
    manual
    url
    startedAt
    finishedAt
    responseStatus
    responseTimeMs
    responseBody
    error
  }
}`) as unknown as TypedDocumentString<SendTestWebhookMutation, SendTestWebhookMutationVariables>;
export const PingDeliveriesDocument = new TypedDocumentString(`
    query PingDeliveries {
  webhookDeliveries(event: "ping", limit: 20) {
    data {
      ...MerchantWebhookDelivery
    }
  }
}
    fragment MerchantWebhookDelivery on WebhookDelivery {
  eventId
  endpointId
  endpointUrl
  event
  status
  subjectId
  createdAt
  deliveredAt
  nextAttemptAt
  attemptCount
  requestBody
  attempts {
    id
    attemptNumber
    manual
    url
    startedAt
    finishedAt
    responseStatus
    responseTimeMs
    responseBody
    error
  }
}`) as unknown as TypedDocumentString<PingDeliveriesQuery, PingDeliveriesQueryVariables>;
export const RedeliverMerchantWebhookDocument = new TypedDocumentString(`
    mutation RedeliverMerchantWebhook($eventId: ID!, $endpointId: ID) {
  redeliverWebhook(eventId: $eventId, endpointId: $endpointId) {
    eventId
    status
  }
}
    `) as unknown as TypedDocumentString<RedeliverMerchantWebhookMutation, RedeliverMerchantWebhookMutationVariables>;
export const CreateWebhookEndpointDocument = new TypedDocumentString(`
    mutation CreateWebhookEndpoint($url: String!, $events: [String!]!) {
  createWebhookEndpoint(url: $url, events: $events) {
    id
    secret
  }
}
    `) as unknown as TypedDocumentString<CreateWebhookEndpointMutation, CreateWebhookEndpointMutationVariables>;
export const UpdateWebhookEndpointDocument = new TypedDocumentString(`
    mutation UpdateWebhookEndpoint($id: ID!, $events: [String!], $status: WebhookEndpointStatus) {
  updateWebhookEndpoint(id: $id, events: $events, status: $status) {
    ...MerchantWebhookEndpoint
  }
}
    fragment MerchantWebhookEndpoint on WebhookEndpoint {
  id
  url
  events
  status
  accountEndpoint
  secretHint
  createdAt
  disabledReason
  disabledAt
  consecutiveFailures
  failingSince
}`) as unknown as TypedDocumentString<UpdateWebhookEndpointMutation, UpdateWebhookEndpointMutationVariables>;
export const RotateWebhookEndpointSecretDocument = new TypedDocumentString(`
    mutation RotateWebhookEndpointSecret($id: ID!) {
  rotateWebhookEndpointSecret(id: $id) {
    id
    secret
  }
}
    `) as unknown as TypedDocumentString<RotateWebhookEndpointSecretMutation, RotateWebhookEndpointSecretMutationVariables>;
export const DeleteWebhookEndpointDocument = new TypedDocumentString(`
    mutation DeleteWebhookEndpoint($id: ID!) {
  deleteWebhookEndpoint(id: $id) {
    id
  }
}
    `) as unknown as TypedDocumentString<DeleteWebhookEndpointMutation, DeleteWebhookEndpointMutationVariables>;
export const WithdrawalsDocument = new TypedDocumentString(`
    query Withdrawals($status: WithdrawalStatus, $companyId: ID, $order: ListOrder, $limit: Int, $offset: Int) {
  withdrawals(
    status: $status
    companyId: $companyId
    order: $order
    limit: $limit
    offset: $offset
  ) {
    total
    totalCapped
    limit
    offset
    data {
      ...WithdrawalRow
    }
  }
}
    fragment WithdrawalRow on Withdrawal {
  id
  companyId
  amount
  status
  pixKey
  pixKeyType
  bankAccount {
    ispb
    branch
    account
    accountType
    holderName
    holderDocument
  }
  recipientDocument
  recipientName
  recipient {
    name
    document
    institution
  }
  recipientWarnings
  queuePosition
  scheduledFor
  sendsOn
  cancellable
  reason
  rejected
  retryCount
  withdrawalReference
  createdAt
  updatedAt
  approvalsRequired
  approvals {
    operator
    operatorEmail
    operatorInfo {
      id
      kind
      displayName
      email
      credentialHint
    }
    at
  }
}`) as unknown as TypedDocumentString<WithdrawalsQuery, WithdrawalsQueryVariables>;
export const CompanyNamesDocument = new TypedDocumentString(`
    query CompanyNames {
  companies(limit: 100) {
    data {
      id
      name
    }
  }
}
    `) as unknown as TypedDocumentString<CompanyNamesQuery, CompanyNamesQueryVariables>;
export const CompanyNameDocument = new TypedDocumentString(`
    query CompanyName($id: ID!) {
  company(id: $id) {
    id
    name
  }
}
    `) as unknown as TypedDocumentString<CompanyNameQuery, CompanyNameQueryVariables>;
export const ApproveWithdrawalDocument = new TypedDocumentString(`
    mutation ApproveWithdrawal($id: ID!) {
  approveWithdrawal(id: $id) {
    ...WithdrawalRow
  }
}
    fragment WithdrawalRow on Withdrawal {
  id
  companyId
  amount
  status
  pixKey
  pixKeyType
  bankAccount {
    ispb
    branch
    account
    accountType
    holderName
    holderDocument
  }
  recipientDocument
  recipientName
  recipient {
    name
    document
    institution
  }
  recipientWarnings
  queuePosition
  scheduledFor
  sendsOn
  cancellable
  reason
  rejected
  retryCount
  withdrawalReference
  createdAt
  updatedAt
  approvalsRequired
  approvals {
    operator
    operatorEmail
    operatorInfo {
      id
      kind
      displayName
      email
      credentialHint
    }
    at
  }
}`) as unknown as TypedDocumentString<ApproveWithdrawalMutation, ApproveWithdrawalMutationVariables>;
export const RejectWithdrawalDocument = new TypedDocumentString(`
    mutation RejectWithdrawal($id: ID!, $reason: String!) {
  rejectWithdrawal(id: $id, reason: $reason) {
    ...WithdrawalRow
  }
}
    fragment WithdrawalRow on Withdrawal {
  id
  companyId
  amount
  status
  pixKey
  pixKeyType
  bankAccount {
    ispb
    branch
    account
    accountType
    holderName
    holderDocument
  }
  recipientDocument
  recipientName
  recipient {
    name
    document
    institution
  }
  recipientWarnings
  queuePosition
  scheduledFor
  sendsOn
  cancellable
  reason
  rejected
  retryCount
  withdrawalReference
  createdAt
  updatedAt
  approvalsRequired
  approvals {
    operator
    operatorEmail
    operatorInfo {
      id
      kind
      displayName
      email
      credentialHint
    }
    at
  }
}`) as unknown as TypedDocumentString<RejectWithdrawalMutation, RejectWithdrawalMutationVariables>;
export const CancelScheduledWithdrawalDocument = new TypedDocumentString(`
    mutation CancelScheduledWithdrawal($id: ID!, $reason: String!) {
  cancelWithdrawal(id: $id, reason: $reason) {
    ...WithdrawalRow
  }
}
    fragment WithdrawalRow on Withdrawal {
  id
  companyId
  amount
  status
  pixKey
  pixKeyType
  bankAccount {
    ispb
    branch
    account
    accountType
    holderName
    holderDocument
  }
  recipientDocument
  recipientName
  recipient {
    name
    document
    institution
  }
  recipientWarnings
  queuePosition
  scheduledFor
  sendsOn
  cancellable
  reason
  rejected
  retryCount
  withdrawalReference
  createdAt
  updatedAt
  approvalsRequired
  approvals {
    operator
    operatorEmail
    operatorInfo {
      id
      kind
      displayName
      email
      credentialHint
    }
    at
  }
}`) as unknown as TypedDocumentString<CancelScheduledWithdrawalMutation, CancelScheduledWithdrawalMutationVariables>;
export const WithdrawalDetailDocument = new TypedDocumentString(`
    query WithdrawalDetail($id: ID!) {
  withdrawal(id: $id) {
    ...WithdrawalRow
    idempotencyKey
    e2eId
    paidAt
  }
  withdrawalHistory(id: $id) {
    id
    fromStatus
    toStatus
    actor
    actorInfo {
      id
      kind
      displayName
      email
      credentialHint
    }
    reason
    createdAt
  }
}
    fragment WithdrawalRow on Withdrawal {
  id
  companyId
  amount
  status
  pixKey
  pixKeyType
  bankAccount {
    ispb
    branch
    account
    accountType
    holderName
    holderDocument
  }
  recipientDocument
  recipientName
  recipient {
    name
    document
    institution
  }
  recipientWarnings
  queuePosition
  scheduledFor
  sendsOn
  cancellable
  reason
  rejected
  retryCount
  withdrawalReference
  createdAt
  updatedAt
  approvalsRequired
  approvals {
    operator
    operatorEmail
    operatorInfo {
      id
      kind
      displayName
      email
      credentialHint
    }
    at
  }
}`) as unknown as TypedDocumentString<WithdrawalDetailQuery, WithdrawalDetailQueryVariables>;
export const ExportWithdrawalsDocument = new TypedDocumentString(`
    query ExportWithdrawals($first: Int, $after: String, $status: WithdrawalStatus, $companyId: ID, $order: ListOrder) {
  withdrawals(
    first: $first
    after: $after
    status: $status
    companyId: $companyId
    order: $order
  ) {
    data {
      id
      withdrawalReference
      companyId
      amount
      status
      pixKey
      pixKeyType
      reason
      e2eId
      createdAt
      updatedAt
      scheduledFor
      sendsOn
      recipient {
        name
        document
        institution
      }
      bankAccount {
        ispb
        branch
        account
        accountType
        holderName
        holderDocument
      }
    }
    pageInfo {
      endCursor
      hasNextPage
    }
  }
}
    `) as unknown as TypedDocumentString<ExportWithdrawalsQuery, ExportWithdrawalsQueryVariables>;
export const ExportStatementDocument = new TypedDocumentString(`
    query ExportStatement($first: Int, $after: String, $from: DateTimeISO, $to: DateTimeISO) {
  ledgerEntries(first: $first, after: $after, from: $from, to: $to) {
    data {
      id
      kind
      amount
      balanceAfter
      memo
      chargeId
      withdrawalId
      adjustmentId
      refundId
      createdAt
    }
    pageInfo {
      endCursor
      hasNextPage
    }
  }
}
    `) as unknown as TypedDocumentString<ExportStatementQuery, ExportStatementQueryVariables>;