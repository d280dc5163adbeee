import { ArgsType, type ClassType, Field, Int, ObjectType, registerEnumType } from "type-graphql";
import { ListOrder } from "../core/pagination";

registerEnumType(ListOrder, {
  name: "ListOrder",
  description: "Order of a list by creation time (then id).",
  valuesConfig: {
    NEWEST_FIRST: { description: "Newest first (the default)." },
    OLDEST_FIRST: { description: "Oldest first: queue order." },
  },
});

@ObjectType({ description: "Where a page ends, for cursor paging (first/after)." })
export class PageInfo {
  @Field(() => String, { nullable: true, description: "Pass as `after` to read the next page; null on an empty page." })
  endCursor!: string | null;

  @Field(() => Boolean)
  hasNextPage!: boolean;
}

/**
 * A page of a list: { data, total, limit, offset } as the REST lists answer, plus
 * totalCapped and pageInfo. Page by offset (limit/offset, offset at most 10,000) or by
 * cursor (first/after, any depth); not both.
 */
export function PageOf<T extends object>(itemType: ClassType<T>) {
  @ObjectType()
  abstract class PageClass {
    @Field(() => [itemType])
    data!: T[];

    @Field(() => Int, { description: "Exact, unless totalCapped: then at least 10,000 rows match." })
    total!: number;

    @Field(() => Boolean, { description: 'True when total stopped counting at 10,000 (show "10,000+").' })
    totalCapped!: boolean;

    @Field(() => Int, { description: "The page size (limit or first)." })
    limit!: number;

    @Field(() => Int, { description: "Rows skipped (limit/offset paging); 0 with cursors." })
    offset!: number;

    @Field(() => PageInfo)
    pageInfo!: PageInfo;
  }
  return PageClass;
}

/**
 * The paging arguments of every list: limit/offset, or first/after. Resolvers copy them
 * into a list's filter field by field, not with `...paging`: V8 built that spread with more
 * fields after it by a slow path, about 1.5 kB per list request that outlived the young
 * generation, and under load the old one then needed a full collection every few seconds.
 */
@ArgsType()
export class PagingArgs {
  @Field(() => Int, { nullable: true, description: "Page size by offset, 1 to 100; default 20." })
  limit?: number | null;

  @Field(() => Int, { nullable: true, description: "Rows to skip, 0 to 10000; not with after." })
  offset?: number | null;

  @Field(() => Int, { nullable: true, description: "Page size by cursor, 1 to 100; not with limit." })
  first?: number | null;

  @Field(() => String, { nullable: true, description: "A pageInfo.endCursor of this list: the page after it." })
  after?: string | null;
}
