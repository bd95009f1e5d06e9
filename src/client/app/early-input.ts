/**
 * What a visitor does to a prerendered page's form controls before the app starts must not be lost.
 *
 * React hydrates a control keeping what the DOM shows (a box the visitor ticked stays ticked) but fires no change
 * event for it, so the page's state still holds the prerendered value, and the next render of a controlled
 * control puts that value back: the tick disappears and the filter it asked for never runs. So boot.js notes the
 * controls the visitor changes before the app starts (their `input` and `change` events), the app takes that list
 * over just before hydrating (early-input-handoff.ts), and once the page has hydrated `replayEarlyInput` replays
 * each change as the event the browser would have sent had the app been running (decision record 034).
 */

import type { EarlyInput } from './early-input-handoff';

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const untouchable = new Set(['file', 'hidden', 'submit', 'reset', 'button', 'image']);

function isControl(target: EventTarget): target is Control {
  if (target instanceof HTMLInputElement) return !untouchable.has(target.type);
  return target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;
}

/** The element React hydrated for a noted control: the same one, unless hydration had to replace it. */
function hydrated(control: Control): Control | null {
  if (control.isConnected) return control;
  const found = control.id ? document.getElementById(control.id) : null;
  return found && isControl(found) ? found : null;
}

// React watches a control's value through the element's own property and fires onChange only when an event finds
// the value different from what it last saw; the prototype's setter changes the value without React seeing it.
function setValueUnseen(control: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  const prototype = control instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(control, value);
}

function replay(control: Control, wanted: EarlyInput): void {
  if (control instanceof HTMLSelectElement) {
    control.value = wanted.value;
    control.dispatchEvent(new Event('change', { bubbles: true }));
    return;
  }
  if (control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio')) {
    // After hydration the defaults are what the page's state holds; nothing to replay when the visitor wants that.
    if (wanted.checked === control.defaultChecked) return;
    control.checked = !wanted.checked;
    control.click();
    return;
  }
  if (wanted.value === control.defaultValue) return;
  control.value = control.defaultValue;
  setValueUnseen(control, wanted.value);
  control.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Runs once, after the first page has hydrated, with the controls boot.js saw changed and what was left in them. */
export function replayEarlyInput(changes: EarlyInput[]): void {
  for (const change of changes) {
    const target = isControl(change.target) ? hydrated(change.target) : null;
    if (target && !target.disabled) replay(target, change);
  }
}
