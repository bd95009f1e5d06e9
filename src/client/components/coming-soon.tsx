import { Link } from 'react-router';
import { Button } from './ui/button';
import { Page, Notice } from './ui/page';

/** Shown for screens that are not built yet, so no route is ever blank. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <Page title={title}>
      <Notice title="Coming soon" action={<Button asChild variant="outline"><Link to="/">Back to home</Link></Button>}>
        We are still building this part of HuntStaff. Check back shortly.
      </Notice>
    </Page>
  );
}
