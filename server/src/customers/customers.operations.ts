import { ArgsType, Field, ID, InputType, ObjectType } from "type-graphql";
import { companyScope, requireCompanyScope } from "../auth/model";
import { PageOf, PagingArgs } from "../graphql/page";
import { declareOperations } from "../operation";
import { Customer } from "./customer.entity";
import type { CustomersService } from "./customers.service";

interface CustomerServices {
  customers: CustomersService;
}

const { operation } = declareOperations<CustomerServices>();

@InputType({ description: "`cpf` or `cnpj`, exactly one." })
class CreateCustomerInput {
  @Field(() => String, { description: "1 to 140 characters." })
  name!: string;

  @Field(() => String, { nullable: true, description: "11 digits, plain or ddd.ddd.ddd-dd." })
  cpf?: string | null;

  @Field(() => String, { nullable: true, description: "14 characters, plain or dd.ddd.ddd/dddd-dd." })
  cnpj?: string | null;

  @Field(() => String, { nullable: true, description: "At most 77 characters." })
  email?: string | null;

  @Field(() => String, {
    nullable: true,
    description: "+55, the area code and 8 or 9 digits (or those 10 or 11 digits).",
  })
  phone?: string | null;
}

@ObjectType()
class CustomerPage extends PageOf(Customer) {}

@ArgsType()
class CreateCustomerArgs {
  @Field(() => CreateCustomerInput)
  input!: CreateCustomerInput;

  @Field(() => ID, { nullable: true, description: "Operator only." })
  companyId?: string;
}

@ArgsType()
class CustomerIdArgs {
  @Field(() => ID)
  id!: string;
}

@ArgsType()
class CustomerListArgs extends PagingArgs {
  @Field(() => String, { nullable: true, description: "A CPF or CNPJ, punctuated or not: its customer." })
  document?: string;

  @Field(() => ID, { nullable: true, description: "Operator only: one account." })
  companyId?: string;
}

const CUSTOMER_REST_FIELDS = ["id", "name", "document", "email", "phone", "createdAt"] as const;

export const customerOperations = [
  operation({
    name: "createCustomer",
    kind: "mutation",
    description: "One of the account's payers: one per document in an account (409 CUSTOMER_EXISTS).",
    access: ["MERCHANT", "OPERATOR"],
    args: CreateCustomerArgs,
    output: () => Customer,
    rest: {
      method: "POST",
      path: "/customers",
      status: 201,
      answer: CUSTOMER_REST_FIELDS,
      errors: ["VALIDATION_ERROR", "CUSTOMER_EXISTS"],
      summary: "Creates one of the account's payers (a name and a CPF or CNPJ; e-mail and phone optional).",
      tag: "Customers",
    },
    run: ({ input, companyId }, ctx, { customers }) =>
      customers.createCustomer(requireCompanyScope(ctx.principal, companyId), input, ctx.audit),
  }),

  operation({
    name: "customer",
    kind: "query",
    access: "caller",
    args: CustomerIdArgs,
    output: () => Customer,
    rest: {
      method: "GET",
      path: "/customers/:id",
      answer: CUSTOMER_REST_FIELDS,
      errors: ["NOT_FOUND"],
      summary: "A customer of the account.",
      tag: "Customers",
    },
    run: ({ id }, ctx, { customers }) => customers.getCustomer(companyScope(ctx.principal), id),
  }),

  operation({
    name: "customers",
    kind: "query",
    description: "Newest first; document finds one.",
    access: "caller",
    args: CustomerListArgs,
    output: () => CustomerPage,
    rest: {
      method: "GET",
      path: "/customers",
      answer: [{ data: CUSTOMER_REST_FIELDS }, "total", "limit", "offset"],
      args: ["document", "limit", "offset"],
      errors: ["VALIDATION_ERROR"],
      summary: "The account's customers, newest first (limit 1..100, default 20; offset from 0); document finds one.",
      tag: "Customers",
    },
    run: (args, ctx, { customers }) =>
      customers.listCustomers(
        companyScope(ctx.principal, args.companyId),
        { limit: args.limit, offset: args.offset, first: args.first, after: args.after, document: args.document },
        ctx.signal,
      ),
  }),
];
