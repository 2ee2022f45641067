import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { demoMailboxQuery } from '../../../../services/account/queries';

/** In the demo, where mailed codes can be read: its mailbox page, in a new tab (as the sign-in dialog links it). */
export function DemoMailboxLink() {
  const { t } = useLingui();
  const mailbox = useQuery(demoMailboxQuery()).data;
  if (!mailbox) return null;
  return (
    <p className="code-entry__demo">
      {t`This is a demo: codes are not mailed.`}{' '}
      <a href={mailbox} target="_blank" rel="noopener">
        {t`Open the demo mailbox`}
        {' '}<span className="visually-hidden">{t`(opens in a new tab)`}</span>
      </a>
    </p>
  );
}
