/**
 * What a visitor does to a prerendered page's form controls before the app starts must not be lost.
 *
 * React hydrates a control keeping what the DOM shows (a box the visitor ticked stays ticked) but fires no change
 * event for it, so the page's state still holds the prerendered value, and the next render of a controlled
 * control puts that value back: the tick disappears and the filter it asked for never runs. So before hydrating,
 * `noteEarlyInput` notes the controls that differ from their prerendered HTML; once the page has hydrated,
 * `replayEarlyInput` replays each change as the event the browser would have sent had the app been running
 * (decision record 034).
 */

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

let noted: Control[] = [];

const untouchable = new Set(['file', 'hidden', 'submit', 'reset', 'button', 'image']);

/** Whether the visitor changed the control from the state its HTML gave it (its defaults are that HTML). */
function changedFromHtml(control: Control): boolean {
  if (control instanceof HTMLSelectElement) return [...control.options].some((option) => option.selected !== option.defaultSelected);
  if (control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio')) return control.checked !== control.defaultChecked;
  return control.value !== control.defaultValue;
}

export function noteEarlyInput(root: ParentNode): void {
  const controls = root.querySelectorAll<Control>('input, textarea, select');
  noted = [...controls].filter((control) => !(control instanceof HTMLInputElement && untouchable.has(control.type)) && changedFromHtml(control));
}

/** The element React hydrated for a noted control: the same one, unless hydration had to replace it. */
function hydrated(control: Control): Control | null {
  if (control.isConnected) return control;
  const found = control.id ? document.getElementById(control.id) : null;
  return found instanceof HTMLInputElement || found instanceof HTMLTextAreaElement || found instanceof HTMLSelectElement ? found : null;
}

// React watches a control's value through the element's own property and fires onChange only when an event finds
// the value different from what it last saw; the prototype's setter changes the value without React seeing it.
function setValueUnseen(control: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  const prototype = control instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(control, value);
}

function replay(control: Control): void {
  if (control instanceof HTMLSelectElement) {
    control.dispatchEvent(new Event('change', { bubbles: true }));
    return;
  }
  if (control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio')) {
    const wanted = control.checked;
    // After hydration the defaults are what the page's state holds; nothing to replay when the visitor wants that.
    if (wanted === control.defaultChecked) return;
    control.checked = !wanted;
    control.click();
    return;
  }
  const wanted = control.value;
  if (wanted === control.defaultValue) return;
  control.value = control.defaultValue;
  setValueUnseen(control, wanted);
  control.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Runs once, after the first page has hydrated. */
export function replayEarlyInput(): void {
  const controls = noted;
  noted = [];
  for (const control of controls) {
    const target = hydrated(control);
    if (target && !target.disabled) replay(target);
  }
}
