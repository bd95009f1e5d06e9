import { useEffect, useState } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import { splitRuleLabels, splitRules, type BoothEvent, type BoothEventFields, type SplitRule } from '@shared/contracts/booths';
import { Button } from '@client/components/ui/button';
import { Dialog, DialogContent } from '@client/components/ui/dialog';
import { Input, Select } from '@client/components/ui/input';
import { Field, Label } from '@client/components/ui/label';
import { toast } from '@client/components/ui/toast';
import { describeError } from '@client/lib/api';
import { useActiveRoster, useSaveBoothEvent } from '../api';

type Day = { date: string; windows: { from: string; to: string }[] };
type Draft = { name: string; place: string; timeZone: string; locations: string; devices: string; splitRule: SplitRule; ratePercent: string; days: Day[]; hours: Record<number, string> };

const localZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

function draftOf(base: BoothEvent | null): Draft {
  return {
    name: base?.name ?? '', place: base?.place ?? '', timeZone: base?.timeZone ?? localZone(), locations: base?.locationIds.join(', ') ?? '', devices: base?.deviceIds.join(', ') ?? '',
    splitRule: base?.splitRule ?? 'equal', ratePercent: String((base?.commissionRateBps ?? 1000) / 100),
    days: base?.days ?? [{ date: new Date().toISOString().slice(0, 10), windows: [{ from: '09:00', to: '17:00' }] }],
    hours: Object.fromEntries((base?.staff ?? []).map((s) => [s.proStaffId, String(s.hoursWorked)])),
  };
}

const idsOf = (text: string) => text.split(',').map((id) => id.trim()).filter(Boolean);

function bodyOf(draft: Draft): BoothEventFields {
  return {
    name: draft.name, place: draft.place, timeZone: draft.timeZone.trim(), splitRule: draft.splitRule,
    locationIds: idsOf(draft.locations),
    deviceIds: idsOf(draft.devices),
    commissionRateBps: Math.round(Number(draft.ratePercent) * 100),
    days: draft.days,
    staff: Object.entries(draft.hours).map(([id, hours]) => ({ proStaffId: Number(id), hoursWorked: Number(hours) || 0 })),
  };
}

