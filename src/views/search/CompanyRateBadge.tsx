import { Trans } from '@lingui/react/macro';

/**
 * "Your company rate: <Company>": marks the signed-in member's company rate on the hotel's rates
 * (decision record 0059) and a results card whose price is that rate (0061).
 */
export function CompanyRateBadge({ company }: { company: { name: string } }) {
  return (
    <span className="badge badge--company">
      <Trans>
        Your company rate: <bdi>{company.name}</bdi>
      </Trans>
    </span>
  );
}
