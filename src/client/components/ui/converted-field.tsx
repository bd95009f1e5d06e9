import { useEffect, useRef, useState, type InputHTMLAttributes } from 'react';
import { useController, type FieldValues } from 'react-hook-form';
import type { BoundFieldProps } from './form-field';
import { Input } from './input';
import { Field } from './label';

/** The first message in a field's error, also when it sits on an item of an array field (`seedableTags.2`). */
function firstMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const own = (error as { message?: unknown }).message;
  if (typeof own === 'string' && own) return own;
  for (const value of Object.values(error)) {
    const nested = value && typeof value === 'object' && value !== (error as { ref?: unknown }).ref ? firstMessage(value) : undefined;
    if (nested) return nested;
  }
  return undefined;
}

type ConvertedFieldProps<T extends FieldValues, TOutput, V> = Pick<BoundFieldProps<T, TOutput>, 'form' | 'name' | 'id' | 'label' | 'hint'> &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'form' | 'name' | 'id' | 'value' | 'defaultValue' | 'onChange'> & {
    /** The text the input shows for a value of the form. */
    toText(value: V): string;
    /** The form's value for the text typed; text it cannot read becomes a value the schema refuses (NaN), so the schema's message shows. */
    fromText(text: string): V;
    /** When this changes (the currency of a money field), the text is read again. */
    convertKey?: string;
  };

/**
 * A field whose text is not the form's value: money typed as "150.00" and kept as 15000 minor units, a percent kept as
 * basis points, a comma-separated list kept as an array. The shared schema validates the converted value.
 */
export function ConvertedField<T extends FieldValues, TOutput, V>(props: ConvertedFieldProps<T, TOutput, V>) {
  const { form, name, id = name, label, hint, toText, fromText, convertKey, ...inputProps } = props;
  const { field, fieldState } = useController({ control: form.control, name });
  const [text, setText] = useState(() => toText(field.value as V));
  const emitted = useRef<unknown>(field.value);
  // A value set from outside (a reset): show it.
  useEffect(() => {
    if (Object.is(field.value, emitted.current)) return;
    emitted.current = field.value;
    setText(toText(field.value as V));
  }, [field.value, toText]);
  // A new unit (another currency): the same text means another value.
  const textRef = useRef(text);
  textRef.current = text;
  const fromTextRef = useRef(fromText);
  fromTextRef.current = fromText;
  const onChange = field.onChange;
  useEffect(() => {
    if (convertKey === undefined) return;
    const value = fromTextRef.current(textRef.current);
    emitted.current = value;
    onChange(value);
  }, [convertKey, onChange]);

  const error = firstMessage(fieldState.error);
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <Input
        {...inputProps}
        id={id}
        name={field.name}
        ref={field.ref}
        value={text}
        aria-invalid={Boolean(error)}
        onBlur={field.onBlur}
        onChange={(event) => {
          setText(event.target.value);
          const value = fromText(event.target.value);
          emitted.current = value;
          field.onChange(value);
        }}
      />
    </Field>
  );
}
