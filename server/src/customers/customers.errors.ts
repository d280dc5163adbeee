import { AppError, notFound } from "../core/errors";

export const customerNotFound = () => notFound("Customer");
export const customerExists = (id: string) =>
  new AppError("CUSTOMER_EXISTS", `The account already has a customer with this document (${id})`);
