import type { ReactNode } from 'react';
import { Popover } from 'radix-ui';
import { CircleHelp } from 'lucide-react';

export function HelpPopover({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Popover.Root>
      <Popover.Trigger className="rounded-full p-1 text-bark-700 hover:bg-bark-100" aria-label="Dashboard help">
        <CircleHelp className="h-5 w-5" aria-hidden="true" />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content sideOffset={6} align="start" className="z-50 w-80 rounded-lg border border-bark-200 bg-white p-4 text-sm shadow-lg">
          <p className="font-semibold">{title}</p>
          <div className="mt-2 flex flex-col gap-2 text-bark-700">{children}</div>
          <Popover.Arrow className="fill-white" />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
