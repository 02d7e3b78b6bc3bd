// The field family every form uses: an input, a text area, a drop-down, check boxes. Each takes conform's metadata
// for its field (name, value to show, messages, and the constraints read from the schema), so no form retypes a
// length or a « required ». A required field carries an asterisk, explained once by <RequiredNote />.
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { FieldError, FieldHint } from './FieldNotes';

/** What a field needs of conform's metadata (FieldMetadata fits it). */
export interface FieldMeta {
  name: string;
  initialValue?: unknown;
  errors?: string[];
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
}

interface ShellProps {
  meta: FieldMeta;
  label: ReactNode;
  hint?: ReactNode;
  /** A message that is not the schema's (an upload refused by the server…). */
  error?: string;
  className?: string;
}

export const fieldId = (name: string) => `field-${name}`;
const firstError = (meta: FieldMeta, error?: string) => error ?? meta.errors?.[0];
const shown = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** The label (with the asterisk of a required field), the hint, the control and its message. */
function FieldShell({ meta, label, hint, error, className, children }: ShellProps & { children: ReactNode }) {
  const id = fieldId(meta.name);
  return (
    <div className={['field', error ? 'field--invalid' : '', className ?? ''].filter(Boolean).join(' ')}>
      {/* The asterisk stays out of the label: the field's name is the label alone (its `required` says the rest). */}
      <span className="field__label">
        <label htmlFor={id}>{label}</label>
        {meta.required ? <RequiredMark /> : null}
      </span>
      {hint ? <FieldHint id={id}>{hint}</FieldHint> : null}
      {children}
      <FieldError id={id} message={error} />
    </div>
  );
}

/** The attributes every control shares: id, name, constraints, and its link to the hint and the message. */
function controlProps(meta: FieldMeta, error: string | undefined, hint: ReactNode) {
  const id = fieldId(meta.name);
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return {
    id,
    name: meta.name,
    required: meta.required || undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  };
}

type InputFieldProps = ShellProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'defaultValue'>;

/** A one-line input (text, email, date, time, url, password…). Passwords never show a value back. */
export function TextField({ meta, label, hint, error, className, ...rest }: InputFieldProps) {
  const message = firstError(meta, error);
  return (
    <FieldShell meta={meta} label={label} hint={hint} error={message} className={className}>
      <input
        {...controlProps(meta, message, hint)}
        minLength={meta.minLength}
        maxLength={meta.maxLength}
        pattern={meta.pattern}
        defaultValue={rest.type === 'password' ? undefined : shown(meta.initialValue)}
        {...rest}
      />
    </FieldShell>
  );
}

type TextAreaFieldProps = ShellProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name' | 'defaultValue'>;

/** A text of several lines. */
export function TextAreaField({ meta, label, hint, error, className, ...rest }: TextAreaFieldProps) {
  const message = firstError(meta, error);
  return (
    <FieldShell meta={meta} label={label} hint={hint} error={message} className={className}>
      <textarea
        {...controlProps(meta, message, hint)}
        minLength={meta.minLength}
        maxLength={meta.maxLength}
        defaultValue={shown(meta.initialValue)}
        {...rest}
      />
    </FieldShell>
  );
}

type SelectFieldProps = ShellProps &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'name' | 'defaultValue'> & {
    options: readonly { value: string; label: string }[];
    /** Choices in groups after `options` (the venues by canton). */
    groups?: readonly { label: string; options: readonly { value: string; label: string }[] }[];
    /** The first, empty choice (« Choisir… »), when the field starts empty. */
    placeholder?: string;
  };

/** A drop-down. */
export function SelectField({
  meta,
  label,
  hint,
  error,
  className,
  options,
  groups,
  placeholder,
  ...rest
}: SelectFieldProps) {
  const message = firstError(meta, error);
  const optionsOf = (list: readonly { value: string; label: string }[]) =>
    list.map((o) => (
      <option key={o.value} value={o.value}>
        {o.label}
      </option>
    ));
  return (
    <FieldShell meta={meta} label={label} hint={hint} error={message} className={className}>
      <select {...controlProps(meta, message, hint)} defaultValue={shown(meta.initialValue) ?? ''} {...rest}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {optionsOf(options)}
        {groups?.map((g) => (
          <optgroup key={g.label} label={g.label}>
            {optionsOf(g.options)}
          </optgroup>
        ))}
      </select>
    </FieldShell>
  );
}

const isChecked = (value: unknown) => value === 'on' || value === '1' || value === 'true' || value === true;

/** One check box (a yes/no field), its label beside it. */
export function Checkbox({ meta, label }: { meta: FieldMeta; label: ReactNode }) {
  return (
    <label className="check">
      <input type="checkbox" name={meta.name} defaultChecked={isChecked(meta.initialValue)} /> {label}
    </label>
  );
}

/** Several yes/no fields shown together. */
export function CheckboxGroup({ items }: { items: readonly { meta: FieldMeta; label: ReactNode }[] }) {
  return (
    <div className="checks">
      {items.map((item) => (
        <Checkbox key={item.meta.name} meta={item.meta} label={item.label} />
      ))}
    </div>
  );
}

/** The asterisk of a required field: screen readers say « obligatoire » from the field's `required`, so it is hidden. */
export function RequiredMark() {
  return (
    <span className="field__required" aria-hidden="true">
      {'\u00a0*'}
    </span>
  );
}

/** The one sentence that explains the asterisk, at the top of a form with required fields. */
export function RequiredNote() {
  return (
    <p className="field__hint required-note">
      Les champs marqués d’un astérisque (<span className="field__required">*</span>) sont obligatoires.
    </p>
  );
}
