import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { ListState } from '@client/components/list-state';
import { Button } from '@client/components/ui/button';
import { TitledCard } from '@client/components/ui/card';
import { TextareaField } from '@client/components/ui/form-field';
import { toast } from '@client/components/ui/toast';
import { showServerFieldErrors } from '@client/lib/server-field-errors';
import { toastError } from '@client/lib/toast-error';
import { useCouponSites, useSaveCouponSites } from '../api';
import { domainListText } from '../format';

const listForm = z.object({ domains: domainListText });
type Values = z.input<typeof listForm>;

/** The deployment's coupon-site list: every business's referrer check uses it, on top of the business's own domains. */
export function AdminCouponSitesPanel() {
  const sites = useCouponSites();
  const save = useSaveCouponSites();
  const form = useForm<Values, unknown, z.output<typeof listForm>>({ resolver: zodResolver(listForm), defaultValues: { domains: '' } });
  const { reset } = form;
  useEffect(() => {
    if (sites.data) reset({ domains: sites.data.domains.join('\n') });
  }, [sites.data, reset]);

  const onSubmit = form.handleSubmit(async ({ domains }) => {
    try {
      const saved = await save.mutateAsync(domains);
      toast({ title: 'Coupon Sites Saved', description: `${saved.domains.length} domains are checked on every order.` });
    } catch (error) {
      showServerFieldErrors(error, form.setError);
      toastError(error, 'Could not save the coupon sites.');
    }
  });

  return (
    <TitledCard title="Coupon Sites" description="Orders referred by these domains are flagged as leaked codes for every business. One domain per line; businesses add their own on top.">
      <ListState query={sites} empty={null}>
        <form method="post" onSubmit={onSubmit} noValidate className="flex flex-col gap-3">
          <TextareaField form={form} name="domains" id="admin-coupon-sites" label="Domains" rows={8} describeError />
          <div><Button type="submit" disabled={save.isPending}>{save.isPending ? 'Saving...' : 'Save Coupon Sites'}</Button></div>
        </form>
      </ListState>
    </TitledCard>
  );
}
