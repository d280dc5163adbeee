import { graphql } from "@/gql";

export const AuditLogDocument = graphql(`
  query AuditLog($first: Int, $after: String, $objectType: String, $objectId: ID) {
    auditLog(first: $first, after: $after, objectType: $objectType, objectId: $objectId) {
      data {
        id
        at
        actor
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
      }
      pageInfo {
        endCursor
        hasNextPage
      }
    }
  }
`);
