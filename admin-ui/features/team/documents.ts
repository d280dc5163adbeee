import { graphql } from "@/gql";

export const TeamDocument = graphql(`
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
`);

export const InviteTeamMemberDocument = graphql(`
  mutation InviteTeamMember($email: String!, $name: String, $role: MerchantRole!) {
    inviteCompanyUser(email: $email, name: $name, role: $role) {
      inviteUrl
      user {
        id
        email
      }
    }
  }
`);

export const RemoveTeamMemberDocument = graphql(`
  mutation RemoveTeamMember($id: ID!) {
    removeCompanyUser(id: $id) {
      id
      disabled
    }
  }
`);
