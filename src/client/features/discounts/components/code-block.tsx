import { CopyButton } from '@client/components/copy-button';

/** A copyable code sample. */
export function CodeBlock({ code, label, language }: { code: string; label: string; language?: string }) {
  return (
    <div className="relative rounded-lg border border-bark-200 bg-bark-900 text-sm">
      <div className="flex items-center justify-between border-b border-white/10 px-3 py-1.5 text-xs text-bark-100">
        <span>{language ?? label}</span>
        <CopyButton text={code} label={`Copy ${label}`} variant="ghost" className="text-white hover:bg-white/10 hover:text-white">
          Copy
        </CopyButton>
      </div>
      <pre className="overflow-x-auto p-4 text-[13px] leading-relaxed text-bark-50" tabIndex={0} aria-label={label}>
        <code>{code}</code>
      </pre>
    </div>
  );
}
