import { graphql } from "@/gql";

export const ViewerDocument = graphql(`
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
`);

export const SignInDocument = graphql(`
  mutation SignIn($email: String!, $password: String!) {
    signIn(email: $email, password: $password) {
      id
      kind
      role
      locale
      signInStep
    }
  }
`);

export const SignOutDocument = graphql(`
  mutation SignOut {
    signOut
  }
`);

export const AcceptInviteDocument = graphql(`
  mutation AcceptInvite($token: String!, $password: String!, $name: String) {
    acceptInvite(token: $token, password: $password, name: $name) {
      id
      kind
      role
      locale
      signInStep
    }
  }
`);

export const SetConsoleLocaleDocument = graphql(`
  mutation SetConsoleLocale($locale: ConsoleLocale!) {
    setConsoleLocale(locale: $locale) {
      id
      locale
    }
  }
`);

export const InvitePreviewDocument = graphql(`
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
`);
