import { graphql } from "@/gql";

export const MySessionsDocument = graphql(`
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
`);

export const RevokeSessionDocument = graphql(`
  mutation RevokeSession($id: ID!) {
    revokeSession(id: $id)
  }
`);

export const RevokeOtherSessionsDocument = graphql(`
  mutation RevokeOtherSessions {
    revokeOtherSessions
  }
`);
