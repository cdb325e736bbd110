import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { readStoredJson } from '../../../lib/storage';
import { renderApp } from '../../../test/render-app';
import { jsonResponse, mockApi } from '../../../test/mock-api';
import { captureDownloads, customer, page } from '../test/mock-api';

configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 20_000 });

const ADMIN = { token: 't', role: 'admin' };

const raj = customer({
  _id: 'raj',
  names: ['Raj Kumar'],
  phones: ['+919876543210'],
  emails: ['raj@example.in'],
  categories: ['PHE'],
  potential: 'WARM',
  note: 'Met at expo',
});
const dairy = customer({
  _id: 'dairy',
  names: ['Kumar Dairy'],
  phones: ['+919812345678', '+919876543210'],
  emails: ['accounts@kumar.in'],
  categories: ['SS TANK', 'PHE'],
  potential: 'HOT',
  note: 'Wants a quote',
});

async function openMerge(routes: Parameters<typeof mockApi>[0]) {
  const api = mockApi({ 'GET /customers': () => page([raj, dairy]), ...routes });
  const view = renderApp('/customers', ADMIN);
  await view.user.click(await screen.findByRole('checkbox', { name: 'Select Raj Kumar' }));
  await view.user.click(screen.getByRole('checkbox', { name: 'Select Kumar Dairy' }));
  await view.user.click(screen.getByRole('button', { name: 'Merge' }));
  return { api, ...view, dialog: screen.getByRole('dialog', { name: 'Merge Customers' }) };
}

