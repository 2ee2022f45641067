import { useLingui } from '@lingui/react/macro';
import type { Locale } from '../../../../contract/locales';
import { selectIsLeaving } from '../../../../machines/cancel-membership/cancel-membership.selectors';
import { useMemberAreaTracking } from '../../../../services/analytics/queries';
import { CancelMembershipActorContext } from './cancel-membership-context';
import { CancelMembershipProvider } from './CancelMembershipProvider';
import { LeaveDialog } from './LeaveDialog';
import './leave.css';

/**
 * Leaving the programme (spec section 2, cancel membership): what leaving means in general, and the
 * button that starts it. The steps (what it means for this member, the code from the mail, the goodbye)
 * are the dialog's.
 */
export function LeaveProgrammeSection({ locale }: { locale: Locale }) {
  return (
    <CancelMembershipProvider locale={locale}>
      <LeaveProgramme locale={locale} />
    </CancelMembershipProvider>
  );
}

function LeaveProgramme({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  const leave = CancelMembershipActorContext.useActorRef();
  const busy = CancelMembershipActorContext.useSelector(selectIsLeaving);
  const tracking = useMemberAreaTracking('cancel membership');
  return (
    <section className="profile-section profile-leave" aria-labelledby="profile-leave">
      <h2 id="profile-leave">{t`Leave H Rewards`}</h2>
      <p>{t`Ending your membership cannot be undone: your points and vouchers are lost and your personal data is erased. Bookings you have made stay valid.`}</p>
      <p>
        <button type="button" className="button profile-leave__start" disabled={busy} onClick={() => leave.send({ type: 'leave.start' })} {...tracking}>
          {t`End my membership…`}
        </button>
      </p>
      <LeaveDialog locale={locale} />
    </section>
  );
}
