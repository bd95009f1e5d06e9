import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useQueries } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { RefreshCw } from 'lucide-react';
import { gearSettingsFields, type CatalogProduct, type GearSettings, type GearSettingsFields } from '@shared/contracts/gear';
import { formatMoney } from '@shared/currency';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { TitledCard } from '@client/components/ui/card';
import { ConvertedField } from '@client/components/ui/converted-field';
import { InputField } from '@client/components/ui/form-field';
import { Input, Select } from '@client/components/ui/input';
import { Field, Label } from '@client/components/ui/label';
import { toast } from '@client/components/ui/toast';
import { commaListConversion } from '@client/lib/converters';
import { formatDateTime } from '@client/lib/format-dates';
import { showServerFieldErrors } from '@client/lib/server-field-errors';
import { toastError } from '@client/lib/toast-error';
import { useDebounced } from '@client/lib/use-debounced';
import { useCampaigns } from '@client/features/campaigns/api';
import { campaignTasksQuery } from '@client/features/campaigns';
import { usePlatforms } from '@client/features/discounts/api';
import { useCatalog, useGearSettings, useSaveGearSettings, useSyncCatalog } from '../api';
import { ListState } from './gear-bits';
import { isGearStore, StoreCredentialsCard } from './store-credentials';

const nullableId = { setValueAs: (value: unknown) => (value === '' || value === null || value === undefined ? null : Number(value)) } as const;

const fieldsOf = (settings: GearSettings | undefined): GearSettingsFields => ({
  platformId: settings?.platformId ?? null,
  seedableTags: settings?.seedableTags ?? [],
  seedableCollections: settings?.seedableCollections ?? [],
  completeOrders: settings?.completeOrders ?? true,
  owedTaskId: settings?.owedTaskId ?? null,
  owedDueDays: settings?.owedDueDays ?? (settings?.owedDueOn ? null : 30),
  owedDueOn: settings?.owedDueOn ?? null,
});

/** The tasks of the business's open and scheduled campaigns, grouped by campaign, to choose the one a shipment owes. */
function useTaskChoices(enabled: boolean) {
  const campaigns = useCampaigns(enabled);
  const live = (campaigns.data ?? []).filter((c) => c.status !== 'closed');
  const tasks = useQueries({ queries: live.map((c) => ({ ...campaignTasksQuery(c.id), enabled })) });
  return live.map((campaign, index) => ({ campaign, tasks: tasks[index]?.data?.tasks ?? [] }));
}

