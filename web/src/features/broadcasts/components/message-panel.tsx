import { useState } from 'react';
import { fillTemplate, mediaHeaderOf, type AudienceSample } from '@contract/broadcasts';
import { FormField } from '../../../lib/form-field';
import type { CatalogTemplate } from '../../whatsapp';
import { PARAM_SOURCES, paramsOf, type ComposerDraft, type ParamChoice } from '../model/composer';
import { HeaderField, HeaderFileShown } from './header-field';

export const templateKey = (t: Pick<CatalogTemplate, 'name' | 'language'>) =>
  `${t.name}:${t.language}`;

/**
 * The approved template, what fills each {{n}}, the file in its document or image header, and
 * the message as one customer reads it.
 */
export function MessagePanel({
  draft,
  onChange,
  templates,
  sample,
  companyName,
}: {
  draft: ComposerDraft;
  onChange: (change: Partial<ComposerDraft>) => void;
  templates: CatalogTemplate[];
  sample: AudienceSample[];
  companyName: string;
}) {
  const template = templates.find((t) => templateKey(t) === draft.template);
  const headerFormat = mediaHeaderOf(template?.headerFormat);
  const [previewIndex, setPreviewIndex] = useState(0);
  const recipient = sample[Math.min(previewIndex, sample.length - 1)];

  function chooseTemplate(key: string) {
    const chosen = templates.find((t) => templateKey(t) === key);
    const params: ParamChoice[] = Array.from({ length: chosen?.paramCount ?? 0 }, (_, i) =>
      i === 0 ? { source: 'firstName', text: '' } : { source: 'text', text: '' },
    );
    onChange({ template: key, params, header: null });
  }

  function setParam(index: number, change: Partial<ParamChoice>) {
    onChange({ params: draft.params.map((p, i) => (i === index ? { ...p, ...change } : p)) });
  }

  return (
    <section className="ui-panel broadcast-composer__section" aria-label="Message">
      <h2 className="ui-panel__title">Message</h2>
      <FormField
        as="select"
        label="Approved template"
        hint="Only templates Meta approved (marketing or utility) go outside the 24-hour window."
        value={draft.template}
        onValueChange={chooseTemplate}
      >
        <option value="">Choose a template</option>
        {templates.map((t) => (
          <option key={templateKey(t)} value={templateKey(t)}>
            {t.name} ({t.language}, {t.category.toLowerCase()})
          </option>
        ))}
      </FormField>
      {template && (
        <>
          <p className="broadcast-template-body">{template.body}</p>
          {headerFormat && (
            <HeaderField
              format={headerFormat}
              value={draft.header}
              onChange={(header) => onChange({ header })}
            />
          )}
          {draft.params.map((param, index) => (
            <div className="broadcast-param" key={index}>
              <FormField
                as="select"
                label={`Parameter {{${index + 1}}}`}
                value={param.source}
                onValueChange={(source) =>
                  setParam(index, { source: source as ParamChoice['source'] })
                }
              >
                {PARAM_SOURCES.map((s) => (
                  <option key={s.value} value={s.value}>
                    {s.label}
                  </option>
                ))}
              </FormField>
              {param.source === 'text' && (
                <FormField
                  label={`Text for {{${index + 1}}}`}
                  value={param.text}
                  maxLength={1024}
                  onValueChange={(text) => setParam(index, { text })}
                />
              )}
            </div>
          ))}
          <div className="broadcast-preview" aria-label="Preview">
            <div className="broadcast-preview__head">
              <h3>Preview</h3>
              {sample.length > 1 && (
                <FormField
                  as="select"
                  label="As received by"
                  value={String(Math.min(previewIndex, sample.length - 1))}
                  onValueChange={(value) => setPreviewIndex(Number(value))}
                >
                  {sample.map((s, i) => (
                    <option key={`${s.phone}-${i}`} value={i}>
                      {s.name || s.phone}
                    </option>
                  ))}
                </FormField>
              )}
            </div>
            {draft.header && <HeaderFileShown choice={draft.header} />}
            <p className="broadcast-preview__bubble">
              {fillTemplate(template.body, paramsOf(draft.params), {
                name: recipient?.name ?? '',
                ownerName: recipient?.ownerName ?? '',
                companyName,
              })}
            </p>
            {!recipient && <p className="ui-muted">No customer in the audience yet.</p>}
          </div>
        </>
      )}
    </section>
  );
}