/** New Event or Edit Event: place, zone, days with opening windows, the store location, the roster and the split rule. */
export function BoothDialog({ open, onOpenChange, base }: { open: boolean; onOpenChange(open: boolean): void; base: BoothEvent | null }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(base));
  const roster = useActiveRoster();
  const save = useSaveBoothEvent();
  useEffect(() => {
    if (open) setDraft(draftOf(base));
  }, [open, base]);
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const setDay = (i: number, day: Day) => set({ days: draft.days.map((d, j) => (j === i ? day : d)) });
  const staffers = [...new Map((roster.data ?? []).map((a) => [a.proStaffId, a.proStaffName])).entries()];

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    try {
      await save.mutateAsync({ id: base?.id ?? null, body: bodyOf(draft) });
      toast({ title: 'Success', description: base ? 'Event saved.' : 'Event created.' });
      onOpenChange(false);
    } catch (error) {
      toast({ title: 'Error', description: `Failed to save the event. ${describeError(error, '')}`.trim(), variant: 'destructive' });
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={base ? 'Edit Event' : 'New Event'} description="Counter sales rung up at the booth’s store location while it is open are credited to the staffers working it.">
        <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
          <Field id="booth-name" label="Name"><Input id="booth-name" value={draft.name} maxLength={80} onChange={(e) => set({ name: e.target.value })} /></Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="booth-place" label="Place"><Input id="booth-place" value={draft.place} maxLength={120} onChange={(e) => set({ place: e.target.value })} /></Field>
            <Field id="booth-zone" label="Time zone" hint="Such as America/Denver"><Input id="booth-zone" value={draft.timeZone} onChange={(e) => set({ timeZone: e.target.value })} /></Field>
          </div>
          <Field id="booth-locations" label="Store location ids" hint="Shopify or Square location id of the booth’s register; separate several with commas.">
            <Input id="booth-locations" value={draft.locations} onChange={(e) => set({ locations: e.target.value })} />
          </Field>
          <Field id="booth-devices" label="POS device or register staff ids" hint="Optional: Shopify POS device_id or staff user_id; a sale rung up on one counts wherever the location.">
            <Input id="booth-devices" value={draft.devices} onChange={(e) => set({ devices: e.target.value })} />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="booth-rule" label="Split rule">
              <Select id="booth-rule" value={draft.splitRule} onChange={(e) => set({ splitRule: e.target.value as SplitRule })}>
                {splitRules.map((rule) => <option key={rule} value={rule}>{splitRuleLabels[rule]}</option>)}
              </Select>
            </Field>
            <Field id="booth-rate" label="Booth commission (%)" hint="On sales without a staffer’s code."><Input id="booth-rate" type="number" min={0} max={100} step={0.01} value={draft.ratePercent} onChange={(e) => set({ ratePercent: e.target.value })} /></Field>
          </div>
          <fieldset className="flex flex-col gap-2">
            <legend className="text-sm font-medium text-bark-900">Days and hours</legend>
            {draft.days.map((day, i) => (
              <div key={i} className="flex flex-wrap items-end gap-2" data-testid="booth-day">
                <Input aria-label={`Day ${i + 1}`} type="date" className="w-40" value={day.date} onChange={(e) => setDay(i, { ...day, date: e.target.value })} />
                {day.windows.map((w, j) => (
                  <span key={j} className="flex items-center gap-1">
                    <Input aria-label={`Day ${i + 1} opens`} type="time" className="w-28" value={w.from} onChange={(e) => setDay(i, { ...day, windows: day.windows.map((x, k) => (k === j ? { ...x, from: e.target.value } : x)) })} />
                    <span aria-hidden>–</span>
                    <Input aria-label={`Day ${i + 1} closes`} type="time" className="w-28" value={w.to} onChange={(e) => setDay(i, { ...day, windows: day.windows.map((x, k) => (k === j ? { ...x, to: e.target.value } : x)) })} />
                  </span>
                ))}
                <Button type="button" variant="ghost" size="sm" onClick={() => setDay(i, { ...day, windows: [...day.windows, { from: '13:00', to: '17:00' }] })}>Add hours</Button>
                {draft.days.length > 1 && <Button type="button" variant="ghost" size="sm" aria-label={`Remove day ${i + 1}`} onClick={() => set({ days: draft.days.filter((_, j) => j !== i) })}><Trash2 className="h-4 w-4" aria-hidden /></Button>}
              </div>
            ))}
            <Button type="button" variant="outline" size="sm" className="self-start" onClick={() => set({ days: [...draft.days, { date: draft.days.at(-1)?.date ?? '', windows: [{ from: '09:00', to: '17:00' }] }] })}>
              <Plus className="h-4 w-4" aria-hidden /> Add day
            </Button>
          </fieldset>
          <fieldset className="flex flex-col gap-2">
            <legend className="text-sm font-medium text-bark-900">Staff at the booth</legend>
            {staffers.length === 0 && <p className="text-sm text-bark-700">Only pro staff with an active agreement can work your booth.</p>}
            {staffers.map(([id, name]) => (
              <div key={id} className="flex flex-wrap items-center gap-3">
                <input
                  id={`booth-staff-${id}`} type="checkbox" checked={id in draft.hours}
                  onChange={(e) => set({ hours: e.target.checked ? { ...draft.hours, [id]: '0' } : Object.fromEntries(Object.entries(draft.hours).filter(([k]) => Number(k) !== id)) })}
                />
                <Label htmlFor={`booth-staff-${id}`} className="min-w-32">{name}</Label>
                {id in draft.hours && (
                  <Input aria-label={`Hours worked by ${name}`} type="number" min={0} step={0.25} className="w-24" value={draft.hours[id]} onChange={(e) => set({ hours: { ...draft.hours, [id]: e.target.value } })} />
                )}
              </div>
            ))}
          </fieldset>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>Cancel</Button>
            <Button type="submit" disabled={save.isPending}>{base ? 'Save Event' : 'Create Event'}</Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
