// Kept apart from the replay itself (early-input.ts, loaded only when there is something to replay): this part is in
// every prerendered page's first script, whose size has a budget (issue 10). Decision record 034.

type EarlyInputWindow = Window & { __hsEarlyInput?: EventTarget[] | null };

/** A control boot.js saw changed, with what the visitor left in it (read before React can render over it). */
export type EarlyInput = { target: EventTarget; checked: boolean; value: string };

let taken: EarlyInput[] = [];

/** Takes over the controls boot.js saw changed; call it just before hydrating: from then on React sees the events. */
export function takeEarlyInput(): void {
  const early = window as EarlyInputWindow;
  taken = (early.__hsEarlyInput ?? []).map((target) => ({ target, checked: (target as HTMLInputElement).checked, value: (target as HTMLInputElement).value }));
  early.__hsEarlyInput = null;
}

/** Once the first page has hydrated: replays those changes, loading the replay only when there are some. */
export function replayEarlyInputIfAny(): void {
  const changes = taken;
  taken = [];
  if (changes.length > 0) void import('./early-input').then((early) => early.replayEarlyInput(changes));
}
