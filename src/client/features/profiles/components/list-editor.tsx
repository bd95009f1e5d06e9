import { useState } from 'react';
import { Plus, X } from 'lucide-react';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';

/**
 * Specialties (decision record 010 §5): a new entry is trimmed, non-empty and not a duplicate; Enter adds it;
 * clicking an entry removes it. Suggestions are one-click additions.
 */
export function ListEditor({
  id,
  label,
  values,
  onChange,
  placeholder,
  suggestions = [],
  format = (value) => value,
  emptyText,
}: {
  id: string;
  label: string;
  values: string[];
  onChange(values: string[]): void;
  placeholder?: string;
  suggestions?: readonly string[];
  format?: (value: string) => string;
  emptyText: string;
}) {
  const [draft, setDraft] = useState('');
  const add = (raw: string) => {
    const value = format(raw.trim());
    if (!value || values.some((existing) => existing.toLowerCase() === value.toLowerCase())) return;
    onChange([...values, value]);
    setDraft('');
  };
  const remaining = suggestions.filter((suggestion) => !values.includes(suggestion));

  return (
    <div className="flex flex-col gap-2">
      <div className="flex gap-2">
        <Input
          id={id}
          value={draft}
          placeholder={placeholder}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add(draft);
            }
          }}
        />
        <Button variant="outline" onClick={() => add(draft)} aria-label={`Add ${label}`}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          Add
        </Button>
      </div>
      <ul className="flex flex-wrap gap-2" aria-label={label}>
        {values.length === 0 && <li className="text-sm text-bark-700">{emptyText}</li>}
        {values.map((value) => (
          <li key={value}>
            <button type="button" onClick={() => onChange(values.filter((v) => v !== value))} aria-label={`Remove ${value}`}>
              <Badge tone="green" className="gap-1 py-1">
                {value}
                <X className="h-3 w-3" aria-hidden="true" />
              </Badge>
            </button>
          </li>
        ))}
      </ul>
      {remaining.length > 0 && (
        <div className="flex flex-wrap gap-1.5">
          {remaining.map((suggestion) => (
            <button
              key={suggestion}
              type="button"
              onClick={() => add(suggestion)}
              className="rounded-full border border-dashed border-bark-200 px-2.5 py-0.5 text-xs text-bark-700 hover:border-forest-500 hover:text-forest-800"
            >
              + {suggestion}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
