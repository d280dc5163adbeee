import { graphql } from "@/gql";

// Fragment OperatorRow, spread by name (...OperatorRow) in the queries; graphql-codegen reads it here.
graphql(`
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
`);

export const OperatorsDocument = graphql(`
  query Operators {
    operators {
      ...OperatorRow
    }
  }
`);

export const InviteOperatorDocument = graphql(`
  mutation InviteOperator($email: String!, $name: String, $role: OperatorRole!) {
    inviteOperator(email: $email, name: $name, role: $role) {
      inviteUrl
      user {
        ...OperatorRow
      }
    }
  }
`);

export const UpdateOperatorDocument = graphql(`
  mutation UpdateOperator($id: ID!, $role: OperatorRole, $disabled: Boolean) {
    updateOperator(id: $id, role: $role, disabled: $disabled) {
      ...OperatorRow
    }
  }
`);
