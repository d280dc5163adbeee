import { redirect } from "next/navigation";
import { getViewer } from "@/lib/auth/session";
import { homeOf } from "@/lib/auth/viewer";

/** `/`: the signed-in user's home, else the sign-in page. */
export default async function RootPage() {
  const viewer = await getViewer();
  redirect(viewer ? homeOf(viewer) : "/login");
}
