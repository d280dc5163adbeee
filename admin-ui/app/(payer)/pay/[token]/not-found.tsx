import { PayerProblem } from "@/features/payer-page/payer-problem";

/** An unknown token: a 404 page that says only that there is no such payment page. */
export default function PayerPageNotFound() {
  return <PayerProblem kind="notFound" />;
}
