import { FormField } from '../../../lib/form-field';
import { useCatalog } from '../api/get-catalog';
import type { TemplateLink } from '../api/types';
import { linkKey, linkProblem, newLink, withParam } from '../model/template-link';
import './whatsapp.css';

/** Which body parameter ({{1}}, {{2}}, …) takes a value; '' is none. */
function ParamSelect({
  label,
  value,
  params,
  onChange,
}: {
  label: string;
  value: number | null;
  params: number[];
  onChange: (param: number | null) => void;
}) {
  return (
    <FormField
      as="select"
      label={label}
      value={value === null ? '' : String(value)}
      onValueChange={(v) => onChange(v === '' ? null : Number(v))}
    >
      <option value="">None</option>
      {params.map((n) => (
        <option key={n} value={n}>
          {`{{${n}}}`}
        </option>
      ))}
    </FormField>
  );
}

/**
 * An approved template from the catalog and which of its body parameters take the text and
 * the customer's name; null is none.
 */
export function TemplateLinkFields({
  label,
  value,
  onChange,
  noneLabel = 'None',
  hint,
}: {
  label: string;
  value: TemplateLink | null;
  onChange: (link: TemplateLink | null) => void;
  noneLabel?: string;
  hint?: string;
}) {
  const catalog = useCatalog();
  const approved = (catalog.data ?? []).filter((t) => t.status === 'APPROVED');
  const linked = value?.name ? value : null;
  const template = linked
    ? (catalog.data ?? []).find((t) => linkKey(t) === linkKey(linked))
    : undefined;
  // A saved link Meta no longer lists stays choosable, so opening the form does not drop it.
  const missing = linked && !approved.some((t) => linkKey(t) === linkKey(linked));
  const paramCount =
    template?.paramCount ?? Math.max(linked?.textParam ?? 0, linked?.nameParam ?? 0);
  const params = Array.from({ length: paramCount }, (_, i) => i + 1);
  const emptyHint = catalog.isPending
    ? 'Loading the approved templates…'
    : catalog.isError
      ? 'The approved templates could not be loaded.'
      : approved.length === 0
        ? 'No approved templates yet: sync them from Meta under Templates, WhatsApp.'
        : hint;

  function pick(key: string) {
    const chosen = approved.find((t) => linkKey(t) === key);
    onChange(chosen ? newLink(chosen) : null);
  }

  return (
    <div className="wa-link">
      <FormField
        as="select"
        label={label}
        value={linked ? linkKey(linked) : ''}
        onValueChange={pick}
        hint={emptyHint}
      >
        <option value="">{noneLabel}</option>
        {missing && linked && (
          <option value={linkKey(linked)}>
            {linked.name} ({linked.language || 'any language'}) – not among the approved templates
          </option>
        )}
        {approved.map((t) => (
          <option key={linkKey(t)} value={linkKey(t)}>
            {t.name} ({t.language}) – {t.paramCount} parameter{t.paramCount === 1 ? '' : 's'}
          </option>
        ))}
      </FormField>
      {linked && (
        <>
          {template && <p className="wa-preview__text wa-link__body">{template.body}</p>}
          {params.length > 0 && (
            <div className="wa-params">
              <ParamSelect
                label="Parameter for the text"
                value={linked.textParam}
                params={params}
                onChange={(n) => onChange(withParam(linked, 'textParam', n))}
              />
              <ParamSelect
                label="Parameter for the customer's name"
                value={linked.nameParam}
                params={params}
                onChange={(n) => onChange(withParam(linked, 'nameParam', n))}
              />
            </div>
          )}
          {linkProblem(linked, template) && (
            <p className="wa-preview__note" role="status">
              {linkProblem(linked, template)}
            </p>
          )}
        </>
      )}
    </div>
  );
}
