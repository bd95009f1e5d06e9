import { lazy, Suspense, useState } from 'react';
import { Button } from '@client/components/ui/button';

// The form (and its contract) load on the first click, keeping the landing page's initial script small.
const ScheduleDemoDialog = lazy(() => import('./schedule-demo-dialog'));

export function ScheduleDemoButton() {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <Button
        size="lg"
        variant="outline"
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        Schedule Demo
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <ScheduleDemoDialog open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
