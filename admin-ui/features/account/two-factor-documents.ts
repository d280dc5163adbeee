import { graphql } from "@/gql";

export const TwoFactorStatusDocument = graphql(`
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
`);

export const CompleteSignInDocument = graphql(`
  mutation CompleteSignIn($code: String!, $trustBrowser: Boolean) {
    completeSignIn(code: $code, trustBrowser: $trustBrowser) {
      id
      kind
      role
      locale
    }
  }
`);

export const StartTwoFactorEnrolmentDocument = graphql(`
  mutation StartTwoFactorEnrolment {
    startTwoFactorEnrolment {
      secret
      otpauthUri
    }
  }
`);

export const ConfirmTwoFactorEnrolmentDocument = graphql(`
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
`);

export const VerifyStepUpDocument = graphql(`
  mutation VerifyStepUp($code: String!) {
    verifyStepUp(code: $code)
  }
`);

export const RegenerateRecoveryCodesDocument = graphql(`
  mutation RegenerateRecoveryCodes($code: String!) {
    regenerateRecoveryCodes(code: $code)
  }
`);

export const DisableTwoFactorDocument = graphql(`
  mutation DisableTwoFactor($code: String!) {
    disableTwoFactor(code: $code)
  }
`);

export const ForgetTrustedBrowsersDocument = graphql(`
  mutation ForgetTrustedBrowsers {
    forgetTrustedBrowsers
  }
`);

export const ResetTwoFactorDocument = graphql(`
  mutation ResetTwoFactor($userId: ID!) {
    resetTwoFactor(userId: $userId)
  }
`);

export const CompanyTwoFactorRequiredDocument = graphql(`
  query CompanyTwoFactorRequired {
    companyTwoFactorRequired
  }
`);

export const SetCompanyTwoFactorRequiredDocument = graphql(`
  mutation SetCompanyTwoFactorRequired($required: Boolean!) {
    setCompanyTwoFactorRequired(required: $required)
  }
`);
