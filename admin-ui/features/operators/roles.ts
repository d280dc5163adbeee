export const ROLE_DESCRIPTIONS: Record<string, string> = {
  ADMIN: "Everything, including managing operators.",
  OPERATOR: "Approve, reject, adjust, reserve and redeliver.",
  VIEWER: "Reads everything, changes nothing.",
};
