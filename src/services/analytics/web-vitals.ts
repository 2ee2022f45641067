/**
 * Web vitals (spec section 7): LCP, CLS and INP, reported only when rated good. The measuring library is
 * loaded on demand so that pages do not wait for it.
 */
export interface VitalMeasurement {
  name: string;
  value: number;
  rating: string;
}

export const REPORTED_VITALS = ['LCP', 'CLS', 'INP'] as const;
export type ReportedVital = (typeof REPORTED_VITALS)[number];

/** The measurement to report, or null when it is not one of ours or not rated good. */
export function goodVital(metric: VitalMeasurement): { name: ReportedVital; value: number } | null {
  if (metric.rating !== 'good') return null;
  const name = REPORTED_VITALS.find((vital) => vital === metric.name);
  return name && Number.isFinite(metric.value) && metric.value >= 0 ? { name, value: metric.value } : null;
}

/** Starts measuring; `report` receives each good measurement. Failures to load are the caller's to handle. */
export async function observeGoodVitals(report: (vital: { name: ReportedVital; value: number }) => void): Promise<void> {
  const { onCLS, onINP, onLCP } = await import('web-vitals');
  const forward = (metric: VitalMeasurement) => {
    const vital = goodVital(metric);
    if (vital) report(vital);
  };
  onLCP(forward);
  onCLS(forward);
  onINP(forward);
}
