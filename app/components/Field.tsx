// A labelled form field with its French error message next to it.
import type { InputHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { FieldError, FieldHint } from './form/FieldNotes';

interface BaseProps {
  name: string;
  label: string;
  error?: string;
  hint?: string;
}

type InputProps = BaseProps & {
  multiline?: false;
} & InputHTMLAttributes<HTMLInputElement>;
type TextareaProps = BaseProps & {
  multiline: true;
} & TextareaHTMLAttributes<HTMLTextAreaElement>;

export function Field(props: InputProps | TextareaProps) {
  const { name, label, error, hint, multiline, ...rest } = props;
  const id = `field-${name}`;
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  const common = { id, name, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy };
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {hint ? <FieldHint id={id}>{hint}</FieldHint> : null}
      {multiline ? (
        <textarea {...common} {...(rest as TextareaHTMLAttributes<HTMLTextAreaElement>)} />
      ) : (
        <input {...common} {...(rest as InputHTMLAttributes<HTMLInputElement>)} />
      )}
      <FieldError id={id} message={error} />
    </div>
  );
}