describe('Merge Customers', () => {
  it('previews the merged result for the chosen primary and merges', async () => {
    const { api, user, dialog } = await openMerge({
      'POST /customers/merge': () => ({ customer: dairy, deleted: true }),
    });
    const preview = within(within(dialog).getByRole('region', { name: 'Merged result' }));
    expect(within(dialog).getByRole('radio', { name: /Raj Kumar/ })).toBeChecked();
    expect(preview.getByText('Raj Kumar, Kumar Dairy')).toBeInTheDocument();
    expect(preview.getByText('+919876543210, +919812345678')).toBeInTheDocument();
    expect(preview.getByText('raj@example.in, accounts@kumar.in')).toBeInTheDocument();
    expect(preview.getByText('PHE, SS TANK')).toBeInTheDocument();
    expect(preview.getByText('HOT')).toBeInTheDocument();
    expect(preview.getByText(/Met at expo\s+Wants a quote/)).toBeInTheDocument();
    expect(preview.getByText('Kumar Dairy will be removed.')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('radio', { name: /Kumar Dairy/ }));
    expect(preview.getByText('Kumar Dairy, Raj Kumar')).toBeInTheDocument();
    expect(preview.getByText('Raj Kumar will be removed.')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Merge' }));
    expect(await screen.findByText('Customers merged')).toBeInTheDocument();
    expect(api.find('POST', '/customers/merge')[0].body).toEqual({
      primaryId: 'dairy',
      mergeIds: ['raj'],
    });
    expect(api.find('DELETE', '/customers/raj')).toHaveLength(0);
    expect(screen.queryByText('2 selected')).not.toBeInTheDocument();
  });

  it('deletes the merged customers itself when the server did not', async () => {
    const { api, user, dialog } = await openMerge({
      'POST /customers/merge': () => ({ customer: raj, deleted: false }),
      'DELETE /customers/:id': () => jsonResponse(204),
    });
    await user.click(within(dialog).getByRole('button', { name: 'Merge' }));
    expect(await screen.findByText('Customers merged')).toBeInTheDocument();
    expect(api.find('DELETE', '/customers/dairy')).toHaveLength(1);
  });

  it('falls back to PUT of the primary with the merged fields, then DELETE of the others', async () => {
    const { api, user, dialog } = await openMerge({
      'POST /customers/merge': () => jsonResponse(500),
      'PUT /customers/:id': ({ body }) => ({ ...raj, ...(body as object) }),
      'DELETE /customers/:id': () => jsonResponse(204),
    });
    await user.click(within(dialog).getByRole('button', { name: 'Merge' }));
    expect(await screen.findByText('Customers merged')).toBeInTheDocument();
    const put = api.find('PUT', '/customers/raj')[0];
    expect(put.query.get('force')).toBe('true');
    expect(put.body).toEqual({
      names: ['Raj Kumar', 'Kumar Dairy'],
      phones: ['+919876543210', '+919812345678'],
      emails: ['raj@example.in', 'accounts@kumar.in'],
      categories: ['PHE', 'SS TANK'],
      potential: 'HOT',
      note: 'Met at expo\nWants a quote',
    });
    expect(api.find('DELETE', '/customers/dairy')).toHaveLength(1);
  });

  it("says 'Merge failed' when the fallback fails too", async () => {
    const { user, dialog } = await openMerge({
      'POST /customers/merge': () => jsonResponse(500),
      'PUT /customers/:id': () => jsonResponse(500),
    });
    await user.click(within(dialog).getByRole('button', { name: 'Merge' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Merge failed');
  });
});

/**
 * A stand-in XMLHttpRequest: reports upload progress, then answers with `reply`; with `hold`, only
 * once the test calls `release()`.
 */
function stubUpload(reply: { status: number; body: unknown }, { hold = false } = {}) {
  const sent: { url: string; headers: Record<string, string>; form: FormData }[] = [];
  let release = () => {};
  const held = hold ? new Promise<void>((done) => (release = done)) : Promise.resolve();
  class FakeXhr {
    upload: { onprogress?: (e: Partial<ProgressEvent>) => void; onload?: () => void } = {};
    onload?: () => void;
    onerror?: () => void;
    onabort?: () => void;
    status = 0;
    responseText = '';
    withCredentials = false;
    private url = '';
    private headers: Record<string, string> = {};
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    send(form: FormData) {
      sent.push({ url: this.url, headers: this.headers, form });
      setTimeout(() => this.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 }));
      // The answer waits for the test (when it holds it) so the progress can be seen first.
      void held.then(() =>
        setTimeout(() => {
          this.upload.onload?.();
          this.status = reply.status;
          this.responseText = JSON.stringify(reply.body);
          this.onload?.();
        }, 30),
      );
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return Object.assign(sent, { release: () => release() });
}

describe('Import CSV', () => {
  const csv = 'names,phones\r\nAnita,9988776655\r\n,\r\nBad Row,abc\r\n';
  const file = () => new File([csv], 'customers.csv', { type: 'text/csv' });

  async function openImport() {
    const api = mockApi({ 'GET /customers': () => page([raj]) });
    const view = renderApp('/customers', ADMIN);
    await screen.findByRole('checkbox', { name: 'Select Raj Kumar' });
    await view.user.click(screen.getByRole('button', { name: 'More' }));
    await view.user.click(screen.getByRole('menuitem', { name: 'Import CSV' }));
    return { api, ...view, dialog: within(screen.getByRole('dialog', { name: 'Import CSV' })) };
  }

  it('uploads with progress, says how many failed, lists errors and merges, and downloads the error rows', async () => {
    const downloads = captureDownloads();
    const sent = stubUpload(
      {
        status: 200,
        body: {
          created: 1,
          updated: 2,
          skipped: 3,
          errors: [
            { line: 3, message: 'No name, phone or email' },
            { line: 4, message: 'Invalid phone "abc"' },
          ],
          merges: [{ line: 5, into: 'Kiran Joshi', added: { names: ['Kiran Joshi (dup)'] } }],
        },
      },
      { hold: true },
    );
    saveToken();
    const { api, user, dialog } = await openImport();
    const input = dialog.getByLabelText('CSV file');
    expect(input).toHaveAttribute('accept', '.csv,text/csv');
    await user.upload(input, file());
    const listCallsBefore = api.find('GET', '/customers').length;
    await user.click(dialog.getByRole('button', { name: 'Import' }));

    expect(await dialog.findByRole('progressbar')).toBeInTheDocument();
    sent.release();
    // Not 'Import successful' when rows failed; the report stays open below.
    expect(await screen.findByText('Imported 6 of 8; 2 failed')).toBeInTheDocument();
    expect(screen.queryByText('Import successful')).not.toBeInTheDocument();
    expect(sent[0].url).toBe('/api/customers/import.csv');
    expect(sent[0].headers.Authorization).toBe('Bearer t');
    expect((sent[0].form.get('file') as File).name).toBe('customers.csv');

    const report = within(dialog.getByRole('region', { name: 'Import report' }));
    expect(report.getByText('Created').nextSibling).toHaveTextContent('1');
    expect(report.getByText('Updated').nextSibling).toHaveTextContent('2');
    expect(report.getByText('Skipped').nextSibling).toHaveTextContent('3');
    const rows = report.getAllByRole('row');
    expect(rows[1]).toHaveTextContent('3No name, phone or email');
    expect(rows[2]).toHaveTextContent('4Invalid phone "abc"');
    // A row that joined an existing customer is listed with what it added.
    const merged = within(
      report.getByRole('table', { name: /Rows that matched a customer/ }),
    ).getAllByRole('row');
    expect(merged[1]).toHaveTextContent('5Kiran Joshiname Kiran Joshi (dup)');
    // The list reloads after an import.
    await waitFor(() =>
      expect(api.find('GET', '/customers').length).toBeGreaterThan(listCallsBefore),
    );

    await user.click(report.getByRole('button', { name: 'Download error rows (CSV)' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0].name).toMatch(/^customers_import_errors_\d{4}-\d{2}-\d{2}\.csv$/);
    expect(await downloads[0].blob.text()).toBe(
      'line,message,row\r\n3,"No name, phone or email",","\r\n4,"Invalid phone ""abc""","Bad Row,abc"\r\n',
    );
  });

  it("shows the server's message or 'Import failed'", async () => {
    stubUpload({ status: 413, body: { message: 'File too large (max 5 MB).' } });
    const { user, dialog } = await openImport();
    await user.upload(dialog.getByLabelText('CSV file'), file());
    await user.click(dialog.getByRole('button', { name: 'Import' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('File too large (max 5 MB).');

    stubUpload({ status: 500, body: {} });
    await user.click(dialog.getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(dialog.getByRole('alert')).toHaveTextContent('Import failed'));
  });

  it('refuses files that are not .csv', async () => {
    const sent = stubUpload({ status: 200, body: {} });
    const { user, dialog } = await openImport();
    // A file picker can still hand over other files ('All files').
    fireEvent.change(dialog.getByLabelText('CSV file'), {
      target: { files: [new File(['x'], 'list.xlsx')] },
    });
    await user.click(dialog.getByRole('button', { name: 'Import' }));
    expect(dialog.getByRole('alert')).toHaveTextContent('Only .csv files can be imported.');
    expect(sent).toHaveLength(0);
  });
});

function saveToken() {
  localStorage.setItem('token', 't');
}

describe('option managers', () => {
  it('adds, renames and removes local options; empty values are ignored', async () => {
    mockApi({ 'GET /customers': () => page([]) });
    const { user } = renderApp('/customers', ADMIN);
    await screen.findByText('No customers');
    await user.click(screen.getByRole('button', { name: 'More' }));
    await user.click(screen.getByRole('menuitem', { name: 'Manage options' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Manage options' }));

    // Categories start from the defaults.
    expect(dialog.getByText('PASTEURIZER')).toBeInTheDocument();
    await user.type(dialog.getByRole('textbox', { name: 'New category' }), '  Boilers  ');
    await user.click(dialog.getByRole('button', { name: 'Add' }));
    expect(readStoredJson<string[]>('customerTags', [])).toContain('Boilers');

    await user.click(dialog.getByRole('button', { name: 'Rename Boilers' }));
    const rename = dialog.getByRole('textbox', { name: 'New name for Boilers' });
    await user.clear(rename);
    await user.type(rename, '   {Enter}');
    expect(dialog.getByText('Boilers')).toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Rename Boilers' }));
    await user.clear(dialog.getByRole('textbox', { name: 'New name for Boilers' }));
    await user.type(dialog.getByRole('textbox', { name: 'New name for Boilers' }), 'Steam{Enter}');
    expect(readStoredJson<string[]>('customerTags', [])).toContain('Steam');
    expect(readStoredJson<string[]>('customerTags', [])).not.toContain('Boilers');

    await user.click(dialog.getByRole('button', { name: 'Remove Steam' }));
    expect(readStoredJson<string[]>('customerTags', [])).not.toContain('Steam');

    // The filter offers the stored list.
    await user.click(dialog.getByRole('tab', { name: 'Tags' }));
    expect(dialog.getByText('No options')).toBeInTheDocument();
    await user.type(dialog.getByRole('textbox', { name: 'New tag' }), 'repeat buyer');
    await user.click(dialog.getByRole('button', { name: 'Add' }));
    expect(readStoredJson('tagOptions', [])).toEqual(['repeat buyer']);

    await user.click(dialog.getByRole('tab', { name: 'Potential' }));
    await user.click(dialog.getByRole('button', { name: 'Remove N/A' }));
    await user.keyboard('{Escape}');
    const filters = within(screen.getByRole('region', { name: 'Search and filters' }));
    await user.click(filters.getByRole('button', { name: /^Filters/ }));
    const potential = filters.getByRole('combobox', { name: 'Potential' });
    expect(within(potential).queryByRole('option', { name: 'N/A' })).not.toBeInTheDocument();
    expect(within(potential).getByRole('option', { name: 'VIP' })).toBeInTheDocument();
  });
});
