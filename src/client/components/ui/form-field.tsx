import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react';
import type { FieldValues, Path, RegisterOptions, UseFormReturn } from 'react-hook-form';
import { Input, Select, Textarea } from './input';
import { Field } from './label';

/**
 * The props every react-hook-form field shares: the form, the field's name (also its id unless one is given),
 * its label and hint. `markInvalid={false}` leaves aria-invalid off for the few fields that never set it;
 * `describeError` also links the error text to the control.
 */
export type BoundFieldProps<T extends FieldValues, TOutput> = {
  form: UseFormReturn<T, unknown, TOutput>;
  name: Path<T>;
  id?: string;
  label: string;
  hint?: string;
  registerOptions?: RegisterOptions<T, Path<T>>;
  markInvalid?: boolean;
  /** Points aria-describedby at the error text while there is one. */
  describeError?: boolean;
};

function bindField<T extends FieldValues, TOutput>({ form, name, id = name, registerOptions, markInvalid = true, describeError }: BoundFieldProps<T, TOutput>) {
  const { error } = form.getFieldState(name, form.formState);
  const marks = {
    ...(markInvalid ? { 'aria-invalid': Boolean(error) } : {}),
    ...(describeError ? { 'aria-describedby': error ? `${id}-error` : undefined } : {}),
  };
  return { id, error: error?.message, control: { id, ...marks, ...form.register(name, registerOptions) } };
}

/** The Field (label, hint, error) around one bound control; `render` draws the control with the binding's props. */
function BoundField<T extends FieldValues, TOutput>({ render, ...bound }: BoundFieldProps<T, TOutput> & { render(control: ReturnType<typeof bindField>['control']): ReactNode }) {
  const field = bindField(bound);
  return (
    <Field id={field.id} label={bound.label} error={field.error} hint={bound.hint}>
      {render(field.control)}
    </Field>
  );
}

/** Label, input and error of one react-hook-form field in one line. */
export function InputField<T extends FieldValues, TOutput>(props: BoundFieldProps<T, TOutput> & Omit<InputHTMLAttributes<HTMLInputElement>, 'form' | 'name' | 'id'>) {
  const { form, name, id, label, hint, registerOptions, markInvalid, describeError, ...inputProps } = props;
  const bound = { form, name, id, label, hint, registerOptions, markInvalid, describeError };
  return <BoundField {...bound} render={(control) => <Input {...inputProps} {...control} />} />;
}

/** Label, textarea and error of one react-hook-form field in one line. */
export function TextareaField<T extends FieldValues, TOutput>(props: BoundFieldProps<T, TOutput> & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'form' | 'name' | 'id'>) {
  const { form, name, id, label, hint, registerOptions, markInvalid, describeError, ...textareaProps } = props;
  const bound = { form, name, id, label, hint, registerOptions, markInvalid, describeError };
  return <BoundField {...bound} render={(control) => <Textarea {...textareaProps} {...control} />} />;
}

/** Label, select and error of one react-hook-form field: one option per value, shown as `optionLabel` says. */
export function SelectField<T extends FieldValues, TOutput, V extends string>(
  props: BoundFieldProps<T, TOutput> & { options: readonly V[]; optionLabel(value: V): string },
) {
  const { options, optionLabel, ...bound } = props;
  return (
    <BoundField
      {...bound}
      render={(control) => (
        <Select {...control}>
          {options.map((value) => <option key={value} value={value}>{optionLabel(value)}</option>)}
        </Select>
      )}
    />
  );
}
