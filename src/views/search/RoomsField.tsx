import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { DisclosurePanel } from '../shell/DisclosurePanel';
import { SEARCH_LIMITS } from '../../contract/search';
import { CHILD_AGE_UNSET } from '../../machines/search/search.types';
import type { RoomEntry } from '../../machines/search/search.types';
import { SearchActorContext } from './search-context';

/** Children are counted from 1 for people. */
const childNumber = (index: number) => index + 1;

const CHILD_AGES = Array.from({ length: SEARCH_LIMITS.maxChildAge + 1 }, (_, age) => age);

/** Rooms and guests: adults and children with their ages, per room, up to nine rooms. */
export function RoomsField() {
  const { t } = useLingui();
  const rooms = SearchActorContext.useSelector((snapshot) => snapshot.context.rooms);
  const guests = rooms.reduce((sum, room) => sum + room.adults + room.children.length, 0);
  const roomCount = rooms.length;
  return (
    <div className="field field--rooms">
      {/* For the eye: the button says the same in its own name. */}
      <span className="field__label" aria-hidden="true">
        {t`Rooms and guests`}
      </span>
      <DisclosurePanel
        label={t`Rooms and guests`}
        buttonClassName="field__button"
        panelClassName="popover dialog"
        panelLabel={t`Rooms and guests`}
        summary={
          <span id="rooms-value">
            {plural(roomCount, { one: '# room', other: '# rooms' })}, {plural(guests, { one: '# guest', other: '# guests' })}
          </span>
        }
      >
        {(close) => <RoomsEditor onDone={close} />}
      </DisclosurePanel>
    </div>
  );
}

function RoomsEditor({ onDone }: { onDone: () => void }) {
  const { t } = useLingui();
  const actor = SearchActorContext.useActorRef();
  const rooms = SearchActorContext.useSelector((snapshot) => snapshot.context.rooms);
  const limitReached = SearchActorContext.useSelector((snapshot) => snapshot.context.roomLimitReached);
  const agesMissing = SearchActorContext.useSelector((snapshot) => snapshot.context.errors.includes('rooms.childAgeMissing'));
  const maxRooms = SEARCH_LIMITS.maxRooms;
  return (
    <div className="rooms-editor">
      <ol className="rooms-editor__rooms">
        {rooms.map((room, index) => (
          <RoomEditor key={room.uuid} room={room} number={index + 1} canRemove={rooms.length > 1} />
        ))}
      </ol>
      <p className="rooms-editor__actions">
        <button type="button" className="button" onClick={() => actor.send({ type: 'room.add' })} disabled={rooms.length >= maxRooms}>
          {t`Add a room`}
        </button>
        <button type="button" className="button button--primary" onClick={onDone}>
          {t`Done`}
        </button>
      </p>
      {agesMissing ? (
        <p className="field__error" role="alert">
          {t`Choose the age of every child: prices and room sizes depend on it.`}
        </p>
      ) : null}
      {limitReached ? (
        <p className="field__error" role="status">
          {t`You can book up to ${maxRooms} rooms at once. For more, please contact our group sales team.`}
        </p>
      ) : null}
    </div>
  );
}

function RoomEditor({ room, number, canRemove }: { room: RoomEntry; number: number; canRemove: boolean }) {
  const { t } = useLingui();
  const actor = SearchActorContext.useActorRef();
  const headingId = useId();
  const adults = room.adults;
  const childCount = room.children.length;
  return (
    <li className="room-editor" aria-labelledby={headingId}>
      <h3 id={headingId} className="room-editor__title">
        {t`Room ${number}`}
      </h3>
      <div className="stepper" role="group" aria-label={t`Adults in room ${number}`}>
        <span className="stepper__label">{t`Adults`}</span>
        <button
          type="button"
          className="stepper__button"
          aria-label={t`Fewer adults in room ${number}`}
          disabled={adults <= 1}
          onClick={() => actor.send({ type: 'room.adults.changed', uuid: room.uuid, adults: adults - 1 })}
        >
          −
        </button>
        <output className="stepper__value" aria-live="polite">
          {adults}
        </output>
        <button
          type="button"
          className="stepper__button"
          aria-label={t`More adults in room ${number}`}
          disabled={adults >= SEARCH_LIMITS.maxAdultsPerRoom}
          onClick={() => actor.send({ type: 'room.adults.changed', uuid: room.uuid, adults: adults + 1 })}
        >
          +
        </button>
      </div>
      <ul className="room-editor__children">
        {room.children.map((age, index) => (
          <li key={index} className="child-age">
            <label>
              <span>{t`Age of child ${childNumber(index)}`}</span>
              <select
                value={age}
                onChange={(event) => actor.send({ type: 'room.child.age.changed', uuid: room.uuid, index, age: Number(event.target.value) })}
              >
                <option value={CHILD_AGE_UNSET} disabled>
                  {t`Choose an age`}
                </option>
                {CHILD_AGES.map((value) => (
                  <option key={value} value={value}>
                    {value === 0 ? t`Under 1` : value}
                  </option>
                ))}
              </select>
            </label>
            <button type="button" className="link-button" onClick={() => actor.send({ type: 'room.child.remove', uuid: room.uuid, index })}>
              {t`Remove child ${childNumber(index)}`}
            </button>
          </li>
        ))}
      </ul>
      <p className="room-editor__actions">
        <button
          type="button"
          className="link-button"
          disabled={childCount >= SEARCH_LIMITS.maxChildrenPerRoom}
          onClick={() => actor.send({ type: 'room.child.add', uuid: room.uuid })}
        >
          {t`Add a child to room ${number}`}
        </button>
        {canRemove ? (
          <button type="button" className="link-button" onClick={() => actor.send({ type: 'room.remove', uuid: room.uuid })}>
            {t`Remove room ${number}`}
          </button>
        ) : null}
      </p>
    </li>
  );
}
