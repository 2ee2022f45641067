import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { MemberProfile } from '../../../../contract/auth';
import type { Locale } from '../../../../contract/locales';
import { useMemberAreaTracking } from '../../../../services/analytics/queries';
import { useFlag } from '../../../shell/flags-context';
import { formatCalendarDate } from '../../../ui/format/dates';
import { LOCALE_NATIVE_NAMES } from '../../../ui/format/locale-names';
import { EmailChangeDialog } from './EmailChangeDialog';
import { LanguageEditor, PhoneEditor } from './InlineEditors';
import { BirthdayChangeActorContext, EmailChangeActorContext, NameChangeActorContext } from './profile-change-context';
import { ProfileChangeDialog } from './ProfileChangeDialog';

/**
 * The member's personal data (spec section 2, member profile): salutation, name, email, birthday, phone,
 * language and membership number. Email (behind `show-change-email-button`), name (behind
 * `show-change-name-button`) and birthday change with a mailed code, each in its dialog; phone and
 * language change in place.
 */
export function PersonalDetails({ profile, locale, today }: { profile: MemberProfile; locale: Locale; today: string }) {
  const { t } = useLingui();
  const emailChangeOn = useFlag('show-change-email-button');
  const nameChangeOn = useFlag('show-change-name-button');
  const salutations = { mr: t`Mr`, ms: t`Ms`, mx: t`Mx` } as const;
  const notGiven = <span className="profile-personal__empty">{t`Not given`}</span>;
  return (
    <section className="profile-personal" aria-labelledby="profile-personal-title">
      <h2 id="profile-personal-title">{t`Personal data`}</h2>
      <dl className="profile-personal__list">
        <Row label={t`Salutation`}>{profile.salutation ? salutations[profile.salutation] : notGiven}</Row>
        <Row label={t`Name`} action={nameChangeOn ? <NameChangeButton /> : null}>
          <bdi>{`${profile.firstName} ${profile.lastName}`}</bdi>
        </Row>
        <Row label={t`Email address`} action={emailChangeOn ? <EmailChangeButton /> : null}>
          <bdi>{profile.email}</bdi>
        </Row>
        <Row label={t`Birthday`} action={<BirthdayChangeButton />}>
          {profile.birthday ? formatCalendarDate(profile.birthday, locale) : notGiven}
        </Row>
        <Row label={t`Phone`}>
          <PhoneEditor profile={profile} />
        </Row>
        <Row label={t`Language of our emails`}>
          <LanguageEditor profile={profile} names={LOCALE_NATIVE_NAMES} />
        </Row>
        <Row label={t`Membership number`}>
          <bdi className="profile-personal__number">{profile.dailypointMasterId}</bdi>
        </Row>
      </dl>
      {emailChangeOn ? <EmailChangeDialog /> : null}
      {nameChangeOn ? <ProfileChangeDialog kind="name" profile={profile} locale={locale} today={today} /> : null}
      <ProfileChangeDialog kind="birthday" profile={profile} locale={locale} today={today} />
    </section>
  );
}

function Row({ label, action = null, children }: { label: string; action?: ReactNode; children: ReactNode }) {
  return (
    <div className="profile-personal__row">
      <dt>{label}</dt>
      <dd>
        <span className="profile-personal__value">{children}</span>
        {action}
      </dd>
    </div>
  );
}

function EmailChangeButton() {
  const { t } = useLingui();
  const actor = EmailChangeActorContext.useActorRef();
  const tracking = useMemberAreaTracking('change of email');
  return (
    <button type="button" className="button profile-personal__change" aria-haspopup="dialog" {...tracking} onClick={() => actor.send({ type: 'change.open' })}>
      {t`Change`}
      {' '}<span className="visually-hidden">{t`email address`}</span>
    </button>
  );
}

function NameChangeButton() {
  const { t } = useLingui();
  const actor = NameChangeActorContext.useActorRef();
  const tracking = useMemberAreaTracking('change of name');
  return (
    <button type="button" className="button profile-personal__change" aria-haspopup="dialog" {...tracking} onClick={() => actor.send({ type: 'change.open' })}>
      {t`Change`}
      {' '}<span className="visually-hidden">{t`name`}</span>
    </button>
  );
}

function BirthdayChangeButton() {
  const { t } = useLingui();
  const actor = BirthdayChangeActorContext.useActorRef();
  const tracking = useMemberAreaTracking('change of birthday');
  return (
    <button type="button" className="button profile-personal__change" aria-haspopup="dialog" {...tracking} onClick={() => actor.send({ type: 'change.open' })}>
      {t`Change`}
      {' '}<span className="visually-hidden">{t`birthday`}</span>
    </button>
  );
}
