/**
 * Output of the bench: lines that stay (results) and, on a terminal, one status line that
 * is redrawn in place (progress). Off a terminal (CI, a log file) the status line is not
 * drawn; callers print a line at milestones instead.
 */
const interactive = Boolean(process.stdout.isTTY);
let statusShown = false;

export function isInteractive(): boolean {
  return interactive;
}

export function log(line = ""): void {
  clearStatus();
  process.stdout.write(`${line}\n`);
}

export function status(line: string): void {
  if (!interactive) return;
  process.stdout.write(`\r\x1b[2K${line}`);
  statusShown = true;
}

export function clearStatus(): void {
  if (!statusShown) return;
  process.stdout.write("\r\x1b[2K");
  statusShown = false;
}

export function bar(fraction: number, width = 30): string {
  const filled = Math.round(Math.min(1, Math.max(0, fraction)) * width);
  return `[${"#".repeat(filled)}${".".repeat(width - filled)}]`;
}

export function duration(seconds: number): string {
  if (!Number.isFinite(seconds)) return "--:--";
  const whole = Math.max(0, Math.round(seconds));
  const minutes = Math.floor(whole / 60);
  return `${minutes}:${String(whole % 60).padStart(2, "0")}`;
}

export function count(value: number): string {
  return Math.round(value).toLocaleString("en-US");
}
