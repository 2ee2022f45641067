import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { StayCalendar } from './StayCalendar';
import type { StayRange } from './StayCalendar';

/**
 * The calendar as the site's pages use it: a button with the dates opens it, choosing the departure closes
 * it and gives focus back to the button, as does Escape.
 */
function StayDates({ chosen }: { chosen: StayRange[] }) {
  const [value, setValue] = useState<StayRange>({ start: '2027-03-10', end: '2027-03-12' });
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  return (
    <div
      onKeyDown={(event) => {
        if (event.key === 'Escape') close();
      }}
    >
      <button type="button" ref={button} aria-expanded={open} onClick={() => setOpen(true)}>
        {`${value.start} – ${value.end}`}
      </button>
      {open ? (
        <StayCalendar
          locale="en"
          value={value}
          min="2027-03-01"
          max="2028-03-01"
          onChange={(range) => {
            chosen.push(range);
            setValue(range);
            close();
          }}
        />
      ) : null}
    </div>
  );
}

function renderStayDates() {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
  const chosen: StayRange[] = [];
  render(
    <I18nProvider i18n={i18n}>
      <StayDates chosen={chosen} />
    </I18nProvider>,
  );
  return { chosen, user: userEvent.setup(), button: screen.getByRole('button', { name: '2027-03-10 – 2027-03-12' }) };
}

/** The day that has focus, as its name reads ("Thursday, 11 March 2027"), without what is said around it. */
function focusedDay(): string {
  const name = document.activeElement?.getAttribute('aria-label') ?? '';
  return /(\w+, \d+ \w+ \d{4})(?: selected)?(?:, \w[\w ]*)?$/.exec(name)?.[1] ?? `not a day: "${name}"`;
}

async function openByKeyboard(user: ReturnType<typeof userEvent.setup>) {
  await user.tab();
  await user.keyboard('{Enter}');
  await screen.findByRole('application', { name: /Arrival and departure/ });
}

describe('the stay calendar by keyboard', () => {
  it('takes focus on the arrival when it opens, and arrows move it at once', async () => {
    const { user } = renderStayDates();
    await openByKeyboard(user);
    await waitFor(() => expect(focusedDay()).toBe('Wednesday, 10 March 2027'));
    await user.keyboard('{ArrowRight}');
    expect(focusedDay()).toBe('Thursday, 11 March 2027');
    await user.keyboard('{ArrowDown}');
    expect(focusedDay()).toBe('Thursday, 18 March 2027');
    await user.keyboard('{PageDown}');
    expect(focusedDay()).toBe('Sunday, 18 April 2027');
  });

  it('picks the arrival with Enter, then offers the first possible departure: the next day, for one night', async () => {
    const { user, chosen } = renderStayDates();
    await openByKeyboard(user);
    await user.keyboard('{ArrowRight}{Enter}');
    // The arrival is chosen and kept; focus is on the earliest departure, and a second Enter books one night.
    expect(focusedDay()).toBe('Friday, 12 March 2027');
    expect(document.activeElement?.getAttribute('aria-describedby')).toBeTruthy();
    expect(chosen).toEqual([]);
    await user.keyboard('{Enter}');
    expect(chosen).toEqual([{ start: '2027-03-11', end: '2027-03-12' }]);
  });

  it('closes once the departure is picked and gives focus back to the dates button', async () => {
    const { user, chosen, button } = renderStayDates();
    await openByKeyboard(user);
    await user.keyboard('{ArrowDown}{Enter}{ArrowRight}{Enter}');
    expect(chosen).toEqual([{ start: '2027-03-17', end: '2027-03-19' }]);
    expect(screen.queryByRole('application', { name: /Arrival and departure/ })).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(button.textContent).toBe('2027-03-17 – 2027-03-19');
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('closes on Escape without a change and gives focus back to the dates button', async () => {
    const { user, chosen, button } = renderStayDates();
    await openByKeyboard(user);
    await user.keyboard('{ArrowRight}{Escape}');
    expect(screen.queryByRole('application', { name: /Arrival and departure/ })).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(chosen).toEqual([]);
  });
});
