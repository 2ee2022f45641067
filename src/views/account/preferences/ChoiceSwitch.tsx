import { SaveStatus, type SaveState } from './SaveStatus';

/**
 * One choice as an on/off switch (a checkbox with the switch role: Space toggles it, its label names it),
 * saved at once. While a change is on its way the switch shows what was asked for and takes no other;
 * once answered it shows what the BFF keeps, so after a failure it is back where it really is.
 */
export function ChoiceSwitch({
  id,
  label,
  active,
  requested,
  save,
  onToggle,
  tracking,
}: {
  id: string;
  label: string;
  /** What the BFF keeps. */
  active: boolean;
  /** What a change on its way asks for, else null. */
  requested: boolean | null;
  save: SaveState;
  onToggle: (active: boolean) => void;
  /** Click-tracking attributes (spec section 2, member-area names). */
  tracking: Record<string, string>;
}) {
  const saving = requested !== null;
  const statusId = `${id}-status`;
  return (
    <div className="choice-switch">
      <label className="choice-switch__control">
        <input
          type="checkbox"
          role="switch"
          id={id}
          checked={requested ?? active}
          aria-describedby={statusId}
          aria-busy={saving}
          onChange={() => {
            if (!saving) onToggle(!active);
          }}
          {...tracking}
        />
        <bdi className="choice-switch__label">{label}</bdi>
      </label>
      <SaveStatus id={statusId} state={save} />
    </div>
  );
}
