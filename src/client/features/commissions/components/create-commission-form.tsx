import { useState, type FormEvent } from 'react';
import { createCommissionBody } from '@shared/contracts/commissions';
import { formatCents } from '@shared/format';
import { Button } from '@client/components/ui/button';
import { Input, Textarea } from '@client/components/ui/input';
import { Field } from '@client/components/ui/label';
import { toast } from '@client/components/ui/toast';
import { describeError } from '@client/lib/api';
import { useCreateCommission } from '../api';
import { PayeePicker } from './payee-picker';

type Errors = Partial<Record<'amount' | 'dueDate' | 'description', string>>;

export function CreateCommissionForm() {
  const [proStaffId, setProStaffId] = useState('');
  const [amount, setAmount] = useState('');
  const [description, setDescription] = useState('');
  const [dueDate, setDueDate] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  // Bumped after a successful create so the picker's search box starts empty again.
  const [pickerKey, setPickerKey] = useState(0);
  const create = useCreateCommission();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!proStaffId || !amount.trim()) {
      toast({ title: 'Missing Information', description: 'Please select a pro staff member and enter an amount.', variant: 'destructive' });
      return;
    }
    const body = { proStaffId: Number(proStaffId), amount: amount.trim(), description: description.trim() || null, dueDate: dueDate || null };
    const parsed = createCommissionBody.safeParse(body);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof Errors;
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      const created = await create.mutateAsync(body);
      toast({ title: 'Commission Created', description: `${formatCents(created.amountCents)} for ${created.proStaff.firstName} ${created.proStaff.lastName} is pending.` });
      setProStaffId('');
      setAmount('');
      setDescription('');
      setDueDate('');
      setPickerKey((key) => key + 1);
    } catch (error) {
      toast({ title: 'Failed to Create Commission', description: describeError(error, 'Please try again.'), variant: 'destructive' });
    }
  };

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate aria-label="Create commission">
      <PayeePicker key={pickerKey} value={proStaffId} onChange={setProStaffId} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="commission-amount" label="Amount ($)" error={errors.amount}>
          <Input
            id="commission-amount"
            type="number"
            inputMode="decimal"
            min="0.01"
            step="0.01"
            placeholder="0.00"
            value={amount}
            aria-invalid={Boolean(errors.amount)}
            onChange={(event) => setAmount(event.target.value)}
          />
        </Field>
        <Field id="commission-due-date" label="Due Date (optional)" error={errors.dueDate}>
          <Input id="commission-due-date" type="date" value={dueDate} aria-invalid={Boolean(errors.dueDate)} onChange={(event) => setDueDate(event.target.value)} />
        </Field>
      </div>
      <Field id="commission-description" label="Description (optional)" error={errors.description}>
        <Textarea
          id="commission-description"
          placeholder="What is this commission for?"
          value={description}
          aria-invalid={Boolean(errors.description)}
          onChange={(event) => setDescription(event.target.value)}
        />
      </Field>
      <div>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Creating...' : 'Create Commission'}
        </Button>
      </div>
    </form>
  );
}
