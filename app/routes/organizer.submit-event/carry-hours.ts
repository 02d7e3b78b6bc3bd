// The event form's « Mêmes horaires » box, with JavaScript: loaded when it is first changed (the form's first load
// stays as light as it was).
import { WEEKDAYS } from '~/domain/schedule-model';

/**
 * « Mêmes horaires chaque jour d’ouverture » changes how the hours are typed, never what was typed: unticked, the open
 * days get the hours typed for all of them (a day already given its own keeps them); ticked again, days that all share
 * the same hours give them back. Each field changed is announced as if typed (the checks and the preview follow).
 */
export function carryHours(box: HTMLInputElement) {
  const form = box.form;
  if (!form) return;
  const input = (name: string) => form.elements.namedItem(name) as HTMLInputElement | null;
  const value = (name: string) => input(name)?.value ?? '';
  const set = (name: string, next: string, as: 'input' | 'change' = 'input') => {
    const field = input(name);
    if (!field) return;
    if (field.type === 'checkbox') field.checked = next === 'on';
    else field.value = next;
    field.dispatchEvent(new Event(as, { bubbles: true }));
  };
  if (!box.checked) {
    const [open, close] = [value('periodOpen'), value('periodClose')];
    if (!open && !close) return;
    for (const d of WEEKDAYS) {
      if (!input(`periodDay${d}`)?.checked || value(`hours${d}Open`) || value(`hours${d}Close`)) continue;
      set(`hours${d}Open`, open);
      set(`hours${d}Close`, close);
    }
    return;
  }
  if (value('periodOpen') || value('periodClose')) return;
  const open = WEEKDAYS.filter((d) => value(`hours${d}Open`) || value(`hours${d}Close`));
  const hours = new Set(open.map((d) => `${value(`hours${d}Open`)}-${value(`hours${d}Close`)}`));
  if (open.length === 0 || hours.size > 1) return;
  for (const d of WEEKDAYS) set(`periodDay${d}`, open.includes(d) ? 'on' : '', 'change');
  set('periodOpen', value(`hours${open[0]}Open`));
  set('periodClose', value(`hours${open[0]}Close`));
}
