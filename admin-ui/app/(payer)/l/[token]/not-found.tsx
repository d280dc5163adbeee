import { PayerProblem } from "@/features/payer-page/payer-problem";

/** An unknown link: a 404 page that says only that there is no such page. */
export default function PaymentLinkNotFound() {
  return <PayerProblem kind="notFound" />;
}
