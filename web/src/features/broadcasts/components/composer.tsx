import { useState, type FormEvent } from 'react';
import { broadcastFillsHeader, type TemplateCategory } from '@contract/broadcasts';
import { errorMessage } from '../../../lib/api-client';
import { FormField } from '../../../lib/form-field';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useToast } from '../../../lib/toast';
import { usePublicSettings } from '../../../resources/settings';
import { useApprovedTemplates } from '../../whatsapp';
import { useAudienceCount, useCreateBroadcast } from '../api/broadcasts-api';
import {
  EMPTY_DRAFT,
  audienceOf,
  headerInputOf,
  missing,
  paramsOf,
  sendAtOf,
  type ComposerDraft,
} from '../model/composer';
import { AudiencePanel } from './audience-panel';
import { MessagePanel, templateKey } from './message-panel';

const WHEN_OPTIONS: { value: ComposerDraft['when']; label: string }[] = [
  { value: 'now', label: 'Send now' },
  { value: 'later', label: 'At a time' },
];

/** Templates a broadcast may send: approved, marketing or utility. */
const SENDABLE: readonly TemplateCategory[] = ['MARKETING', 'UTILITY'];

/** A template's category when a broadcast may send it, else undefined. */
const sendableCategory = (category: string | undefined) => SENDABLE.find((c) => c === category);

/**
 * The composer: name, audience with its count and exclusions, template (with its header's file)
 * and preview, when.
 */
export function Composer({ onCreated }: { onCreated: (id: string) => void }) {
  const [draft, setDraft] = useState<ComposerDraft>(EMPTY_DRAFT);
  const change = (next: Partial<ComposerDraft>) => setDraft((was) => ({ ...was, ...next }));
  const templates = useApprovedTemplates().filter(
    (t) => sendableCategory(t.category) && broadcastFillsHeader(t),
  );
  const template = templates.find((t) => templateKey(t) === draft.template);
  const audience = audienceOf(draft);
  const request = useDebouncedValue(
    audience ? { audience, category: sendableCategory(template?.category) ?? 'MARKETING' } : null,
    400,
  );
  const count = useAudienceCount(request);
  const companyName = usePublicSettings().data?.companyName ?? '';
  const create = useCreateBroadcast();
  const toast = useToast();
  const blocker = missing(draft, template);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (blocker || !template || !audience) return;
    const header = headerInputOf(draft.header);
    try {
      const made = await create.mutateAsync({
        name: draft.name.trim(),
        template: { name: template.name, language: template.language },
        params: paramsOf(draft.params),
        ...(header && { header }),
        audience,
        sendAt: draft.when === 'later' ? sendAtOf(draft.sendAt) : null,
      });
      toast.show(`Broadcast "${made.name}" created`, 'success');
      setDraft(EMPTY_DRAFT);
      onCreated(made._id);
    } catch (error) {
      toast.show(errorMessage(error, 'Failed to create the broadcast'), 'danger');
    }
  }

  return (
    <form className="broadcast-composer" onSubmit={submit} noValidate aria-label="New broadcast">
      <FormField
        label="Name"
        hint="For your team: the report and the replies show it."
        value={draft.name}
        maxLength={120}
        onValueChange={(name) => change({ name })}
      />
      <AudiencePanel draft={draft} onChange={change} count={count} />
      <MessagePanel
        draft={draft}
        onChange={change}
        templates={templates}
        sample={count.data?.sample ?? []}
        companyName={companyName}
      />
      <section className="ui-panel broadcast-composer__section" aria-label="When">
        <h2 className="ui-panel__title">When</h2>
        <div className="broadcast-when" role="radiogroup" aria-label="When to send">
          {WHEN_OPTIONS.map((option) => (
            <label key={option.value} className="broadcast-when__option">
              <input
                className="ui-checkbox"
                type="radio"
                name="when"
                checked={draft.when === option.value}
                onChange={() => change({ when: option.value })}
              />
              {option.label}
            </label>
          ))}
          {draft.when === 'later' && (
            <FormField
              label="Date and time (company time)"
              type="datetime-local"
              value={draft.sendAt}
              onValueChange={(sendAt) => change({ sendAt })}
            />
          )}
        </div>
      </section>
      <div className="ui-actions ui-actions--end broadcast-composer__actions">
        {blocker && <p className="ui-muted">{blocker}</p>}
        <button type="submit" className="btn" disabled={Boolean(blocker) || create.isPending}>
          {create.isPending ? 'Creating…' : 'Create broadcast'}
        </button>
      </div>
    </form>
  );
}
