import type { ApolloServerPlugin } from "@apollo/server";
import {
  type ASTNode,
  type FragmentDefinitionNode,
  GraphQLError,
  type GraphQLSchema,
  Kind,
  type SelectionSetNode,
  type ValidationRule,
} from "graphql";
import { type ComplexityEstimator, getComplexity, simpleEstimator } from "graphql-query-complexity";

/** Deep enough for every operation of the schema, shallow enough to refuse abuse. */
export const MAX_QUERY_DEPTH = 8;
/** Roughly the number of objects a query may resolve (lists count `limit` times). */
export const MAX_QUERY_COMPLEXITY = 5000;

function selectionDepth(
  selectionSet: SelectionSetNode | undefined,
  fragments: Record<string, FragmentDefinitionNode>,
  seen: Set<string>,
): number {
  if (!selectionSet) return 0;
  let deepest = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      const below = selection.selectionSet ? 1 + selectionDepth(selection.selectionSet, fragments, seen) : 1;
      deepest = Math.max(deepest, below);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      deepest = Math.max(deepest, selectionDepth(selection.selectionSet, fragments, seen));
    } else if (!seen.has(selection.name.value)) {
      const fragment = fragments[selection.name.value];
      const next = new Set(seen).add(selection.name.value);
      deepest = Math.max(deepest, selectionDepth(fragment?.selectionSet, fragments, next));
    }
  }
  return deepest;
}

/** Refuses operations nested deeper than `maxDepth` fields. */
export function depthLimitRule(maxDepth: number): ValidationRule {
  return (context) => {
    const fragments: Record<string, FragmentDefinitionNode> = {};
    for (const definition of context.getDocument().definitions) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments[definition.name.value] = definition;
    }
    return {
      OperationDefinition(node: ASTNode) {
        if (node.kind !== Kind.OPERATION_DEFINITION) return;
        const depth = selectionDepth(node.selectionSet, fragments, new Set());
        if (depth > maxDepth) {
          context.reportError(
            new GraphQLError(`Query depth ${depth} exceeds the maximum of ${maxDepth}`, {
              nodes: [node],
              extensions: { code: "VALIDATION_ERROR" },
            }),
          );
        }
      },
    };
  };
}

/** Lists that take a `limit` cost their children that many times. */
const pagedListEstimator: ComplexityEstimator = ({ args, childComplexity }) =>
  typeof args.limit === "number" ? 1 + childComplexity * args.limit : undefined;

/** Refuses an operation whose estimated cost exceeds the maximum, before it runs. */
export function complexityLimitPlugin(schema: GraphQLSchema, maximum: number): ApolloServerPlugin {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ request, document }) {
          const complexity = getComplexity({
            schema,
            query: document,
            operationName: request.operationName,
            variables: request.variables,
            estimators: [pagedListEstimator, simpleEstimator({ defaultComplexity: 1 })],
          });
          if (complexity > maximum) {
            throw new GraphQLError(`Query cost ${complexity} exceeds the maximum of ${maximum}`, {
              extensions: { code: "VALIDATION_ERROR", http: { status: 400 } },
            });
          }
        },
      };
    },
  };
}
