import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useConfirm } from '../../../lib/confirm-dialog';
import { PageHeader } from '../../../lib/page-header';
import { Tabs } from '../../../lib/tabs';
import { useToast } from '../../../lib/toast';
import { useDeleteTemplate } from '../api/delete-template';
import { useTemplates } from '../../../resources/templates';
import { TEMPLATE_TYPES } from '../api/types';
import type { Template, TemplateInput, TemplateType } from '../api/types';
import { useUpdateTemplate } from '../api/update-template';
import { AddTemplateForm, EditTemplateForm } from './template-form';
import { TYPE_LABEL } from './template-labels';
import { TemplatesList } from './templates-list';
import { CatalogPanel } from '../../whatsapp';
import './templates.css';

/** Templates (spec §2): Text, WhatsApp and Email tabs; add, edit and delete. */
export function TemplatesPage() {
  const templates = useTemplates();
  const update = useUpdateTemplate();
  const remove = useDeleteTemplate();
  const toast = useToast();
  const { confirm, dialog } = useConfirm();
  const [tab, setTab] = useState<TemplateType>('text');
  const [editing, setEditing] = useState<Template | null>(null);

  const all = templates.data ?? [];
  const rows = all.filter((template) => template.type === tab);
  const tabs = TEMPLATE_TYPES.map((type) => ({
    id: type,
    label: `${TYPE_LABEL[type]} (${all.filter((t) => t.type === type).length})`,
  }));

  function selectTab(type: TemplateType) {
    setTab(type);
    setEditing(null); // switching tab cancels editing (spec §4)
    update.reset();
  }

  function startEdit(template: Template) {
    update.reset();
    setEditing(template);
  }

  async function save(input: TemplateInput) {
    if (!editing) return;
    try {
      const saved = await update.mutateAsync({ id: editing._id, ...input });
      setEditing(null);
      setTab(saved.type ?? input.type); // the tab follows the template's type
      toast.show('Template updated', 'success');
    } catch (error) {
      toast.show(errorMessage(error, 'Update failed'), 'danger');
    }
  }

  async function askDelete(template: Template) {
    if (!(await confirm('Delete this template?', { confirmLabel: 'Delete', tone: 'danger' }))) {
      return;
    }
    try {
      await remove.mutateAsync(template._id);
      if (editing?._id === template._id) setEditing(null);
      toast.show('Template deleted', 'success');
    } catch (error) {
      toast.show(errorMessage(error, 'Delete failed'), 'danger');
    }
  }

  return (
    <>
      <PageHeader title="Templates" />
      <aside className="ui-alert ui-alert--info templates-help" aria-label="About templates">
        <p>
          <strong>Text</strong> templates are boilerplate for the Add Entry message box.{' '}
          <strong>WhatsApp</strong> and <strong>Email</strong> templates appear in the entry channel
          dropdown. A WhatsApp template linked to an approved template from Meta sends that
          template, which also reaches customers who have not written in the last 24 hours.
        </p>
      </aside>
      <Tabs label="Template types" items={tabs} selected={tab} onSelect={selectTab}>
        {editing ? (
          <EditTemplateForm
            key={editing._id}
            template={editing}
            onSave={save}
            onCancel={() => setEditing(null)}
            saving={update.isPending}
            error={update.error}
          />
        ) : (
          <AddTemplateForm key={tab} type={tab} />
        )}
        {tab === 'whatsapp' && <CatalogPanel />}
        {templates.isPending ? (
          <p className="ui-muted" role="status">
            Loading…
          </p>
        ) : templates.isError ? (
          <p className="ui-error-text" role="alert">
            {errorMessage(templates.error, 'Failed to load templates')}
          </p>
        ) : rows.length === 0 ? (
          <p className="ui-empty">No {tab} templates</p>
        ) : (
          <TemplatesList
            templates={rows}
            onEdit={startEdit}
            onDelete={askDelete}
            deletingId={remove.isPending ? remove.variables : undefined}
          />
        )}
      </Tabs>
      {dialog}
    </>
  );
}
