import { useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { Button, type ButtonProps } from './ui/button';
import { toast } from './ui/toast';

/** Decision record 010 §9: copy confirmations last 2000 ms. */
export const COPY_CONFIRMATION_MS = 2000;

type CopyButtonProps = Omit<ButtonProps, 'onClick'> & {
  text: string;
  /** Accessible name, e.g. "Copy code ELK15". */
  label: string;
  toastTitle?: string;
  toastDescription?: string;
};

export function CopyButton({ text, label, toastTitle = 'Copied!', toastDescription, variant = 'outline', size = 'sm', children, ...props }: CopyButtonProps) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
      toast({ title: toastTitle, description: toastDescription, duration: COPY_CONFIRMATION_MS });
    } catch {
      toast({ title: 'Copy failed', description: 'Select the text and copy it by hand.', variant: 'destructive' });
    }
  }
  return (
    <Button variant={variant} size={size} aria-label={label} onClick={copy} {...props}>
      {copied ? <Check className="h-4 w-4" aria-hidden /> : <Copy className="h-4 w-4" aria-hidden />}
      {children}
    </Button>
  );
}
