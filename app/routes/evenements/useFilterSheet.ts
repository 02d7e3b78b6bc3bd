// With JavaScript on a phone, the list's filters are a sheet over the list, opened from the filter bar: its state, the
// focus it takes when it opens (its title, or the field a refusal asks to correct) and gives back when it closes.
import { useEffect, useRef, useState } from 'react';

export function useFilterSheet() {
  const sheetTitle = useRef<HTMLHeadingElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const [sheetOpen, setSheetOpen] = useState(false);
  const focusOnOpen = useRef<string | null>(null);
  useEffect(() => {
    if (!sheetOpen) return;
    const field = focusOnOpen.current ? document.getElementById(focusOnOpen.current) : null;
    focusOnOpen.current = null;
    (field ?? sheetTitle.current)?.focus();
  }, [sheetOpen]);
  /** Opens the sheet, focused on its title or on the field `fieldId`. */
  const openSheet = (fieldId?: string) => {
    focusOnOpen.current = fieldId ?? null;
    setSheetOpen(true);
  };
  const closeSheet = () => {
    setSheetOpen(false);
    opener.current?.focus();
  };
  /** Closes it without moving the focus (« Voir N événements » scrolls to the results). */
  const hideSheet = () => setSheetOpen(false);
  return { sheetOpen, openSheet, closeSheet, hideSheet, sheetTitle, opener };
}
