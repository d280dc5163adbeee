import { graphql } from "@/gql";

// Fragment CustomerRow, spread by name (...CustomerRow); graphql-codegen reads it here.
graphql(`
  fragment CustomerRow on Customer {
    id
    name
    document
    email
    phone
    createdAt
  }
`);

export const CustomersDocument = graphql(`
  query Customers($document: String, $limit: Int, $offset: Int) {
    customers(document: $document, limit: $limit, offset: $offset) {
      total
      totalCapped
      data {
        ...CustomerRow
      }
    }
  }
`);

export const CustomerDetailDocument = graphql(`
  query CustomerDetail($id: ID!, $limit: Int, $offset: Int) {
    customer(id: $id) {
      ...CustomerRow
    }
    charges(customerId: $id, limit: $limit, offset: $offset) {
      total
      totalCapped
      data {
        ...MerchantChargeRow
      }
    }
  }
`);

export const CreateCustomerDocument = graphql(`
  mutation CreateCustomer($input: CreateCustomerInput!) {
    createCustomer(input: $input) {
      ...CustomerRow
    }
  }
`);
