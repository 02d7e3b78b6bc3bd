// A labelled form field with its French error message next to it.
import type { InputHTMLAttributes, Ref, TextareaHTMLAttributes } from 'react';

interface BaseProps {
  name: string;
  label: string;
  error?: string;
  hint?: string;
}

type InputProps = BaseProps & {
  multiline?: false;
  inputRef?: Ref<HTMLInputElement>;
} & InputHTMLAttributes<HTMLInputElement>;
type TextareaProps = BaseProps & {
  multiline: true;
  inputRef?: Ref<HTMLTextAreaElement>;
} & TextareaHTMLAttributes<HTMLTextAreaElement>;

export function Field(props: InputProps | TextareaProps) {
  const { name, label, error, hint, multiline, inputRef, ...rest } = props;
  const id = `field-${name}`;
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  const common = { id, name, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy };
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      {multiline ? (
        <textarea
          ref={inputRef as Ref<HTMLTextAreaElement>}
          {...common}
          {...(rest as TextareaHTMLAttributes<HTMLTextAreaElement>)}
        />
      ) : (
        <input
          ref={inputRef as Ref<HTMLInputElement>}
          {...common}
          {...(rest as InputHTMLAttributes<HTMLInputElement>)}
        />
      )}
      {error ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
