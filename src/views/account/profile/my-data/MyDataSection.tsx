import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { DATA_EXPORTS_PER_HOUR } from '../../../../contract/account-security';
import { dataExportFailureOf, useDataExport } from '../../../../services/account/account-queries';
import type { DataExportFailure } from '../../../../services/account/account-queries';
import { useAuthAccess } from '../../../shell/session-context';
import { saveFile } from './save-file';
import './my-data.css';

/**
 * "Download my data": everything the site keeps about the member as one JSON file, fetched with the
 * member's token when the button is pressed and saved as `h-rewards-data-<date>.json`.
 */
export function MyDataSection() {
  const { t } = useLingui();
  const access = useAuthAccess();
  const download = useDataExport(access);
  const [saved, setSaved] = useState<string | null>(null);
  const failure: DataExportFailure | null = download.isError ? dataExportFailureOf(download.error) : null;
  const perHour = DATA_EXPORTS_PER_HOUR;

  const start = () => {
    if (download.isPending) return;
    setSaved(null);
    download.mutate(undefined, {
      onSuccess: (file) => {
        saveFile(file);
        setSaved(file.fileName);
      },
    });
  };

  return (
    <section className="profile-section profile-my-data" aria-labelledby="profile-my-data">
      <h2 id="profile-my-data">{t`My data`}</h2>
      <p>{t`Download everything we keep about you: your profile, preferences, bookings, points and vouchers, as one JSON file.`}</p>
      <p>
        {/* aria-disabled, not disabled: the pressed button keeps the focus; a second press waits for the first. */}
        <button type="button" className="button" aria-disabled={download.isPending} aria-busy={download.isPending} onClick={start}>
          {download.isPending ? t`Preparing your data…` : t`Download my data`}
        </button>
      </p>
      <p role="status">{saved ? t`Your data was saved as ${saved}.` : null}</p>
      {failure ? (
        <p role="alert" className="profile-my-data__failure">
          {failure === 'tooMany'
            ? t`You can download your data ${perHour} times an hour. Please try again later.`
            : t`Your data could not be prepared: our service did not answer. Please try again.`}
        </p>
      ) : null}
    </section>
  );
}