/** Where gear comes from and what it owes: the store, which products are seedable, how orders are made, the owed task. */
function SettingsForm({ settings, stores }: { settings: GearSettings | undefined; stores: { id: number; name: string }[] }) {
  const save = useSaveGearSettings();
  const groups = useTaskChoices(true);
  const form = useForm<GearSettingsFields>({ resolver: zodResolver(gearSettingsFields), defaultValues: fieldsOf(settings) });
  const [dueBy, setDueBy] = useState<'days' | 'date'>(settings?.owedDueOn ? 'date' : 'days');
  const owedTaskId = form.watch('owedTaskId');
  const platformId = form.watch('platformId');
  const known = groups.some((g) => g.tasks.some((t) => t.id === owedTaskId));

  useEffect(() => {
    form.reset(fieldsOf(settings));
    setDueBy(settings?.owedDueOn ? 'date' : 'days');
  }, [settings, form]);

  function chooseDue(next: 'days' | 'date') {
    setDueBy(next);
    if (next === 'days') form.setValue('owedDueOn', null);
    else form.setValue('owedDueDays', null);
  }

  async function submit(values: GearSettingsFields) {
    const body = values.owedTaskId === null ? { ...values, owedDueDays: null, owedDueOn: null } : values;
    try {
      await save.mutateAsync(body);
      toast({ title: 'Settings saved' });
    } catch (error) {
      showServerFieldErrors(error, form.setError);
      toastError(error, 'Failed to save the gear settings.');
    }
  }

  const { errors, isSubmitting } = form.formState;
  return (
    <TitledCard title="Gear settings" description="The store seeding orders are created in, which products are seedable, and what each delivered shipment owes.">
      <form method="post" className="flex flex-col gap-4" onSubmit={form.handleSubmit(submit)} noValidate>
        <Field id="gear-platformId" label="Store for seeding orders" error={errors.platformId?.message} hint={stores.length === 0 ? 'Connect a Shopify, WooCommerce or BigCommerce store under Integration Platforms first.' : undefined}>
          {/* Controlled: the stores (and below, the tasks) may arrive after the saved settings, and an uncontrolled
              select would then show its first option while the form holds the saved one. */}
          <Select id="gear-platformId" {...form.register('platformId', nullableId)} value={platformId ?? ''}>
            <option value="">No store yet</option>
            {stores.map((s) => <option key={s.id} value={s.id}>{s.name}</option>)}
          </Select>
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <ConvertedField form={form} name="seedableTags" id="gear-seedableTags" label="Seedable tags" placeholder="pro-staff, seeding" hint="Comma-separated: products with any of these tags can be requested." {...commaListConversion} />
          <ConvertedField form={form} name="seedableCollections" id="gear-seedableCollections" label="Seedable collections or categories" placeholder="waders, decoys" hint="Comma-separated handles or slugs." {...commaListConversion} />
        </div>
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" className="mt-0.5 h-4 w-4" {...form.register('completeOrders')} />
          <span>Complete each seeding order as paid at 100% off <span className="block text-xs text-bark-700">Unticked: a draft order is left in your store for you to complete.</span></span>
        </label>
        <fieldset className="flex flex-col gap-3 rounded-lg border border-bark-200 p-3">
          <legend className="px-1 text-sm font-semibold">What a delivered shipment owes</legend>
          <Field id="gear-owedTaskId" label="Campaign task" error={errors.owedTaskId?.message} hint="The pro staffer owes this task once the gear is delivered.">
            <Select id="gear-owedTaskId" {...form.register('owedTaskId', nullableId)} value={owedTaskId ?? ''}>
              <option value="">Nothing owed</option>
              {owedTaskId !== null && !known && <option value={owedTaskId}>Task #{owedTaskId} (in a closed campaign)</option>}
              {groups.filter((g) => g.tasks.length > 0).map((g) => (
                <optgroup key={g.campaign.id} label={g.campaign.title}>
                  {g.tasks.map((t) => <option key={t.id} value={t.id}>{t.title}</option>)}
                </optgroup>
              ))}
            </Select>
          </Field>
          {owedTaskId !== null && (
            <>
              <div role="radiogroup" aria-label="When it is due" className="flex flex-wrap gap-4 text-sm">
                <label className="flex items-center gap-2"><input type="radio" name="gear-due-by" checked={dueBy === 'days'} onChange={() => chooseDue('days')} /> Days after delivery</label>
                <label className="flex items-center gap-2"><input type="radio" name="gear-due-by" checked={dueBy === 'date'} onChange={() => chooseDue('date')} /> On a fixed date</label>
              </div>
              {dueBy === 'days' ? (
                <InputField form={form} name="owedDueDays" id="gear-owedDueDays" label="Due this many days after delivery" type="number" min={1} max={365} registerOptions={nullableId} />
              ) : (
                <InputField form={form} name="owedDueOn" id="gear-owedDueOn" label="Due on" type="date" registerOptions={{ setValueAs: (v: unknown) => (v ? v : null) }} />
              )}
            </>
          )}
        </fieldset>
        <div><Button type="submit" disabled={isSubmitting}>{isSubmitting ? 'Saving...' : 'Save settings'}</Button></div>
      </form>
    </TitledCard>
  );
}

function stockText(product: CatalogProduct): string {
  const out = product.variants.filter((v) => !v.inStock).length;
  const tracked = product.variants.filter((v) => v.inventory !== null);
  const units = tracked.reduce((sum, v) => sum + Math.max(0, v.inventory ?? 0), 0);
  const parts = [`${product.variants.length} ${product.variants.length === 1 ? 'variant' : 'variants'}`];
  if (tracked.length > 0) parts.push(`${units} in stock`);
  if (tracked.length < product.variants.length) parts.push('stock not tracked for some');
  if (out > 0) parts.push(`${out} out of stock`);
  return parts.join(' · ');
}

function priceText(product: CatalogProduct): string {
  const prices = product.variants.map((v) => v.priceMinor);
  if (prices.length === 0) return '';
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  return low === high ? formatMoney(low, product.currency) : `${formatMoney(low, product.currency)} – ${formatMoney(high, product.currency)}`;
}

/** The synced catalog: search, seedable or not, each product's variants and stock; Sync asks the store again. */
function CatalogCard({ settings }: { settings: GearSettings | undefined }) {
  const [search, setSearch] = useState('');
  const [seedable, setSeedable] = useState<'' | 'true' | 'false'>('');
  const q = useDebounced(search.trim(), 300);
  const catalog = useCatalog({ ...(q ? { q } : {}), ...(seedable ? { seedable } : {}) });
  const sync = useSyncCatalog();
  const products = catalog.data ?? [];

  async function startSync() {
    try {
      const { message } = await sync.mutateAsync();
      toast({ title: 'Catalog sync started', description: message });
    } catch (error) {
      toastError(error, 'Failed to start the sync.');
    }
  }

  return (
    <TitledCard
      title="Catalog"
      description={settings?.catalogSyncedAt ? `${settings.productCount} products, synced ${formatDateTime(settings.catalogSyncedAt)}.` : 'Not synced yet.'}
      contentClassName="flex flex-col gap-4"
    >
      <div>
        <Button variant="outline" onClick={() => void startSync()} disabled={sync.isPending || !settings?.storeReady}>
          <RefreshCw className="h-4 w-4" aria-hidden /> {sync.isPending ? 'Starting…' : 'Sync catalog'}
        </Button>
        {!settings?.storeReady && <p className="mt-1 text-xs text-bark-700">Choose a store with working credentials to sync its catalog.</p>}
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="catalog-search">Search products</Label>
          <Input id="catalog-search" type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="catalog-seedable">Show</Label>
          <Select id="catalog-seedable" value={seedable} onChange={(e) => setSeedable(e.target.value as '' | 'true' | 'false')}>
            <option value="">All products</option>
            <option value="true">Seedable only</option>
            <option value="false">Not seedable</option>
          </Select>
        </div>
      </div>
      <ListState query={catalog} empty={products.length === 0 ? (q || seedable ? 'No products match.' : 'No products yet: sync the catalog from your store.') : null}>
        <ul className="flex flex-col divide-y divide-bark-100" aria-label="Products">
          {products.map((p) => (
            <li key={p.id} className="flex flex-col gap-1 py-3 text-sm" data-testid="catalog-row">
              <div className="flex flex-wrap items-center gap-2">
                <span className="min-w-0 font-medium break-words">{p.title}</span>
                <Badge tone={p.seedable ? 'green' : 'neutral'}>{p.seedable ? 'Seedable' : 'Not seedable'}</Badge>
              </div>
              <p className="text-bark-700">{priceText(p)} · {stockText(p)}</p>
              {(p.tags.length > 0 || p.collections.length > 0) && <p className="text-xs text-bark-700 break-words">{[...p.tags, ...p.collections].join(', ')}</p>}
              <details>
                <summary className="cursor-pointer text-forest-700">Variants and stock<span className="sr-only"> of {p.title}</span></summary>
                <ul className="mt-1 flex flex-col gap-0.5 pl-4">
                  {p.variants.map((v) => (
                    <li key={v.id} className="break-words">
                      {v.title}{v.sku && <span className="text-bark-700"> ({v.sku})</span>} · {formatMoney(v.priceMinor, p.currency)} · {v.inventory === null ? 'not tracked' : v.inStock ? `${v.inventory} in stock` : 'out of stock'}
                    </li>
                  ))}
                </ul>
              </details>
            </li>
          ))}
        </ul>
      </ListState>
    </TitledCard>
  );
}

/** Catalog & store: each connected store's admin credentials, the program's settings, and the synced catalog. */
export function StoreTab({ businessId }: { businessId: number }) {
  const settings = useGearSettings();
  const platforms = usePlatforms(businessId);
  const stores = (platforms.data ?? []).filter(isGearStore);
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="gear-stores-heading" className="flex flex-col gap-3">
        <h2 id="gear-stores-heading" className="text-lg font-semibold">Store access</h2>
        <ListState query={platforms} empty={stores.length === 0 ? <>No Shopify, WooCommerce or BigCommerce store connected yet. Add one under Codes → <Link to="/discount-codes" className="text-forest-700 underline">Integration Platforms</Link>.</> : null}>
          <div className="grid gap-4 lg:grid-cols-2">
            {stores.map((p) => <StoreCredentialsCard key={p.id} platform={p} ready={settings.data?.platformId === p.id ? settings.data.storeReady : null} />)}
          </div>
        </ListState>
      </section>
      {settings.isError ? <ListState query={settings} empty={null} /> : <SettingsForm settings={settings.data} stores={stores} />}
      <CatalogCard settings={settings.data} />
    </div>
  );
}
