import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useState } from 'react';
import { selectLevel, selectProfile } from '../../../machines/session/session.selectors';
import { useFlag } from '../../shell/flags-context';
import { SessionActorContext } from '../../shell/session-context';

const MemberCardDialog = lazy(() => import('./MemberCardDialog'));

/** "Show my member card", where the `member-area-qr` flag is on: the card with its QR code opens in a dialog loaded then. */
export function MemberCardButton() {
  const { t } = useLingui();
  const enabled = useFlag('member-area-qr');
  const profile = SessionActorContext.useSelector(selectProfile);
  const level = SessionActorContext.useSelector(selectLevel);
  const [open, setOpen] = useState(false);
  // Once loaded the dialog stays mounted, so closing it gives the focus back to this button.
  const [loaded, setLoaded] = useState(false);
  if (!enabled || !profile?.dailypointMasterId) return null;
  return (
    <>
      <button type="button" className="button" onClick={() => {
          setLoaded(true);
          setOpen(true);
        }} aria-haspopup="dialog">
        {t`Show my member card`}
      </button>
      {loaded ? (
        <Suspense fallback={<span role="status">{t`Loading your member card…`}</span>}>
          <MemberCardDialog
            open={open}
            number={profile.dailypointMasterId}
            name={`${profile.firstName} ${profile.lastName}`}
            level={level?.name ?? null}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
