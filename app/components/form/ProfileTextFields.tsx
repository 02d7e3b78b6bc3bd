// The description, website and image of a public profile (an organizer's, a venue's details), as both forms show them;
// the server reads the texts the same way for both (readProfileText).
import type { ReactNode } from 'react';
import { PROFILE_LIMITS } from '~/domain/place';
import { FieldError, FieldHint, notedControl } from './FieldNotes';

export function ProfileTextFields({
  errors,
  values,
  descriptionHint,
  example,
}: {
  errors: Record<string, string | undefined>;
  /** What the fields start with: what was typed, else the profile. */
  values: { description: string; website: string };
  /** What the description tells, and its length (« Le lieu, ce qu’on y trouve… »). */
  descriptionHint: ReactNode;
  /** A website for the example (« https://theatre-carouge.ch »). */
  example: string;
}) {
  return (
    <>
      <div className={`field${errors.description ? ' field--invalid' : ''}`}>
        <label className="field__label" htmlFor="field-description">
          Description
        </label>
        <FieldHint id="field-description">{descriptionHint}</FieldHint>
        <textarea
          {...notedControl('description', errors)}
          rows={7}
          maxLength={PROFILE_LIMITS.description}
          defaultValue={values.description}
        />
        <FieldError id="field-description" message={errors.description} />
      </div>
      <div className={`field${errors.website ? ' field--invalid' : ''}`}>
        <label className="field__label" htmlFor="field-website">
          Site web
        </label>
        <FieldHint id="field-website">Une adresse complète, par exemple {example}</FieldHint>
        <input {...notedControl('website', errors)} type="url" defaultValue={values.website} />
        <FieldError id="field-website" message={errors.website} />
      </div>
    </>
  );
}

/**
 * A profile's image (a venue's photo, an organizer's logo): the file, its description for those who do not see it, and
 * « Retirer… » when there is one already.
 */
export function ProfileImageFields({
  name,
  errors,
  label,
  hint,
  altLabel,
  altHint,
  alt,
  removeLabel,
}: {
  name: 'photo' | 'logo';
  errors: Record<string, string | undefined>;
  label: string;
  /** What the file may be (« JPEG, PNG ou WebP. »), after what the current one is. */
  hint: ReactNode;
  altLabel: string;
  altHint: string;
  /** What the description starts with: what was typed, else the current image's. */
  alt: string;
  /** « Retirer la photo », when there is an image to remove. */
  removeLabel: string | null;
}) {
  const altName = `${name}Alt`;
  return (
    <>
      <div className={`field${errors[name] ? ' field--invalid' : ''}`}>
        <label className="field__label" htmlFor={`field-${name}`}>
          {label}
        </label>
        <FieldHint id={`field-${name}`}>{hint}</FieldHint>
        <input {...notedControl(name, errors)} type="file" accept="image/jpeg,image/png,image/webp" />
        <FieldError id={`field-${name}`} message={errors[name]} />
      </div>
      <div className={`field${errors[altName] ? ' field--invalid' : ''}`}>
        <label className="field__label" htmlFor={`field-${altName}`}>
          {altLabel}
        </label>
        <FieldHint id={`field-${altName}`}>{altHint}</FieldHint>
        <input {...notedControl(altName, errors)} type="text" maxLength={PROFILE_LIMITS.logoAlt} defaultValue={alt} />
        <FieldError id={`field-${altName}`} message={errors[altName]} />
      </div>
      {removeLabel ? (
        <label className="check">
          {/* One text after the box, as the pages wrote it. */}
          <input type="checkbox" name={name === 'photo' ? 'removePhoto' : 'removeLogo'} />
          {` ${removeLabel}`}
        </label>
      ) : null}
    </>
  );
}
