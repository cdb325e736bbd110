import { Download, Pencil, Plus, Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PRODUCT_UNITS, type Product } from '@contract/products';
import { api, apiPath, errorMessage } from '../../../lib/api-client';
import { Dialog } from '../../../lib/dialog';
import { downloadBlob } from '../../../lib/download';
import { formatINR } from '../../../lib/format';
import { FormField, fieldErrors } from '../../../lib/form-field';
import { GstRateField } from '../../../lib/gst-rate-field';
import { PageHeader } from '../../../lib/page-header';
import { QueryState } from '../../../lib/query-state';
import { useToast } from '../../../lib/toast';
import { queryKeys } from '../../../resources/query-keys';
import '../../../lib/ui.css';
import '../products.css';

const LOAD_FAILED = 'Failed to load products';

type Form = {
  name: string;
  description: string;
  hsn: string;
  unit: string;
  rate: string;
  gstRate: string;
  active: boolean;
};

const blank: Form = {
  name: '',
  description: '',
  hsn: '',
  unit: 'Nos',
  rate: '',
  gstRate: '18',
  active: true,
};

const formOf = (p: Product): Form => ({
  name: p.name,
  description: p.description,
  hsn: p.hsn,
  unit: p.unit,
  rate: String(p.rate),
  gstRate: String(p.gstRate),
  active: p.active,
});

/** /products: the catalogue quotes pick from (admin), searched by name and HSN. */
export function ProductsPage() {
  const products = useQuery({
    queryKey: queryKeys.products.list(),
    queryFn: ({ signal }) => api.get('/products', { fallbackMessage: LOAD_FAILED, signal }),
  });
  const [q, setQ] = useState('');
  const [editing, setEditing] = useState<Product | 'new' | null>(null);
  const client = useQueryClient();
  const toast = useToast();
  const fileRef = useRef<HTMLInputElement>(null);
  const upload = useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return api.post('/products/import.csv', body, {
        fallbackMessage: 'Import failed',
      });
    },
    onSuccess: (result) => {
      void client.invalidateQueries({ queryKey: queryKeys.products.all });
      const skipped = result.errors.length
        ? `; skipped line ${result.errors.map((e) => e.line).join(', ')}`
        : '';
      toast.show(
        `Imported: ${result.created} added, ${result.updated} updated${skipped}`,
        'success',
      );
    },
    onError: (error) => toast.show(errorMessage(error, 'Import failed'), 'danger'),
  });
  const exportCsv = useMutation({
    mutationFn: async () =>
      downloadBlob(
        await api.blob('/products/export.csv', { fallbackMessage: 'Export failed' }),
        'products.csv',
      ),
    onError: (error) => toast.show(errorMessage(error, 'Export failed'), 'danger'),
  });
  const words = q.toLowerCase().split(/\s+/).filter(Boolean);

  return (
    <div className="products-page">
      <PageHeader title="Products" subtitle="The catalogue quotes pick from.">
        <button type="button" className="btn" onClick={() => setEditing('new')}>
          <Plus aria-hidden="true" size={16} /> Add product
        </button>
        <button type="button" className="btn btn--outline" onClick={() => fileRef.current?.click()}>
          <Upload aria-hidden="true" size={16} /> Import CSV
        </button>
        <button type="button" className="btn btn--outline" onClick={() => exportCsv.mutate()}>
          <Download aria-hidden="true" size={16} /> Export CSV
        </button>
        <input
          ref={fileRef}
          type="file"
          accept=".csv,text/csv"
          hidden
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) upload.mutate(file);
            event.target.value = '';
          }}
        />
      </PageHeader>
      <FormField label="Search by name or HSN" type="search" value={q} onValueChange={setQ} />
      <QueryState query={products} errorFallback={LOAD_FAILED}>
        {(all) => {
          const shown = all.filter((p) =>
            words.every((w) => `${p.name} ${p.hsn}`.toLowerCase().includes(w)),
          );
          if (shown.length === 0)
            return (
              <div className="ui-empty">
                <p className="ui-empty__title">
                  {all.length ? 'No product matches' : 'No products yet'}
                </p>
                <p className="ui-empty__text">Add one, or import a CSV.</p>
              </div>
            );
          return (
            <ul className="ui-cards products-list">
              {shown.map((p) => (
                <li key={p._id} className="ui-card">
                  <div className="ui-card__head">
                    <span className="ui-card__title">{p.name}</span>
                    {!p.active && <span className="ui-badge ui-badge--gray">Inactive</span>}
                    <button
                      type="button"
                      className="btn btn--outline"
                      aria-label={`Edit ${p.name}`}
                      onClick={() => setEditing(p)}
                    >
                      <Pencil aria-hidden="true" size={16} />
                    </button>
                  </div>
                  <p className="ui-muted">
                    {p.hsn ? `HSN ${p.hsn} · ` : ''}
                    {formatINR(p.rate)} / {p.unit} · GST {p.gstRate}%
                  </p>
                </li>
              ))}
            </ul>
          );
        }}
      </QueryState>
      {editing && (
        <ProductDialog
          product={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}

function ProductDialog({ product, onClose }: { product: Product | null; onClose: () => void }) {
  const [form, setForm] = useState<Form>(() => (product ? formOf(product) : blank));
  const client = useQueryClient();
  const toast = useToast();
  const save = useMutation({
    mutationFn: () => {
      const body = { ...form, rate: Number(form.rate), gstRate: Number(form.gstRate) };
      return product
        ? api.put(apiPath('/products/:id', { id: product._id }), body, {
            fallbackMessage: 'Not saved',
          })
        : api.post('/products', body, { fallbackMessage: 'Not saved' });
    },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.products.all });
      toast.show('Product saved', 'success');
      onClose();
    },
  });
  const errors = fieldErrors(save.error);
  const set = (patch: Partial<Form>) => setForm((f) => ({ ...f, ...patch }));
  return (
    <Dialog open onClose={onClose} title={product ? 'Edit product' : 'Add product'}>
      <form
        className="products-form"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate();
        }}
      >
        <FormField
          label="Name"
          value={form.name}
          onValueChange={(name) => set({ name })}
          error={errors.name}
          autoFocus
        />
        <FormField
          label="Description"
          value={form.description}
          onValueChange={(description) => set({ description })}
          error={errors.description}
        />
        <FormField
          label="HSN/SAC"
          inputMode="numeric"
          value={form.hsn}
          onValueChange={(hsn) => set({ hsn })}
          error={errors.hsn}
        />
        <FormField
          label="Unit"
          list="product-units"
          value={form.unit}
          onValueChange={(unit) => set({ unit })}
          error={errors.unit}
        />
        <datalist id="product-units">
          {PRODUCT_UNITS.map((u) => (
            <option key={u} value={u} />
          ))}
        </datalist>
        <FormField
          label="Rate (₹)"
          inputMode="decimal"
          value={form.rate}
          onValueChange={(rate) => set({ rate })}
          error={errors.rate}
        />
        <GstRateField
          value={form.gstRate}
          onValueChange={(gstRate) => set({ gstRate })}
          error={errors.gstRate}
        />
        <label className="ui-checkbox">
          <input
            type="checkbox"
            checked={form.active}
            onChange={(e) => set({ active: e.target.checked })}
          />{' '}
          Active
        </label>
        {save.isError && Object.keys(errors).length === 0 && (
          <p className="ui-alert" role="alert">
            {errorMessage(save.error, 'Not saved')}
          </p>
        )}
        <div className="ui-actions ui-actions--end">
          <button type="button" className="btn btn--outline" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
