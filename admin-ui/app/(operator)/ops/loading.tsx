import { PageSkeleton } from "@/components/states";

export default function Loading() {
  return <PageSkeleton />;
}
