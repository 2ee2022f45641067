/**
 * Points where the process-level tests make the BFF die, to prove that a payment interrupted there is
 * finished or voided after a restart (decision record 0023). A point is honoured only when NODE_ENV is
 * `test` AND BFF_FAULT_INJECTION names it: `npm start` runs with NODE_ENV=production (server/main.ts sets
 * it when unset), so no production process can be made to crash by the variable alone.
 */
export type FaultPoint = 'after-authorization';

export function faultPoint(point: FaultPoint): void {
  if (process.env.NODE_ENV !== 'test' || process.env.BFF_FAULT_INJECTION !== point) return;
  // SIGKILL: no handler runs, nothing is flushed or closed, as when the machine loses power.
  process.kill(process.pid, 'SIGKILL');
}
