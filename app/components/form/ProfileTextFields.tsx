// The description and website of a public profile (an organizer's, a venue's details), as both forms show them; the
// server reads them the same way for both (readProfileText).
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
