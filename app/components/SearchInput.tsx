// The search field of docs/specification.md §5: the browser gets the native field; with JS it emits the cleaned text
// (an invalid one becomes empty) and says why right away.
import { useEffect, useRef, useState } from 'react';
import { cleanSearchText, SEARCH_MAX_LENGTH, validateSearchText } from '~/domain/search-text';

interface SearchInputProps {
  id: string;
  label: string;
  defaultValue?: string;
  placeholder?: string;
  /** Called with the cleaned text, debounced while typing. */
  onSearch?: (cleaned: string) => void;
  error?: string | null;
  labelHidden?: boolean;
}

export function SearchInput({
  id,
  label,
  defaultValue = '',
  placeholder,
  onSearch,
  error,
  labelHidden,
}: SearchInputProps) {
  const [liveError, setLiveError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  const shownError = liveError ?? error ?? null;

  return (
    <div className={`field search-input${shownError ? ' field--invalid' : ''}`}>
      <label htmlFor={id} className={labelHidden ? 'visually-hidden' : undefined}>
        {label}
      </label>
      <input
        id={id}
        type="search"
        name="q"
        defaultValue={defaultValue}
        placeholder={placeholder}
        maxLength={SEARCH_MAX_LENGTH + 100}
        autoComplete="off"
        enterKeyHint="search"
        aria-invalid={shownError ? true : undefined}
        aria-describedby={shownError ? `${id}-error` : undefined}
        onChange={(event) => {
          const value = event.currentTarget.value;
          const result = validateSearchText(value);
          setLiveError(result.ok ? null : result.error);
          clearTimeout(timer.current);
          if (onSearch) timer.current = setTimeout(() => onSearch(cleanSearchText(value)), 350);
        }}
      />
      {shownError ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {shownError}
        </p>
      ) : null}
    </div>
  );
}
