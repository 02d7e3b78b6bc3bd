// A refused search text or locality above the list: the message, and a link to the field to correct. On a phone with
// JavaScript that field is in the filters' sheet, closed as the form was sent: the link opens it on the field.
export function Refusal({
  message,
  field,
  label,
  openSheet,
}: {
  message: string;
  /** The id of the field to correct. */
  field: string;
  label: string;
  openSheet: (fieldId: string) => void;
}) {
  const correct = (event: React.MouseEvent) => {
    const input = document.getElementById(field);
    if (!input) return;
    event.preventDefault();
    // Not displayed: in the closed sheet.
    if (input.offsetParent === null) openSheet(field);
    else input.focus();
  };
  return (
    <>
      <div className="notice notice--error" role="alert" data-testid="search-error">
        {message}
      </div>
      <p className="events-page__correct">
        <a href={`#${field}`} onClick={correct}>
          {label}
        </a>
      </p>
    </>
  );
}
