import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { FormField, fieldErrors } from '../../../lib/form-field';
import { useToast } from '../../../lib/toast';
import { TemplateLinkFields } from '../../whatsapp';
import type { TemplateLink } from '../../whatsapp';
import { useCreateTemplate } from '../api/create-template';
import { TEMPLATE_TYPES } from '../api/types';
import type { Template, TemplateInput, TemplateType } from '../api/types';
import { TYPE_LABEL } from './template-labels';

/** Title and content are both required (the message is Hindi-English). */
export const REQUIRED_MESSAGE = 'Title aur Content dono required hain.';

type Draft = {
  type: TemplateType;
  title: string;
  content: string;
  subject: string;
  approved: TemplateLink | null;
};

const toInput = (draft: Draft): TemplateInput => ({
  type: draft.type,
  title: draft.title.trim(),
  content: draft.content,
  ...(draft.type === 'email' ? { subject: draft.subject.trim() } : {}),
  ...(draft.type === 'whatsapp' ? { approved: draft.approved } : {}),
});

function TemplateFields({
  draft,
  onChange,
  errors,
  typeSelectable,
  autoFocus,
}: {
  draft: Draft;
  onChange: (draft: Draft) => void;
  errors: Record<string, string>;
  typeSelectable: boolean;
  autoFocus?: boolean;
}) {
  const typeId = useId();
  const contentId = useId();
  const contentErrorId = useId();
  return (
    <div className="templates-form__fields">
      {typeSelectable && (
        <div className="ui-field">
          <label className="ui-field__label" htmlFor={typeId}>
            Type
          </label>
          <select
            id={typeId}
            className="ui-input"
            value={draft.type}
            onChange={(event) => onChange({ ...draft, type: event.target.value as TemplateType })}
          >
            {TEMPLATE_TYPES.map((type) => (
              <option key={type} value={type}>
                {TYPE_LABEL[type]}
              </option>
            ))}
          </select>
        </div>
      )}
      <FormField
        label="Title"
        value={draft.title}
        onValueChange={(title) => onChange({ ...draft, title })}
        error={errors.title}
        maxLength={200}
        autoComplete="off"
        autoFocus={autoFocus}
      />
      {draft.type === 'email' && (
        <FormField
          label="Subject"
          value={draft.subject}
          onValueChange={(subject) => onChange({ ...draft, subject })}
          error={errors.subject}
          maxLength={300}
          autoComplete="off"
        />
      )}
      <div className="ui-field">
        <label className="ui-field__label" htmlFor={contentId}>
          Content
        </label>
        <textarea
          id={contentId}
          className="ui-input templates-form__content"
          rows={5}
          value={draft.content}
          aria-invalid={errors.content ? true : undefined}
          aria-describedby={errors.content ? contentErrorId : undefined}
          onChange={(event) => onChange({ ...draft, content: event.target.value })}
        />
        {errors.content && (
          <p id={contentErrorId} className="ui-field__error">
            {errors.content}
          </p>
        )}
      </div>
      {draft.type === 'whatsapp' && (
        <TemplateLinkFields
          label="Approved template"
          value={draft.approved}
          onChange={(approved) => onChange({ ...draft, approved })}
          noneLabel="None (the content goes as text inside the 24-hour window)"
          hint="Optional: the approved template this one sends, its parameters filled with the content and the customer's name."
        />
      )}
    </div>
  );
}

function missingRequired(draft: Draft): boolean {
  return draft.title.trim() === '' || draft.content.trim() === '';
}

/** The add form: the type is the active tab's. */
export function AddTemplateForm({ type }: { type: TemplateType }) {
  const empty: Draft = { type, title: '', content: '', subject: '', approved: null };
  const [draft, setDraft] = useState<Draft>(empty);
  const [problem, setProblem] = useState<string | null>(null);
  const create = useCreateTemplate();
  const toast = useToast();
  const headingId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (missingRequired(draft)) {
      setProblem(REQUIRED_MESSAGE);
      return;
    }
    setProblem(null);
    try {
      await create.mutateAsync(toInput(draft));
      setDraft(empty);
      create.reset();
      toast.show('Template added', 'success');
    } catch (error) {
      toast.show(errorMessage(error, 'Add failed'), 'danger');
    }
  }

  return (
    <form
      className="ui-panel templates-form"
      aria-labelledby={headingId}
      onSubmit={submit}
      noValidate
    >
      <h2 id={headingId} className="ui-panel__title">
        Add {TYPE_LABEL[type]} Template
      </h2>
      {problem && (
        <p className="ui-alert" role="alert">
          {problem}
        </p>
      )}
      <TemplateFields
        draft={draft}
        onChange={setDraft}
        errors={fieldErrors(create.error)}
        typeSelectable={false}
      />
      <div className="ui-actions ui-actions--end">
        <button type="submit" className="btn" disabled={create.isPending}>
          {create.isPending ? 'Adding…' : 'Add Template'}
        </button>
      </div>
    </form>
  );
}

/** The edit form: the type may change; Save or Cancel. */
export function EditTemplateForm({
  template,
  onSave,
  onCancel,
  saving,
  error,
}: {
  template: Template;
  onSave: (input: TemplateInput) => void;
  onCancel: () => void;
  saving: boolean;
  error: unknown;
}) {
  const [draft, setDraft] = useState<Draft>({
    type: template.type,
    title: template.title,
    content: template.content,
    subject: template.subject ?? '',
    approved: template.approved ?? null,
  });
  const [problem, setProblem] = useState<string | null>(null);
  const headingId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (missingRequired(draft)) {
      setProblem(REQUIRED_MESSAGE);
      return;
    }
    setProblem(null);
    onSave(toInput(draft));
  }

  return (
    <form
      className="ui-panel templates-form"
      aria-labelledby={headingId}
      onSubmit={submit}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onCancel();
      }}
      noValidate
    >
      <h2 id={headingId} className="ui-panel__title">
        Edit Template
      </h2>
      {problem && (
        <p className="ui-alert" role="alert">
          {problem}
        </p>
      )}
      <TemplateFields
        draft={draft}
        onChange={setDraft}
        errors={fieldErrors(error)}
        typeSelectable
        autoFocus
      />
      <div className="ui-actions ui-actions--end">
        <button type="button" className="btn btn--outline" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="btn" disabled={saving}>
          {saving ? 'Saving…' : 'Save'}
        </button>
      </div>
    </form>
  );
}
