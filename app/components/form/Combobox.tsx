// A field that searches a record as one types (ARIA 1.2 combobox: the focus stays in the text input, the popup is a
// listbox pointed at by aria-activedescendant) and posts the chosen record's id in a hidden input, or `newValue` when
// none is chosen. The last option is always « propose a new one ». What is found for a text is the caller's (a search
// on the server, or a filter of a list it already has).
import { type KeyboardEvent, type ReactNode, useId, useState } from 'react';
import { type FieldMeta, fieldId } from './Field';
import { FieldError, FieldHint } from './FieldNotes';

export interface ComboboxProps<T> {
  meta: FieldMeta;
  label: string;
  hint: ReactNode;
  placeholder: string;
  /** The listbox's accessible name. */
  listLabel: string;
  /** The value posted when no record is chosen, and the label of the option that says so. */
  newValue: string;
  newLabel: string;
  /** The record chosen when the form is shown (its id is `meta.initialValue`). */
  initial: T | null;
  idOf: (record: T) => string;
  nameOf: (record: T) => string;
  option: (record: T) => ReactNode;
  /** The line under the field once a record is chosen. */
  chosenNote: (record: T) => ReactNode;
  chosenTestId: string;
  /** What matches the text typed last (`onText`), and whether it is still being looked for. */
  found: readonly T[];
  searching?: boolean;
  /** The status said to screen readers: the count found, or none. */
  countLabel: (count: number) => string;
  onText: (text: string) => void;
  onPick: (record: T | null) => void;
  className?: string;
}

export function Combobox<T>(props: ComboboxProps<T>) {
  const { meta, idOf, nameOf, onPick } = props;
  const id = fieldId(meta.name);
  const listId = useId();
  const [chosen, setChosen] = useState<T | null>(props.initial);
  const [text, setText] = useState(props.initial ? nameOf(props.initial) : '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const found = text.trim() ? props.found : [];
  // The records found, then always « propose a new one ».
  const options: (T | null)[] = [...found, null];
  const error = meta.errors?.[0];

  const type = (value: string) => {
    setText(value);
    setChosen(null);
    setOpen(true);
    setActive(-1);
    props.onText(value);
  };
  const pick = (record: T | null) => {
    setChosen(record);
    setText(record ? nameOf(record) : '');
    setOpen(false);
    setActive(-1);
    onPick(record);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + options.length) % options.length);
    } else if (event.key === 'Enter' && open && active >= 0) {
      event.preventDefault();
      pick(options[active]);
    } else if (event.key === 'Escape') {
      setOpen(false);
      setActive(-1);
    }
  };
  const status = !text.trim() ? '' : props.searching ? 'Recherche…' : props.countLabel(found.length);
  return (
    <div className={['field', 'combobox', props.className, error ? 'field--invalid' : ''].filter(Boolean).join(' ')}>
      <span className="field__label">
        <label htmlFor={id}>{props.label}</label>
      </span>
      <FieldHint id={id}>{props.hint}</FieldHint>
      <input type="hidden" name={meta.name} value={chosen ? idOf(chosen) : props.newValue} />
      {/* The list opens right under the input, over what follows. */}
      <div className="combobox__control">
        <input
          id={id}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={open && active >= 0 ? `${listId}-${active}` : undefined}
          aria-describedby={[`${id}-hint`, error ? `${id}-error` : null, `${listId}-status`].filter(Boolean).join(' ')}
          aria-invalid={error ? true : undefined}
          placeholder={props.placeholder}
          value={text}
          onChange={(e) => type(e.currentTarget.value)}
          onKeyDown={onKeyDown}
          onFocus={() => text.trim() && !chosen && setOpen(true)}
          onBlur={() => setOpen(false)}
        />
        {/* biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the ARIA 1.2 combobox's popup is a listbox; the focus stays in the input. */}
        <ul id={listId} role="listbox" aria-label={props.listLabel} className="combobox__list" hidden={!open}>
          {options.map((record, i) => (
            // biome-ignore lint/a11y/useFocusableInteractive: options of a combobox are pointed at by aria-activedescendant, never focused.
            <li
              key={record ? idOf(record) : props.newValue}
              id={`${listId}-${i}`}
              // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: an option of the listbox above.
              role="option"
              aria-selected={i === active}
              className="combobox__option"
              // Chosen before the input's blur closes the list.
              onMouseDown={(e) => {
                e.preventDefault();
                pick(record);
              }}
            >
              {record ? props.option(record) : <strong>{props.newLabel}</strong>}
            </li>
          ))}
        </ul>
      </div>
      <p id={`${listId}-status`} className="visually-hidden" aria-live="polite">
        {open ? status : ''}
      </p>
      {chosen ? (
        <p className="field__hint" data-testid={props.chosenTestId}>
          {props.chosenNote(chosen)}
        </p>
      ) : null}
      <FieldError id={id} message={error} />
    </div>
  );
}
