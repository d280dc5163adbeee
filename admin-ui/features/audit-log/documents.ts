import { graphql } from "@/gql";

export const AuditLogDocument = graphql(`
  query AuditLog(
    $first: Int
    $after: String
    $objectType: String
    $objectId: ID
    $actor: String
    $action: String
    $from: DateTimeISO
    $to: DateTimeISO
  ) {
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
`);
