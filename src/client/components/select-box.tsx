/** The checkbox that picks one card of a list decided in bulk (gear requests, flagged orders); the label names the card. */
export function SelectBox({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return <input type="checkbox" className="mt-1 h-4 w-4 shrink-0" aria-label={label} checked={checked} onChange={(e) => onChange(e.target.checked)} />;
}
