import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useCombobox } from 'downshift';
import { useDeferredValue } from 'react';
import type { Locale } from '../../contract/locales';
import type { LocationSuggestion } from '../../contract/search';
import { locationSuggestionsQuery } from '../../services/search/queries';
import { SearchActorContext } from './search-context';

/** Destination: free text, or a city or hotel picked from suggestions as the guest types. */
export function DestinationField({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  const actor = SearchActorContext.useActorRef();
  const location = SearchActorContext.useSelector((snapshot) => snapshot.context.location);
  const missing = SearchActorContext.useSelector((snapshot) => snapshot.context.errors.includes('location.missing'));
  const typed = useDeferredValue(location);
  const suggestions = useQuery(locationSuggestionsQuery(typed, locale));
  const items: LocationSuggestion[] = [...(suggestions.data?.cities ?? []), ...(suggestions.data?.hotels ?? [])];

  const combobox = useCombobox<LocationSuggestion>({
    items,
    inputValue: location,
    itemToString: (item) => item?.value ?? '',
    onInputValueChange: ({ inputValue, type }) => {
      // Picking a suggestion is handled below; this is typing.
      if (type !== useCombobox.stateChangeTypes.ItemClick && type !== useCombobox.stateChangeTypes.InputKeyDownEnter) {
        actor.send({ type: 'location.changed', location: inputValue ?? '' });
      }
    },
    onSelectedItemChange: ({ selectedItem }) => {
      if (selectedItem) actor.send({ type: 'location.changed', location: selectedItem.value });
    },
  });
  const errorId = 'destination-error';
  const showList = combobox.isOpen && typed.trim() !== '';

  return (
    <div className="field field--destination" data-invalid={missing || undefined}>
      <label {...combobox.getLabelProps()}>{t`Destination`}</label>
      <input
        {...combobox.getInputProps({
          placeholder: t`City or hotel`,
          'aria-invalid': missing || undefined,
          'aria-describedby': missing ? errorId : undefined,
        })}
      />
      {missing ? (
        <p id={errorId} className="field__error">
          {t`Tell us where you want to stay.`}
        </p>
      ) : null}
      <ul {...combobox.getMenuProps()} className={showList ? 'popover listbox' : 'listbox listbox--closed'}>
        {showList && items.length === 0 && !suggestions.isFetching ? <li className="listbox__empty">{t`No destination matches what you typed.`}</li> : null}
        {showList
          ? items.map((item, index) => (
              <li
                key={`${item.kind}:${item.value}`}
                {...combobox.getItemProps({ item, index })}
                className="listbox__item"
                data-focused={combobox.highlightedIndex === index || undefined}
              >
                <span className="listbox__label">
                  {item.kind === 'hotel' ? <span className="visually-hidden">{t`Hotel:`} </span> : null}
                  <bdi>{item.label}</bdi>
                </span>
                <span className="listbox__detail">
                  <bdi>{item.detail}</bdi>
                </span>
              </li>
            ))
          : null}
      </ul>
    </div>
  );
}
